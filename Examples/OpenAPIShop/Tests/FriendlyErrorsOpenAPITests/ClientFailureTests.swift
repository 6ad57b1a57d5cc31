import Foundation
import FriendlyErrorsOpenAPI
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The generated client, `FriendlyErrorsClientMiddleware` and `URLSessionTransport` over real sockets:
/// a refused connection is the catalog's "Couldn't connect" (issue 44), and an operation documented as
/// `text/plain` or `application/octet-stream` alone still gets the server's problem (issue 47).
@Suite struct ClientFailureTests {
    /// A loopback port nobody listens on: bound by the system, then closed.
    static func closedPort() throws -> Int {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw LiveShopDidNotStart() }
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else { throw LiveShopDidNotStart() }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// The pipeline a client tool presents with.
    static let pipeline = AlertPipeline().unwrappingOpenAPIClientErrors()

    /// Texts a user must never see: the transport's and the runtime wrapper's.
    static let wrapperTexts = ["NSURLErrorDomain", "Client encountered", "Transport threw", "URLSessionTransport"]

    static func text(of alert: Alert) -> String {
        ([alert.title, alert.message, alert.reason ?? "", alert.suggestion ?? ""] + alert.actions.map(\.label))
            .joined(separator: "\n")
    }

    @Test func aRefusedConnectionThroughTheGeneratedClientSaysCouldntConnectAndExits69() async throws {
        let client = Client(
            serverURL: URL(string: "http://127.0.0.1:\(try Self.closedPort())")!, transport: URLSessionTransport(),
            middlewares: [FriendlyErrorsClientMiddleware()])
        let error = await #expect(throws: ClientError.self) { _ = try await client.listItems() }
        let thrown = try #require(error)
        for (language, title, message) in [
            ("en", "Couldn’t connect", "The server refused the connection."),
            ("ja", "接続できませんでした", "サーバーに接続を拒否されました。"),
        ] {
            let alert = Self.pipeline.alert(for: thrown, in: LanguagePreference([language]))
            #expect(alert.code == "network.connectionRefused", "\(language)")
            #expect(alert.title == title)
            #expect(alert.message == message)
            #expect(alert.category.exitStatus == 69)
            #expect(alert.referenceID == nil)
            let text = Self.text(of: alert)
            #expect(!Self.wrapperTexts.contains { text.contains($0) }, "\(text)")
        }
    }

    @Test func aWrapperAroundAnErrorNobodyKnowsShowsTheGenericAlertNeverItsOwnText() async throws {
        /// An app's middleware that gives up, with an error of no description the pipeline knows.
        struct SigningKeyMissing: Error {}
        struct Signing: ClientMiddleware {
            func intercept(
                _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
                next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
            ) async throws -> (HTTPResponse, HTTPBody?) { throw SigningKeyMissing() }
        }
        let client = Client(
            serverURL: URL(string: "http://127.0.0.1:\(try Self.closedPort())")!, transport: URLSessionTransport(),
            middlewares: [FriendlyErrorsClientMiddleware(), Signing()])
        let error = await #expect(throws: ClientError.self) { _ = try await client.listItems() }
        let thrown = try #require(error)
        // ClientError is a LocalizedError whose description is the runtime's: "Client encountered an error
        // invoking the operation…". A command-line pipeline reads foreign LocalizedErrors, but not a wrapper.
        let alert = Self.pipeline.alert(for: thrown, in: "en")
        #expect(alert.code == "unexpected")
        #expect(alert.referenceID != nil)
        #expect(!Self.text(of: alert).contains("Client encountered"))
        #expect(!Self.text(of: alert).contains("SigningKeyMissing"))
    }

    /// Remembers the `Accept` of each request it passes on.
    final class AcceptRecorder: ClientMiddleware, @unchecked Sendable {
        // @unchecked: `accepts` is read and written under `lock` only.
        private let lock = NSLock()
        private var accepts: [String?] = []
        var recorded: [String?] { lock.withLock { accepts } }

        func intercept(
            _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
            next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
        ) async throws -> (HTTPResponse, HTTPBody?) {
            lock.withLock { accepts.append(request.headerFields[.accept]) }
            return try await next(request, body, baseURL)
        }
    }

    @Test(arguments: [
        // An operation documented as text/plain alone: 402, the server's "Payment declined".
        (
            "latest-receipt", "ja", "text/plain", 402, "payment.declined", "お支払いが拒否されました",
            "カードが拒否されました。代金は引き落とされていません。"
        ),
        (
            "latest-receipt", "en", "text/plain", 402, "payment.declined", "Payment declined",
            "Your card was declined. No money was taken."
        ),
        // An operation documented as application/octet-stream alone: 503, the server's maintenance alert.
        (
            "export-orders", "ja", "application/octet-stream", 503, "export.maintenance",
            "メンテナンスのためエクスポートを停止中です", "注文のエクスポートは数分後に再開します。"
        ),
        (
            "export-orders", "en", "application/octet-stream", 503, "export.maintenance",
            "Exports paused for maintenance", "Order exports are back in a few minutes."
        ),
    ])
    func anOperationOfAnotherMediaTypeGetsTheServersProblemNotTheStatussGenericAlert(
        operation: String, language: String, operationAccept: String, status: Int, code: String, title: String,
        message: String
    ) async throws {
        try await withLiveShop { shop in
            let generated = AcceptRecorder()
            let sent = AcceptRecorder()
            let client = shop.client(middlewares: [
                generated, FriendlyErrorsClientMiddleware(language: LanguagePreference([language])), sent,
            ])
            let error = await #expect(throws: ClientError.self) {
                switch operation {
                case "latest-receipt": _ = try await client.getLatestReceipt()
                default: _ = try await client.exportOrders()
                }
            }
            // What the generated code asks for, and what the middleware sends.
            #expect(generated.recorded == [operationAccept])
            #expect(sent.recorded == ["\(operationAccept), application/problem+json"])
            let thrown = try #require(error)
            let problem = try #require(RemoteProblem(unwrapping: thrown))
            #expect(problem.status == status)
            #expect(problem.code == code)
            #expect(problem.title != nil)  // the server's texts, in a known language: shown
            let alert = Self.pipeline.alert(for: thrown, in: LanguagePreference([language]))
            #expect(alert.code == code)
            #expect(alert.language == language)
            #expect(alert.title == title)
            #expect(alert.message == message)
            // The client's output, for the log.
            print("\(operation) [\(language)]: \(alert.title) — \(alert.message) (exit \(alert.category.exitStatus))")
        }
    }
}
