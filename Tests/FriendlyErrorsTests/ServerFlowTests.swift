#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import Testing

@testable import FriendlyErrors

/// The core's one server flow: what every framework integration hands a request's facts to.
@Suite struct ServerFlowTests {
    struct OrderTooLarge: FriendlyError {
        var code: String { "order.tooLarge" }
        var message: LocalizableText { "An order holds at most 10 items." }
        var category: ErrorCategory { .invalidInput }
    }

    struct Secret: Error { var password = "hunter2" }

    @Test func aHeadRequestGetsTheHeadersAndStatusAlone() {
        let get = AlertPipeline().response(for: OrderTooLarge(), to: ServerRequest(method: "GET"))
        let head = AlertPipeline().response(for: OrderTooLarge(), to: ServerRequest(method: "HEAD"))
        #expect(head.status == get.status)
        #expect(head.headers == get.headers)
        #expect(head.body.isEmpty)
        #expect(!get.body.isEmpty)
    }

    @Test func theEventCarriesWhatTheLogNeedsAndNothingOfTheErrorsText() throws {
        let response = AlertPipeline().response(
            for: Secret(), to: ServerRequest(metadata: ["request.id": "r-7"]))
        let event = response.event
        #expect(event.logLevel == .error)
        #expect(event.logMessage == "Request failed: unexpected")
        let referenceID = try #require(response.alert.referenceID)
        #expect(
            event.logMetadata { $0 } == [
                "error.code": "unexpected", "error.category": "unknown", "error.reference_id": referenceID,
                "http.response.status_code": "500",
            ])
        #expect(event.metadata == ["request.id": "r-7"])
        #expect(event.context.audience == .serverClient)
        #expect(!response.bodyText.contains("hunter2"))
        #expect(response.bodyText.contains(referenceID))
    }

    @Test func observersSeeEachResponseOnceWithTheSameReferenceID() {
        let seen = Box<[String]>([])
        let pipeline = AlertPipeline().observing { event in
            seen.mutate { $0.append(event.referenceID ?? "-") }
        }
        let response = pipeline.response(for: Secret(), to: ServerRequest())
        #expect(seen.value == [response.alert.referenceID ?? "?"])
    }

    @Test func theFrameworksStatusAndHeadersWin() {
        let response = AlertPipeline().response(
            for: Secret(),
            to: ServerRequest(frameworkStatus: 405, frameworkHeaders: [.allow(["GET", "HEAD"])]))
        #expect(response.status == 405)
        #expect(response.value(forHeader: "Allow") == "GET, HEAD")
        #expect(response.alert.code == "http.405")
        #expect(response.event.logMetadata { $0 }["http.response.status_code"] == "405")
    }

    @Test func acceptChoosesTheBodysFormatAndAcceptLanguageItsLanguage() {
        let response = AlertPipeline().response(
            for: CocoaError(.fileNoSuchFile), to: ServerRequest(acceptLanguage: "ja", accept: "text/plain"))
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
        #expect(signal(SIGPIPE, SIG_DFL) == nil)   // still the default: nothing changed it
    }

    @Test func theBodyCacheKeepsNoRecoveryClosure() async {
        final class Canary: Sendable {}
        weak var weakCanary: Canary?
        do {
            let canary = Canary()
            weakCanary = canary
            let recovery = Recovery(id: "retry", label: "Try again") { _ = canary; return .retry }
            let classification = Classification(code: "canary", category: .unavailable, recoveries: [recovery])
            let alert = AlertPipeline().alert(localizing: classification, in: .base)
            _ = ErrorResponse(alert: alert, contentLanguage: alert.language)
        }
        #expect(weakCanary == nil)
    }
}
