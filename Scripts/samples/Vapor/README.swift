// Integrations/FriendlyErrorsVapor/README.md's samples use these names without defining them: they
// stand for the reader's own app. Stubs only — never the integration's API.
import Foundation
import FriendlyErrors
import Vapor

/// The app's pipeline, set up once.
let pipeline = AlertPipeline()
/// The app that `configure(_:)` receives (made with `Application.make`, which is async: a stub here).
@MainActor var app: Application { fatalError("stands for the reader's app") }

extension Bundle {
    /// Stands for the `Bundle.module` SwiftPM generates for a target with resources.
    static var module: Bundle { .main }
}
