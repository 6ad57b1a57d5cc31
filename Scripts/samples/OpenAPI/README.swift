// Integrations/FriendlyErrorsOpenAPI/README.md's samples use these names without defining them: they
// stand for the reader's own app. Stubs only — never the integration's API.
import Foundation
import OpenAPIRuntime

/// Stands for the reader's type conforming to the generated `APIProtocol`, with the
/// `registerHandlers(on:serverURL:configuration:middlewares:)` the generator writes for it.
struct ShopService {
    func registerHandlers(
        on transport: any ServerTransport, serverURL: URL = .defaultOpenAPIServerURL,
        configuration: Configuration = .init(), middlewares: [any ServerMiddleware] = []
    ) throws {}
}

extension Bundle {
    /// Stands for the `Bundle.module` SwiftPM generates for a target with resources.
    static var module: Bundle { .main }
}
