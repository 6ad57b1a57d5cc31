import Foundation
import Testing

@testable import FriendlyErrors

/// The one seam for response bodies: the app's own writers are negotiated like the library's.
@Suite struct ErrorBodyWriterTests {
    struct OutOfStock: FriendlyError {
        var code: String { "shop.outOfStock" }
        var message: LocalizableText { "That item is sold out." }
        var category: ErrorCategory { .conflict }
    }

    /// A page from the app's own template, replacing the built-in page.
    struct TemplatePage: ErrorBodyWriter {
        var contentType: String { "text/html; charset=utf-8" }

        func responseBody(for alert: Alert, to request: ErrorRequest) -> [UInt8] {
            Array("<h1>\(alert.title)</h1><p>\(alert.message)</p><a href=\"\(request.target ?? "/")\">Again</a>".utf8)
        }

        func responseHeaders(for alert: Alert, to request: ErrorRequest) -> [ResponseHeader] {
            [ResponseHeader(name: "Content-Security-Policy", value: "default-src 'self'")]
        }
    }

    /// Markdown for a chat bot.
    struct Markdown: ErrorBodyWriter {
        var contentType: String { "text/markdown; charset=utf-8" }
        func responseBody(for alert: Alert, to request: ErrorRequest) -> [UInt8] { Array("**\(alert.title)**".utf8) }
    }

    let writers: [any ErrorBodyWriter] = [JSONPresenter(), TemplatePage(), PlainTextBodyWriter(), Markdown()]

    @Test func anAppsOwnWriterAnswersTextHTMLWithTheSameStatusAndHeaders() {
        let browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
        let request = ErrorRequest(acceptLanguage: "en", accept: browser, target: "/cart")
        let page = AlertPipeline().response(for: OutOfStock(), to: request, writers: writers)
        let problem = AlertPipeline().response(
            for: OutOfStock(), to: ErrorRequest(acceptLanguage: "en"), writers: writers)
        #expect(page.status == 409 && problem.status == 409)
        #expect(page.value(forHeader: "Content-Type") == "text/html; charset=utf-8")
        #expect(page.bodyText.hasPrefix("<h1>") && page.bodyText.contains(#"href="/cart""#))
        #expect(page.value(forHeader: "Content-Security-Policy") == "default-src 'self'")
        #expect(page.value(forHeader: "Vary") == "Accept, Accept-Language")
        #expect(page.value(forHeader: "Content-Language") == "en")
        #expect(problem.value(forHeader: "Content-Type") == "application/problem+json")
    }

    @Test func anAppsOwnMediaTypeIsChosenByItsTypeAndItsRange() {
        let pipeline = AlertPipeline()
        func type(_ accept: String) -> String? {
            pipeline.response(for: OutOfStock(), to: ErrorRequest(accept: accept), writers: writers)
                .value(forHeader: "Content-Type")
        }
        #expect(type("text/markdown") == "text/markdown; charset=utf-8")
        #expect(type("text/markdown;q=0.5, text/plain") == "text/plain; charset=utf-8")
        // Equal quality and specificity: the earlier writer.
        #expect(type("text/*") == "text/html; charset=utf-8")
        #expect(type("image/png") == "application/problem+json")
    }

    @Test func noWritersAnswersWithTheStandardThreeByAccept() {
        func type(_ accept: String) -> String? {
            AlertPipeline().response(for: OutOfStock(), to: ErrorRequest(accept: accept), writers: [])
                .value(forHeader: "Content-Type")
        }
        #expect(type("text/html") == "text/html; charset=utf-8")
        #expect(type("text/plain") == "text/plain; charset=utf-8")
        #expect(type("*/*") == "application/problem+json")
        #expect(type("image/png") == "application/problem+json")
    }
}
