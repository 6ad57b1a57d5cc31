// Foundation only because this package turns on MemberImportVisibility: a FriendlyError's
// LocalizedError/RecoverableError witnesses live in a Foundation protocol extension.
import Foundation
import FriendlyErrorsHummingbird
import Testing

/// `import FriendlyErrorsHummingbird` gives the core's API: no `import FriendlyErrors` here.
@Suite struct ReExportTests {
    struct Closed: FriendlyError {
        var code: String { "shop.closed" }
        var title: LocalizableText { "Closed" }
        var message: LocalizableText { "The shop is closed." }
        var category: ErrorCategory { .unavailable }
    }

    @Test func theCoresAPIComesWithTheIntegration() {
        let response = AlertPipeline().response(for: Closed(), to: ErrorRequest(acceptLanguage: "en"))
        #expect(response.status == 503)
        #expect(response.event.logMetadata { $0 }["error.type"] == "shop.closed")
    }
}
