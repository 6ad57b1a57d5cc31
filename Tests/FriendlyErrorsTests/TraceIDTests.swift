import Foundation
import FriendlyErrors
import Testing

/// The request's trace ID reaches the user beside the reference ID, in every body a server writes; and
/// the retry delay is a value, not only a header's text.
@Suite struct TraceIDTests {
    static let traceID = "4bf92f3577b34da6a3ce929d0e0e4736"

    @Test func problemJSONCarriesTheTraceIDAfterTheReferenceID() throws {
        let response = AlertPipeline().response(
            for: LeakyError(), to: ErrorRequest(acceptLanguage: "en", traceID: Self.traceID))
        let referenceID = try #require(response.alert.referenceID)
        #expect(response.bodyText.contains(#""referenceId":"\#(referenceID)","traceId":"\#(Self.traceID)""#))
    }

    @Test(.enabled(if: PythonJSON.isAvailable, PythonJSON.missingMessage))
    func problemJSONWithATraceIDIsValidAgainstTheSchema() throws {
        for error in [InsufficientFunds(missingCredits: 2) as any Error, LeakyError()] {
            let body = serverPipeline.response(for: error, to: ErrorRequest(traceID: Self.traceID)).body
            let result = try PythonJSON.parse(document: body)
            #expect(result.schemaErrors.isEmpty, "\(result.schemaErrors)")
            #expect((result.value as? [String: Any])?["traceId"] as? String == Self.traceID)
        }
    }

    @Test func aRequestWithoutATraceHasNoTraceIDMember() {
        let first = serverPipeline.response(for: InsufficientFunds(missingCredits: 2), to: ErrorRequest())
        let second = serverPipeline.response(for: InsufficientFunds(missingCredits: 2), to: ErrorRequest())
        #expect(!first.bodyText.contains("traceId"))
        #expect(!second.bodyText.contains("traceId"), "the cached template has none either")
    }

    @Test func eachTracedResponseHasItsOwnTraceIDAndInstance() {
        let error = InsufficientFunds(missingCredits: 2)
        let first = serverPipeline.response(for: error, to: ErrorRequest(traceID: "trace-1")).bodyText
        let second = serverPipeline.response(for: error, to: ErrorRequest(traceID: "trace-2")).bodyText
        let untraced = serverPipeline.response(for: error, to: ErrorRequest()).bodyText
        #expect(first.contains(#""traceId":"trace-1""#) && second.contains(#""traceId":"trace-2""#))
        #expect(!untraced.contains("traceId"), "a traced body never becomes the template")
        #expect(first != second)
    }

    @Test(arguments: [
        "", "a\"b", "trace\r\nSet-Cookie: a=b", "<script>", String(repeating: "a", count: 65), "é", "a b", "\u{0}",
    ])
    func aTraceIDThatIsNotAnIdentifierIsWrittenNowhere(traceID: String) {
        for accept in ["application/json", "text/html", "text/plain"] {
            let response = AlertPipeline().response(
                for: LeakyError(), to: ErrorRequest(acceptLanguage: "en", accept: accept, traceID: traceID))
            #expect(!response.bodyText.contains("traceId"))
            #expect(!response.bodyText.contains("Trace ID"))
            #expect(!response.bodyText.contains("trace:"))
        }
    }

    @Test func thePageShowsTheTraceIDBesideTheReferenceIDInTheClientsLanguage() throws {
        let english = AlertPipeline().response(
            for: LeakyError(), to: ErrorRequest(acceptLanguage: "en", accept: "text/html", traceID: Self.traceID))
        let referenceID = try #require(english.alert.referenceID)
        let page = english.bodyText
        let reference = try #require(page.range(of: referenceID))
        let trace = try #require(page.range(of: "<span>Trace ID</span> <code dir=\"ltr\">\(Self.traceID)</code>"))
        #expect(reference.upperBound < trace.lowerBound)

        let japanese = AlertPipeline().response(
            for: LeakyError(), to: ErrorRequest(acceptLanguage: "ja", accept: "text/html", traceID: Self.traceID))
        #expect(japanese.bodyText.contains("<span>トレースID</span> <code dir=\"ltr\">\(Self.traceID)</code>"))
    }

    @Test func plainTextHasTheTraceIDOnALineOfItsOwn() {
        let response = AlertPipeline().response(
            for: LeakyError(), to: ErrorRequest(acceptLanguage: "en", accept: "text/plain", traceID: Self.traceID))
        #expect(response.bodyText.split(separator: "\n").contains { $0.hasSuffix("trace: \(Self.traceID)") })
    }

    @Test func theRetryDelayIsAValueWhetherSecondsOrADate() {
        struct RateLimited: FriendlyError {
            var header: ResponseHeader
            var code: String { "api.rateLimited" }
            var category: ErrorCategory { .rateLimited }
            var title: LocalizableText { "Slow down" }
            var message: LocalizableText { "Too many requests." }
            var responseHeaders: [ResponseHeader] { [header] }
        }
        let seconds = AlertPipeline().response(for: RateLimited(header: .retryAfter(seconds: 30)), to: ErrorRequest())
        #expect(seconds.retryAfterSeconds == 30)
        #expect(seconds.alert.retryAfterSeconds == 30)
        let date = AlertPipeline().response(
            for: RateLimited(header: .retryAfter(Date().addingTimeInterval(120))), to: ErrorRequest())
        #expect((118...121).contains(date.retryAfterSeconds ?? -1))
        let past = AlertPipeline().response(
            for: RateLimited(header: .retryAfter(Date().addingTimeInterval(-60))), to: ErrorRequest())
        #expect(past.retryAfterSeconds == 0)
        #expect(AlertPipeline().response(for: LeakyError(), to: ErrorRequest()).retryAfterSeconds == nil)
    }
}
