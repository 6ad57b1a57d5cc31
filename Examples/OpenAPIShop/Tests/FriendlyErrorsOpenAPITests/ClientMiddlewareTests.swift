import Foundation
import FriendlyErrorsOpenAPI
import HTTPTypes
import OpenAPIRuntime
import Testing

/// The client half: `FriendlyErrorsClientMiddleware` asks for the user's language and throws the
/// server's problem for an error response, with a fake transport (no server).
@Suite struct ClientMiddlewareTests {
    /// A transport that answers every request with one response, and remembers the requests.
    final class FakeTransport: ClientTransport, @unchecked Sendable {
        let status: HTTPResponse.Status
        let fields: HTTPFields
        let body: HTTPBody?
        private let lock = NSLock()
        private var _requests: [HTTPRequest] = []
        var requests: [HTTPRequest] { lock.withLock { _requests } }

        init(status: HTTPResponse.Status, fields: HTTPFields = [:], body: HTTPBody?) {
            self.status = status
            self.fields = fields
            self.body = body
        }

        func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (
            HTTPResponse, HTTPBody?
        ) {
            lock.withLock { _requests.append(request) }
            return (HTTPResponse(status: status, headerFields: fields), self.body)
        }
    }

    /// Sends a GET to `/orders/7` through the middleware and `transport`, as generated code would.
    static func send(
        through transport: FakeTransport, middleware: FriendlyErrorsClientMiddleware
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/orders/7")
        let baseURL = URL(string: "https://shop.example.com/api")!
        return try await middleware.intercept(request, body: nil, baseURL: baseURL, operationID: "getOrder") {
            try await transport.send($0, body: $1, baseURL: $2, operationID: "getOrder")
        }
    }

    static let japaneseProblem = #"""
        {"type":"https://errors.example.com/account.insufficientFunds","title":"残高が不足しています",
        "status":402,"detail":"あと42クレジット必要です。","code":"account.insufficientFunds","language":"ja",
        "actions":[{"id":"topUp","title":"チャージする","href":"/account/top-up"}],"referenceId":"REF-7"}
        """#

    @Test func aJapaneseProblemBodyIsThrownWithItsTextsAsSent() async throws {
        let transport = FakeTransport(
            status: .init(code: 402), fields: [.contentType: "application/problem+json", .contentLanguage: "ja"],
            body: HTTPBody(Self.japaneseProblem))
        let middleware = FriendlyErrorsClientMiddleware(language: LanguagePreference(["ja-JP"]))
        let error = await #expect(throws: RemoteProblem.self) {
            _ = try await Self.send(through: transport, middleware: middleware)
        }
        let problem = try #require(error)
        #expect(problem.status == 402)
        #expect(problem.code == "account.insufficientFunds")
        #expect(AlertPipeline().alert(for: problem, in: "en").language == "ja")
        #expect(problem.title == "残高が不足しています")
        #expect(problem.referenceID == "REF-7")
        let alert = AlertPipeline().alert(for: problem)
        #expect(alert.message == "あと42クレジット必要です。")
        #expect(alert.actions.filter { $0.perform != nil }.map(\.id) == ["topUp"])
        #expect(alert.actions.first { $0.perform != nil }?.href == "https://shop.example.com/account/top-up")

        let sent = try #require(transport.requests.first)
        #expect(sent.headerFields[.acceptLanguage] == LanguagePreference(["ja-JP"]).acceptLanguageValue)
        #expect(sent.headerFields[.accept] == "application/problem+json, application/json;q=0.9")
    }

    @Test func theRuntimesClientErrorIsLookedThroughToTheServersAlert() async throws {
        let problem = RemoteProblem(
            status: 402, headers: [("Content-Type", "application/problem+json")],
            body: Array(Self.japaneseProblem.utf8))
        let wrapped = ClientError(
            operationID: "getOrder", operationInput: "", request: nil, requestBody: nil, baseURL: nil, response: nil,
            responseBody: nil, causeDescription: "Middleware of type FriendlyErrorsClientMiddleware threw an error.",
            underlyingError: problem)
        #expect(RemoteProblem(unwrapping: wrapped)?.code == "account.insufficientFunds")
        #expect(RemoteProblem(unwrapping: CancellationError()) == nil)

        let alert = AlertPipeline().unwrappingOpenAPIClientErrors().alert(for: wrapped, in: "en")
        #expect(alert.code == "account.insufficientFunds")
        #expect(alert.language == "ja")
        #expect(alert.title == "残高が不足しています")
        #expect(alert.actions.map(\.label).contains("チャージする"))
    }

    @Test func aProxysHTMLPageGivesTheStatussGenericAlertNeverItsText() async throws {
        let page = "<html><body><h1>502 Bad Gateway</h1><p>nginx/1.25 upstream 10.0.0.7</p></body></html>"
        let transport = FakeTransport(status: .badGateway, fields: [.contentType: "text/html"], body: HTTPBody(page))
        let error = await #expect(throws: RemoteProblem.self) {
            _ = try await Self.send(through: transport, middleware: FriendlyErrorsClientMiddleware())
        }
        let problem = try #require(error)
        #expect(problem.status == 502)
        #expect(problem.code == "http.502")
        #expect(problem.title == nil)  // not problem details: none of the body's text shown
        let alert = AlertPipeline().alert(for: problem, in: "en")
        #expect(!"\(alert.title) \(alert.message) \(alert.suggestion ?? "")".contains("nginx"))
    }

    @Test func aHugeBodyIsReadOnlyUpToTheCap() async throws {
        /// A body that never ends, counting what was read.
        final class Endless: AsyncSequence, @unchecked Sendable {
            typealias Element = ArraySlice<UInt8>
            let lock = NSLock()
            var delivered = 0
            struct AsyncIterator: AsyncIteratorProtocol {
                let source: Endless
                mutating func next() async throws -> ArraySlice<UInt8>? {
                    source.lock.withLock { source.delivered += 4096 }
                    return ArraySlice(repeating: UInt8(ascii: " "), count: 4096)
                }
            }
            func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: self) }
        }
        let endless = Endless()
        let transport = FakeTransport(
            status: .internalServerError, fields: [.contentType: "application/problem+json"],
            body: HTTPBody(endless, length: .unknown, iterationBehavior: .single))
        let error = await #expect(throws: RemoteProblem.self) {
            _ = try await Self.send(through: transport, middleware: FriendlyErrorsClientMiddleware())
        }
        #expect(error?.code == "http.500")
        #expect(endless.lock.withLock { endless.delivered } <= FriendlyErrorsClientMiddleware.maximumBodyBytes + 4096)
    }

    @Test func aSuccessAndAPassedThroughStatusReachTheGeneratedCode() async throws {
        let ok = FakeTransport(status: .ok, fields: [.contentType: "application/json"], body: HTTPBody("{}"))
        let (response, _) = try await Self.send(through: ok, middleware: FriendlyErrorsClientMiddleware())
        #expect(response.status == .ok)

        let conflict = FakeTransport(status: .conflict, body: nil)
        let (passed, _) = try await Self.send(
            through: conflict, middleware: FriendlyErrorsClientMiddleware(passedThrough: [409]))
        #expect(passed.status == .conflict)
    }

    @Test(arguments: [
        // The generated code's Accept for an operation of one media type: problem+json added as acceptable.
        ("text/plain", "text/plain, application/problem+json"),
        ("application/octet-stream", "application/octet-stream, application/problem+json"),
        // With the quality of the best entry, so that the server's error negotiation does not prefer the text.
        ("text/plain;q=0.5, text/csv;q=0.25", "text/plain;q=0.5, text/csv;q=0.25, application/problem+json;q=0.5"),
        ("*/*", "*/*, application/problem+json"),
        // Named already, at whatever quality: the app's choice, kept.
        ("application/json, application/problem+json;q=0.1", "application/json, application/problem+json;q=0.1"),
        ("TEXT/PLAIN, Application/Problem+JSON", "TEXT/PLAIN, Application/Problem+JSON"),
        // Nothing acceptable: left as it is.
        ("text/plain;q=0", "text/plain;q=0"),
    ])
    func anOperationsOwnAcceptGetsProblemJSONAsAcceptableToo(accept: String, sent: String) async throws {
        let transport = FakeTransport(status: .ok, body: nil)
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/", headerFields: [.accept: accept])
        _ = try await FriendlyErrorsClientMiddleware().intercept(
            request, body: nil, baseURL: URL(string: "https://shop.example.com")!, operationID: "x"
        ) { try await transport.send($0, body: $1, baseURL: $2, operationID: "x") }
        #expect(transport.requests.first?.headerFields[.accept] == sent)
    }

    @Test func aRequestsOwnAcceptLanguageIsKept() async throws {
        let transport = FakeTransport(status: .ok, body: nil)
        let request = HTTPRequest(
            method: .get, scheme: nil, authority: nil, path: "/", headerFields: [.acceptLanguage: "fr"])
        _ = try await FriendlyErrorsClientMiddleware(language: LanguagePreference(["ja"])).intercept(
            request, body: nil, baseURL: URL(string: "https://shop.example.com")!, operationID: "x"
        ) { try await transport.send($0, body: $1, baseURL: $2, operationID: "x") }
        #expect(transport.requests.first?.headerFields[.acceptLanguage] == "fr")
    }
}
