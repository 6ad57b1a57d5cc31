// Integrations/FriendlyErrorsHummingbird/README.md's samples use these names without defining them:
// they stand for the reader's own app. Stubs only — never the integration's API.
import Foundation
import FriendlyErrorsHummingbird
import Hummingbird

/// The app's pipeline, set up once.
let pipeline = AlertPipeline()
/// The app's router, built by top-level code on the main actor (a `Router` is not `Sendable`).
@MainActor let router = Router()

extension Bundle {
    /// Stands for the `Bundle.module` SwiftPM generates for a target with resources.
    static var module: Bundle { .main }
}
