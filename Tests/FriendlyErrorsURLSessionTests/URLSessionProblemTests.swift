import Foundation
import FriendlyErrorsURLSession
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `URLSession.friendlyData(for:)` against canned responses served by a `URLProtocol`: the request
/// goes through the session as any other, the response comes back from the stub.
@Suite struct URLSessionProblemTests {
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubProtocol.self]
        return URLSession(configuration: configuration)
    }()

    @Test func aSuccessIsReturnedAndAsksInTheUsersLanguage() async throws {
        let (data, response) = try await Self.session.friendlyData(
            for: URLRequest(url: URL(string: "https://stub.test/echo-language")!),
            language: LanguagePreference(["ja-JP", "en"]))
        #expect(response.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == "ja-JP, ja;q=0.9, en;q=0.8")
    }

    @Test func anErrorStatusThrowsTheServersProblem() async throws {
        let request = URLRequest(url: URL(string: "https://stub.test/orders/7")!)
        let error = await #expect(throws: RemoteProblem.self) {
            _ = try await Self.session.friendlyData(for: request, language: "ja")
        }
        let problem = try #require(error)
        #expect(problem.status == 403)
        #expect(problem.code == "payment.declined")
        #expect(problem.language == "ja")
        #expect(problem.recoveries.map(\.href) == ["https://stub.test/wallet/top-up"])
        let alert = AlertPipeline().alert(for: problem, in: "en")
        #expect(alert.title == "支払いが拒否されました")
        #expect(alert.actions.map(\.label) == ["キャンセル", "チャージ"])
    }

    @Test func aProxysPageIsThrownAsTheStatussGenericProblem() async throws {
        let error = await #expect(throws: RemoteProblem.self) {
            _ = try await Self.session.friendlyData(for: URLRequest(url: URL(string: "https://stub.test/proxy")!))
        }
        let problem = try #require(error)
        #expect(problem.status == 502)
        #expect(problem.code == "http.502")
        #expect(!problem.showsServerTexts)
    }

    @Test func aRequestIsTriedAgainAfterTheWaitTheServerAskedFor() async throws {
        let (data, _) = try await Self.session.friendlyData(
            for: URLRequest(url: URL(string: "https://stub.test/unavailable-once/\(UUID())")!), maximumAttempts: 2)
        #expect(String(decoding: data, as: UTF8.self) == "ok")
    }

    @Test func aRequestThatCannotBeRepeatedIsNotTriedAgain() async throws {
        var request = URLRequest(url: URL(string: "https://stub.test/unavailable-once/\(UUID())")!)
        request.httpMethod = "POST"
        let error = await #expect(throws: RemoteProblem.self) {
            _ = try await Self.session.friendlyData(for: request, maximumAttempts: 2)
        }
        #expect(error?.status == 503)
    }
}

/// Answers `https://stub.test/…` requests with canned responses.
final class StubProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { request.url?.host == "stub.test" }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
    override func stopLoading() {}

    /// Paths of `unavailable-once/…` already answered with a 503.
    private static let answered = Answered()

    final class Answered: @unchecked Sendable {
        // @unchecked: every access holds the lock.
        private let lock = NSLock()
        private var paths: Set<String> = []
        func firstTime(_ path: String) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            return paths.insert(path).inserted
        }
    }

    override func startLoading() {
        let url = request.url!
        let (status, headers, body) = Self.response(for: request)
        let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data(body.utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    private static func response(for request: URLRequest) -> (Int, [String: String], String) {
        let path = request.url?.path ?? ""
        switch path {
        case "/echo-language":
            return (200, ["Content-Type": "text/plain"], request.value(forHTTPHeaderField: "Accept-Language") ?? "-")
        case "/orders/7":
            return (
                403, ["Content-Type": "application/problem+json", "Content-Language": "ja"],
                #"{"type":"about:blank","title":"支払いが拒否されました","status":403,"detail":"カードが拒否されました。","code":"payment.declined","category":"permissionDenied","severity":"error","actions":[{"id":"cancel","title":"キャンセル","role":"cancel"},{"id":"topUp","title":"チャージ","role":"default","href":"/wallet/top-up"}],"language":"ja"}"#
            )
        case "/proxy":
            return (502, ["Content-Type": "text/html"], "<html><body><h1>502 Bad Gateway</h1></body></html>")
        case let path where path.hasPrefix("/unavailable-once/"):
            guard answered.firstTime(path) else { return (200, ["Content-Type": "text/plain"], "ok") }
            return (503, ["Retry-After": "0"], "")
        default:
            return (404, [:], "")
        }
    }
}
