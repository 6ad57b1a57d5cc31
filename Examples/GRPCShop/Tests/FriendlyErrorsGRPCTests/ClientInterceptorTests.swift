import ExampleService
import Foundation
import FriendlyErrorsGRPC
import GRPCCore
import GRPCNIOTransportHTTP2
import GRPCProtobuf
import SwiftProtobuf
import Synchronization
import Testing

/// The client half: `FriendlyErrorsClientInterceptor` asks for the user's language and turns the
/// server's `google.rpc.Status` back into the server's alert (`RemoteProblem`).
@Suite struct ClientInterceptorTests {
    /// Calls `PlaceOrder` (or `ListItems`) with `scenario` on a fresh shop server, through a client
    /// with the client interceptor asking for `language`; returns the error the call threw.
    static func callThroughInterceptor(
        _ scenario: String, streaming: Bool = false, language: LanguagePreference = LanguagePreference(["ja-JP"]),
        service: any RegistrableRPCService = ShopService()
    ) async throws -> RPCError {
        let server = GRPCServer(
            transport: .http2NIOPosix(address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext),
            services: [service],
            interceptors: [
                FriendlyErrorsInterceptor(
                    domain: "shop.example.com", pipeline: AlertPipeline().addingCatalog(shopCatalog),
                    options: FriendlyErrorsServerOptions(logging: .off))
            ])
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.serve() }
            defer { server.beginGracefulShutdown() }
            guard let port = try await server.listeningAddress?.ipv4?.port else { throw Shop.NoAddress() }
            return try await withGRPCClient(
                transport: .http2NIOPosix(
                    target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext),
                interceptors: [FriendlyErrorsClientInterceptor(language: language)]
            ) { client in
                let request = ClientRequest(message: Google_Protobuf_StringValue(scenario))
                let serializer = ProtobufSerializer<Google_Protobuf_StringValue>()
                let deserializer = ProtobufDeserializer<Google_Protobuf_StringValue>()
                do {
                    if streaming {
                        try await client.serverStreaming(
                            request: request, descriptor: ShopService.listItems, serializer: serializer,
                            deserializer: deserializer, options: .defaults
                        ) { response in
                            for try await _ in response.messages {}
                        }
                    } else {
                        _ = try await client.unary(
                            request: request, descriptor: ShopService.placeOrder, serializer: serializer,
                            deserializer: deserializer, options: .defaults
                        ) { try $0.message }
                    }
                } catch let error as RPCError {
                    return error
                }
                throw Shop.NoError()
            }
        }
    }

    /// An app's error whose title and message are far longer than a client shows.
    struct LongTexts: FriendlyError {
        var text: String
        var code: String { "shop.longTexts" }
        var category: ErrorCategory { .conflict }
        var title: LocalizableText { .verbatim(text) }
        var message: LocalizableText { .verbatim(text) }
    }

    /// A title and a message of 10,000 characters (over 16 KiB of trailers whole, which the client's transport
    /// refuses, failing the call as UNAVAILABLE) reach the client cut once by the server, at 2048 bytes of
    /// whole characters with one `…`, and the client does not cut them again.
    @Test(arguments: ["a", "長", "👍🏽"])
    func aTenThousandCharacterTitleArrivesCutOnceEndingInOneEllipsis(_ character: String) async throws {
        let text = String(repeating: character, count: 10_000)
        let error = try await Self.callThroughInterceptor("any", service: ThrowingShop { LongTexts(text: text) })
        let alert = AlertPipeline().unwrappingGRPCClientErrors().alert(for: error, in: "en")
        #expect(alert.code == "shop.longTexts")
        for shown in [alert.title, alert.message] {
            #expect(shown.utf8.count <= 2048)
            #expect(shown.utf8.count > 2030)
            #expect(shown.hasSuffix("…"))
            #expect(!shown.dropLast().hasSuffix("…"))
            #expect(Array(text).starts(with: Array(shown.dropLast())))
        }
        // The console's plain layout, unwrapped: each text whole on its line.
        let output = Mutex("")
        let console = ConsolePresenter(
            output: TextOutput { text in output.withLock { $0 += text } }, color: false, interactive: false,
            plain: true, environment: [:])
        _ = await console.present(alert)
        let shown = output.withLock { $0 }
        #expect(!shown.contains("……"))
        #expect(shown.contains(alert.title))
    }

    @Test func anAppErrorComesBackAsTheServersProblemInJapaneseWithItsLink() async throws {
        let error = try await Self.callThroughInterceptor("itemNotFound")
        #expect(error.code == .notFound)
        let problem = try #require(error.cause as? RemoteProblem)
        #expect(problem.code == "shop.itemNotFound")
        #expect(problem.category == .notFound)
        #expect(AlertPipeline().alert(for: problem, in: "en").language == "ja")  // the server's texts, in its language

        let alert = AlertPipeline().unwrappingGRPCClientErrors().alert(for: error, in: "en")
        #expect(alert.actions.filter { $0.perform != nil }.map(\.id) == ["help"])
        #expect(alert.code == "shop.itemNotFound")
        #expect(alert.language == "ja")
        #expect(alert.message == "「A-42」という商品はありません。")
        #expect(alert.actions.map(\.label).contains("カタログを開く"))
        #expect(alert.actions.first { $0.label == "カタログを開く" }?.href == "https://shop.example.com/catalog")
    }

    @Test func fieldViolationsBecomeFieldProblemsInTheServersLanguage() async throws {
        let error = try await Self.callThroughInterceptor("invalidOrder")
        let problem = try #require(error.cause as? RemoteProblem)
        #expect(problem.code == "order.invalid")
        // The server's category (`ErrorInfo`'s `category`), not INVALID_ARGUMENT's (invalid input).
        #expect(problem.category == .invalidData)
        let alert = AlertPipeline().alert(for: problem)
        #expect(alert.fieldProblems.map(\.message) == ["価格は0以上でなければなりません。", "数量は1以上でなければなりません。"])
        #expect(alert.fieldProblems.map(\.field) == ["items[0].price", "items[0].quantity"])
    }

    @Test func retryInfoBecomesARetryThatWaitsAsTold() async throws {
        let error = try await Self.callThroughInterceptor("rateLimited")
        let problem = try #require(error.cause as? RemoteProblem)
        #expect(problem.code == "search.rateLimited")
        #expect(problem.category == .rateLimited)
        #expect(problem.retryDelay == .seconds(30))
        #expect(AlertPipeline().alert(for: problem).actions.filter { $0.perform != nil }.first?.id == "retry")
    }

    @Test func theServersCategoryAndTitleWinOverTheStatusCodes() async throws {
        // RESOURCE_EXHAUSTED is rate limiting's code too: the status code alone says "Too many requests".
        for (language, title, message) in [
            ("ja-JP", "注文の保存領域がいっぱいです", "空きができるまで、ショップは新しい注文を受け付けられません。"),
            ("en", "Order storage full", "The shop cannot take more orders until space is freed."),
        ] {
            let error = try await Self.callThroughInterceptor(
                "storageFull", language: LanguagePreference([language]))
            #expect(error.code == .resourceExhausted)
            let problem = try #require(error.cause as? RemoteProblem)
            #expect(problem.category == .insufficientStorage)
            #expect(problem.title == title)
            let alert = AlertPipeline().unwrappingGRPCClientErrors().alert(for: error, in: "en")
            #expect(alert.code == "shop.storageFull")
            #expect(alert.category == .insufficientStorage)
            #expect(alert.title == title)
            #expect(alert.message == message)
            // The client's output, as FriendlyMain shows it.
            print(
                "\(language): \(alert.title) — \(alert.message) (\(alert.category.name), exit \(alert.category.exitStatus))"
            )
        }
    }

    @Test func anotherServersStatusWithoutACategoryKeepsTheStatusCodesOne() throws {
        // A status as another server writes it: ErrorInfo with a code of its own, no category, no title.
        let status = GoogleRPCStatus(
            code: .resourceExhausted, message: "quota exceeded",
            details: [
                .errorInfo(reason: "QUOTA_EXCEEDED", domain: "other.example.com", metadata: ["code": "other.quota"])
            ])
        let error = RPCError(status)
        let problem = RemoteProblem(error)
        #expect(problem.code == "other.quota")
        #expect(problem.category == .rateLimited)
        #expect(AlertPipeline().alert(for: problem, in: "en").language == "en")  // none of the server's texts shown
        #expect(problem.title == nil)
    }

    @Test func anErrorWhileTheStreamRunsGetsTheProblemToo() async throws {
        let error = try await Self.callThroughInterceptor("itemNotFound", streaming: true)
        let problem = try #require(error.cause as? RemoteProblem)
        #expect(problem.code == "shop.itemNotFound")
        #expect(AlertPipeline().alert(for: problem, in: "en").language == "ja")
    }

    @Test func anUnexpectedServerErrorKeepsItsReferenceIDAndNeverItsSecret() async throws {
        let error = try await Self.callThroughInterceptor("databaseFailure")
        let problem = try #require(error.cause as? RemoteProblem)
        #expect(problem.referenceID != nil)
        let alert = AlertPipeline().unwrappingGRPCClientErrors().alert(for: error, in: "en")
        #expect(alert.referenceID == problem.referenceID)
        #expect(!"\(alert.title) \(alert.message)".contains("S3cr3t"))
    }

    @Test func anRPCErrorWithoutDetailsGivesTheStatusCodesGenericAlert() {
        let error = RPCError(code: .unavailable, message: "connection refused: 10.0.0.7:50051 (secret-host)")
        let problem = RemoteProblem(error)
        #expect(problem.status == 503)
        #expect(problem.code == "http.503")
        #expect(problem.category == .unavailable)
        #expect(AlertPipeline().alert(for: problem, in: "en").language == "en")
        let alert = AlertPipeline().alert(for: problem, in: "ja")
        #expect(alert.language == "ja")
        #expect(!"\(alert.title) \(alert.message) \(alert.suggestion ?? "")".contains("secret-host"))
    }

    @Test func aTransportsErrorBecomesTheStatusCodesProblemSoTheToolSaysUnavailable() async throws {
        struct ConnectionRefused: Error {}
        let context = ClientContext(descriptor: ShopService.placeOrder, remotePeer: "", localPeer: "")
        let request = StreamingClientRequest<Google_Protobuf_StringValue>(producer: { _ in })
        let response: StreamingClientResponse<Google_Protobuf_StringValue> = try await FriendlyErrorsClientInterceptor()
            .intercept(request: request, context: context) { _, _ in
                StreamingClientResponse(
                    error: RPCError(code: .unavailable, message: "connection refused", cause: ConnectionRefused()))
            }
        guard case .failure(let error) = response.accepted else {
            Issue.record("the call should fail")
            return
        }
        #expect(error.code == .unavailable)
        #expect(error.message == "connection refused")
        let problem = try #require(error.cause as? RemoteProblem)
        #expect(problem.category == .unavailable)
        let alert = AlertPipeline().unwrappingGRPCClientErrors().alert(for: error, in: "en")
        #expect(alert.category == .unavailable)
        #expect(alert.category.exitStatus == 69)
    }

    @Test func theInterceptorSendsAcceptLanguageUnlessTheCallHasOne() async throws {
        let context = ClientContext(descriptor: ShopService.placeOrder, remotePeer: "", localPeer: "")
        let interceptor = FriendlyErrorsClientInterceptor(language: LanguagePreference(["ja-JP"]))
        for (given, sent) in [(nil, "ja-JP, ja;q=0.9"), ("fr", "fr")] {
            var metadata: Metadata = [:]
            if let given { metadata.addString(given, forKey: "accept-language") }
            let request = StreamingClientRequest<Google_Protobuf_StringValue>(metadata: metadata, producer: { _ in })
            let _: StreamingClientResponse<Google_Protobuf_StringValue> = try await interceptor.intercept(
                request: request, context: context
            ) { request, _ in
                #expect(Array(request.metadata[stringValues: "accept-language"]) == [sent])
                return StreamingClientResponse(error: RPCError(code: .cancelled, message: ""))
            }
        }
    }

    @Test func everyDetailKindIsReadIntoTheProblem() throws {
        let status = GoogleRPCStatus(
            code: .failedPrecondition, message: "developer text",
            details: [
                .errorInfo(reason: "CART_LOCKED", domain: "shop.example.com", metadata: ["code": "cart.locked"]),
                .localizedMessage(locale: "de", message: "Der Warenkorb ist gesperrt."),
                .badRequest(violations: [
                    .init(
                        field: "cart.id", description: "locked", reason: "LOCKED",
                        localizedMessage: .init(locale: "de", message: "Gesperrt."))
                ]),
                .help(links: [
                    .init(url: "https://shop.example.com/help/cart", description: "Hilfe"),
                    .init(url: "javascript:alert(1)", description: "Böse"),
                ]),
                .retryInfo(delay: .milliseconds(1500)),
                .requestInfo(requestID: "REF-1234", servingData: ""),
            ])
        let problem = RemoteProblem(RPCError(status))
        #expect(problem.status == 409)
        #expect(problem.code == "cart.locked")
        #expect(AlertPipeline().alert(for: problem, in: "en").language == "de")
        #expect(problem.retryDelay == .seconds(2))
        #expect(problem.referenceID == "REF-1234")
        let alert = AlertPipeline().alert(for: problem)
        #expect(alert.message == "Der Warenkorb ist gesperrt.")
        #expect(alert.fieldProblems.map(\.field) == ["cart.id"])
        #expect(alert.fieldProblems.map(\.message) == ["Gesperrt."])
        #expect(alert.actions.filter { $0.perform != nil }.map(\.id) == ["retry", "help"])
        #expect(alert.referenceID == "REF-1234")
    }

    @Test func theInterceptorAsksForTheUsersLanguage() async throws {
        // The server answers in the language the client asked for: German here, Japanese above.
        let error = try await Self.callThroughInterceptor("itemNotFound", language: LanguagePreference(["de-DE"]))
        let problem = try #require(error.cause as? RemoteProblem)
        #expect(AlertPipeline().alert(for: problem, in: "en").language == "de")
        #expect(AlertPipeline().alert(for: problem).message == "Der Shop führt keinen Artikel „A-42“.")
    }
}
