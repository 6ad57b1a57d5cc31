import ExampleService
import Foundation
import FriendlyErrorsGRPC
import GRPCCore
import GRPCProtobuf
import Testing

/// What the interceptor makes of errors no example RPC throws, handed to it directly.
@Suite struct ErrorMappingTests {
    let interceptor = FriendlyErrorsInterceptor(
        domain: "shop.example.com", pipeline: AlertPipeline().addingCatalog(shopCatalog),
        statusCodes: ["order.exists": .alreadyExists])
    let context = ServerContext(
        descriptor: ShopService.placeOrder, remotePeer: "ipv4:127.0.0.1:1", localPeer: "ipv4:127.0.0.1:2",
        cancellation: ServerContext.RPCCancellationHandle())

    func status(for error: any Error, language: String? = nil) async throws -> (RPCError, GoogleRPCStatus?) {
        let metadata: Metadata = language.map { ["accept-language": .string($0)] } ?? [:]
        let answer = await interceptor.answer(error, metadata: metadata, context: context)
        return (answer, try answer.unpackGoogleRPCStatus())
    }

    struct SignInFirst: FriendlyError {
        var code: String { "account.signInFirst" }
        var category: ErrorCategory { .unauthenticated }
        var recoveries: [Recovery] {
            [
                .link(id: "signIn", label: "Sign in", href: "/login"),
                .link(id: "help", label: "Help", href: "https://help.example.com/sign-in"),
                .link(id: "script", label: "Run", href: "javascript:alert(1)"),
            ]
        }
    }

    @Test func onlyAbsoluteLinksBecomeHelpLinks() async throws {
        let (error, status) = try await status(for: SignInFirst())
        #expect(error.code == .unauthenticated)
        let help = try #require(status?.details.lazy.compactMap(\.help).first)
        #expect(help.links == [.init(url: "https://help.example.com/sign-in", description: "Help")])
    }

    struct OrderExists: FriendlyError {
        var code: String { "order.exists" }
        var category: ErrorCategory { .conflict }
    }

    struct StaleOrder: FriendlyError {
        var code: String { "order.stale" }
        var category: ErrorCategory { .conflict }
    }

    @Test func aConflictIsAbortedUnlessTheAppNamesItsCode() async throws {
        #expect(try await status(for: StaleOrder()).0.code == .aborted)
        #expect(try await status(for: OrderExists()).0.code == .alreadyExists)
    }

    @Test func aGoogleRPCStatusIsPassedThroughUntouched() async throws {
        let own = GoogleRPCStatus(
            code: .outOfRange, message: "page 9 of 3", details: [.localizedMessage(locale: "en", message: "No page 9.")]
        )
        let (error, status) = try await status(for: own, language: "ja")
        #expect(error.code == .outOfRange)
        #expect(error.message == "page 9 of 3")
        #expect(status == own)
    }

    @Test func aPlainErrorWrappedByAnInnerInterceptorIsClassifiedItself() async throws {
        // What gRPC's executor makes of an error thrown below another interceptor.
        let wrapped = RPCError(code: .unknown, message: "", cause: ItemNotFound(item: "A-42"))
        let (error, status) = try await status(for: wrapped, language: "de")
        #expect(error.code == .notFound)
        #expect(
            status?.details.lazy.compactMap(\.localizedMessage).first?.message
                == "Der Shop führt keinen Artikel „A-42“.")
    }

    @Test func anRPCErrorOfAServerErrorCodeGetsAReferenceID() async throws {
        let (error, status) = try await status(
            for: RPCError(code: .unavailable, message: "db-7 down", metadata: ["retry": "1"]))
        #expect(error.code == .unavailable)
        #expect(!error.message.contains("db-7"))
        #expect(Array(error.metadata[stringValues: "retry"]) == ["1"])
        #expect(status?.details.lazy.compactMap(\.requestInfo).first?.requestID.isEmpty == false)
    }
}
