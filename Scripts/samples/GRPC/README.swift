// Integrations/FriendlyErrorsGRPC/README.md's samples use these names without defining them:
// they stand for the reader's own app. Stubs only — never the integration's API.
import Foundation
import FriendlyErrorsGRPC
import GRPCCore

/// The app's pipeline, set up once.
let pipeline = AlertPipeline()

/// The app's service.
struct ShopService: RegistrableRPCService {
    func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {}
}

/// A call of the app's client that fails.
func placeOrder() async throws {
    throw RPCError(code: .notFound, message: "")
}

extension Bundle {
    /// Stands for the `Bundle.module` SwiftPM generates for a target with resources.
    static var module: Bundle { .main }
}

/// Stands for the client protoc-gen-grpc-swift generates from the app's `.proto`.
struct ShopServiceClient<Transport: ClientTransport>: Sendable {
    let client: GRPCClient<Transport>
    init(wrapping client: GRPCClient<Transport>) { self.client = client }
    func placeOrder(item: String) async throws -> String { item }
}
