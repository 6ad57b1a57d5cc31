import Foundation
import FriendlyErrorsAdapters
import Testing

@testable import FriendlyErrors

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The core's one server flow: what every framework integration hands a request's facts to.
@Suite struct ServerFlowTests {
    struct OrderTooLarge: FriendlyError {
        var code: String { "order.tooLarge" }
        var message: LocalizableText { "An order holds at most 10 items." }
        var category: ErrorCategory { .invalidInput }
    }

    struct Secret: Error { var password = "hunter2" }

    @Test func aHeadRequestGetsTheStatusAndHeadersWithTheContentLengthOfTheGetsBody() {
        for accept in [nil, "text/html", "text/plain"] {
            let get = AlertPipeline().response(for: OrderTooLarge(), to: ErrorRequest(method: "GET", accept: accept))
            let head = AlertPipeline().response(for: OrderTooLarge(), to: ErrorRequest(method: "HEAD", accept: accept))
            #expect(head.status == get.status)
            // RFC 9110, section 8.6: the length the GET's body has, not 0.
            let length = ResponseHeader(name: "Content-Length", value: String(get.body.count))
            #expect(head.headers == get.headers + [length])
            #expect(head.body.isEmpty)
            #expect(!get.body.isEmpty)
        }
    }

    @Test func anAcceptHeaderCutAtTheReadLimitIsNotReadAsAShorterDifferentOne() {
        // Cut after `text/plain`, the last entry would read as `text/plain` at quality 1.
        let start = "application/json;q=0.5,"
        let padded =
            start + String(repeating: " ", count: BodyNegotiation.maximumHeaderLength - start.utf8.count - 10)
            + "text/plain;q=0.1"
        #expect(Array(padded.utf8)[..<BodyNegotiation.maximumHeaderLength].suffix(10) == Array("text/plain".utf8)[...])
        let cut = AlertPipeline().response(for: OrderTooLarge(), to: ErrorRequest(accept: padded))
        let whole = AlertPipeline().response(for: OrderTooLarge(), to: ErrorRequest(accept: start + "text/plain;q=0.1"))
        #expect(whole.value(forHeader: "Content-Type") == "application/problem+json")
        #expect(cut.value(forHeader: "Content-Type") == "application/problem+json")
        // Cut exactly at a comma, the entries before it are all read.
        let atComma =
            "text/plain" + String(repeating: " ", count: BodyNegotiation.maximumHeaderLength - 10) + ",text/html"
        #expect(BodyNegotiation.choice(for: atComma, among: StandardBodyWriters.all) == 2)
    }

    @Test func theEventCarriesWhatTheLogNeedsAndNothingOfTheErrorsText() throws {
        let response = AlertPipeline().response(
            for: Secret(), to: ErrorRequest(metadata: ["request.id": "r-7"]))
        let event = response.event
        #expect(event.logLevel == .error)
        #expect(event.logMessage == "Request failed: unexpected")
        let referenceID = try #require(response.alert.referenceID)
        #expect(
            event.logMetadata { $0 } == [
                "error.type": "unexpected", "error.category": "unknown", "error.reference_id": referenceID,
                "http.response.status_code": "500",
            ])
        #expect(event.context.metadata == ["request.id": "r-7"])
        #expect(event.context.audience == .serverClient)
        #expect(!response.bodyText.contains("hunter2"))
        #expect(response.bodyText.contains(referenceID))
    }

    @Test func observersSeeEachResponseOnceWithTheSameReferenceID() {
        let seen = Box<[String]>([])
        let pipeline = AlertPipeline().observing { event in
            seen.mutate { $0.append(event.classification.referenceID ?? "-") }
        }
        let response = pipeline.response(for: Secret(), to: ErrorRequest())
        #expect(seen.value == [response.alert.referenceID ?? "?"])
    }

    @Test func theFrameworksStatusAndHeadersWin() {
        let response = AlertPipeline().response(
            for: Secret(),
            to: ErrorRequest(frameworkStatus: 405, frameworkHeaders: [.allow(["GET", "HEAD"])]))
        #expect(response.status == 405)
        #expect(response.value(forHeader: "Allow") == "GET, HEAD")
        #expect(response.alert.code == "http.405")
        #expect(response.event.logMetadata { $0 }["http.response.status_code"] == "405")
    }

    @Test func acceptChoosesTheBodysFormatAndAcceptLanguageItsLanguage() {
        let response = AlertPipeline().response(
            for: CocoaError(.fileNoSuchFile), to: ErrorRequest(acceptLanguage: "ja", accept: "text/plain"))
        #expect(response.value(forHeader: "Content-Type") == "text/plain; charset=utf-8")
        #expect(response.value(forHeader: "Content-Language") == "ja")
    }

    /// The library's own write into a closed pipe fails quietly, and leaves SIGPIPE as the host set it.
    @Test func writingIntoAClosedPipeLeavesSIGPIPEAsTheHostSetIt() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        let previous = signal(SIGPIPE, SIG_DFL)
        defer {
            signal(SIGPIPE, previous)
            close(ends[1])
        }
        // With the default disposition, an unshielded write would end this process with 141.
        TextOutput.fileDescriptor(ends[1]).write("nobody reads this\n")
        #expect(signal(SIGPIPE, SIG_DFL) == nil)  // still the default: nothing changed it
    }

    @Test func theBodyCacheKeepsNoRecoveryClosure() async {
        final class Canary: Sendable {}
        weak var weakCanary: Canary?
        do {
            let canary = Canary()
            weakCanary = canary
            let recovery = Recovery(id: "retry", label: "Try again") {
                _ = canary; return .retry
            }
            let classification = Classification(code: "canary", category: .unavailable, recoveries: [recovery])
            let alert = AlertPipeline().alert(localizing: classification, in: .base)
            _ = ErrorResponse(alert: alert, contentLanguage: alert.language, writer: JSONPresenter())
        }
        #expect(weakCanary == nil)
    }
}
