import FriendlyErrorsHummingbird
import Testing

/// `import FriendlyErrorsHummingbird` alone gives the core's API: this file imports nothing else.
@Suite struct ReExportTests {
    struct Closed: FriendlyError {
        var code: String { "shop.closed" }
        var title: LocalizableText { "Closed" }
        var message: LocalizableText { "The shop is closed." }
        var category: ErrorCategory { .unavailable }
    }

    @Test func theCoresAPIComesWithTheIntegration() {
        let response = AlertPipeline().response(for: Closed(), to: ServerRequest(acceptLanguage: "en"))
        #expect(response.status == 503)
        #expect(response.event.logMetadata["error.code"] == "shop.closed")
    }
}
