import ExampleService
import Foundation
import FriendlyErrorsGRPC
import GRPCCore
import GRPCProtobuf
import InMemoryLogging
import Logging
import Testing

/// Every promise of the README, over the real HTTP/2 transport on loopback with a real client.
@Suite struct FriendlyErrorsInterceptorTests {
    @Test(arguments: [false, true])
    func anAppErrorGetsItsCodeAndItsDetails(streaming: Bool) async throws {
        try await Shop.run { client, _ in
            let answer = try await Shop.call(client, "itemNotFound", streaming: streaming)
            #expect(answer.items == (streaming ? ["item 1", "item 2"] : []))
            #expect(answer.error.code == .notFound)
            #expect(answer.status.code == .notFound)
            #expect(answer.error.message == "The shop has no item “A-42”.")
            #expect(answer.status.message == answer.error.message)
            #expect(
                answer.status.details == [
                    .errorInfo(
                        reason: "SHOP_ITEM_NOT_FOUND", domain: "shop.example.com",
                        // The category and the title (in the LocalizedMessage's language): issue 47.
                        metadata: ["code": "shop.itemNotFound", "category": "notFound", "title": "Item not found"]),
                    .localizedMessage(locale: "en", message: "The shop has no item “A-42”."),
                    .help(links: [.init(url: "https://shop.example.com/catalog", description: "Open the catalog")]),
                ])
        }
    }

    @Test(arguments: [
        ("ja", "ja", "「A-42」という商品はありません。", "カタログを開く"),
        ("de", "de", "Der Shop führt keinen Artikel „A-42“.", "Katalog öffnen"),
        ("fr-CH, fr;q=0.9, de;q=0.8", "fr", "La boutique n’a pas d’article « A-42 ».", "Ouvrir le catalogue"),
        ("ko, *;q=0.1", "en", "The shop has no item “A-42”.", "Open the catalog"),
    ])
    func theLocalizedMessageIsInTheNegotiatedLanguageAndTheStatusMessageInTheBase(
        header: String, locale: String, message: String, link: String
    ) async throws {
        try await Shop.run { client, _ in
            for streaming in [false, true] {
                let answer = try await Shop.call(client, "itemNotFound", streaming: streaming, language: header)
                #expect(answer.localizedMessage == ErrorDetails.LocalizedMessage(locale: locale, message: message))
                #expect(answer.help?.links.map(\.linkDescription) == [link])
                #expect(answer.error.message == "The shop has no item “A-42”.")
            }
        }
    }

    @Test func fieldProblemsAreBadRequestViolationsWithPathsAndLocalizedMessages() async throws {
        try await Shop.run { client, _ in
            let answer = try await Shop.call(client, "invalidOrder", language: "ja")
            #expect(answer.error.code == .invalidArgument)
            #expect(answer.error.message == "Correct the marked fields, then send the order again.")
            #expect(answer.errorInfo?.reason == "ORDER_INVALID")
            #expect(answer.localizedMessage?.message == "印の付いた項目を直してから、もう一度注文を送ってください。")
            #expect(
                answer.badRequest?.violations == [
                    ErrorDetails.BadRequest.FieldViolation(
                        field: "items[0].price", description: "The price must be 0 or more.",
                        reason: "ORDER_PRICE_NEGATIVE",
                        localizedMessage: ErrorDetails.LocalizedMessage(locale: "ja", message: "価格は0以上でなければなりません。")),
                    ErrorDetails.BadRequest.FieldViolation(
                        field: "items[0].quantity", description: "The quantity must be 1 or more.",
                        reason: "ORDER_QUANTITY_TOO_SMALL",
                        localizedMessage: ErrorDetails.LocalizedMessage(locale: "ja", message: "数量は1以上でなければなりません。")),
                ])
            #expect(answer.status.details.count == 3)
        }
    }

    @Test(arguments: [false, true])
    func aRateLimitedErrorIsResourceExhaustedWithRetryInfo(streaming: Bool) async throws {
        try await Shop.run { client, _ in
            let answer = try await Shop.call(client, "rateLimited", streaming: streaming, language: "de")
            #expect(answer.error.code == .resourceExhausted)
            #expect(answer.retryInfo == ErrorDetails.RetryInfo(delay: .seconds(30)))
            #expect(answer.errorInfo?.reason == "SEARCH_RATE_LIMITED")
            #expect(answer.localizedMessage?.locale == "de")
            #expect(answer.status.details.count == 3)
        }
    }

    @Test(arguments: [false, true])
    func anRPCErrorKeepsItsCodeAndMetadataButNotItsMessage(streaming: Bool) async throws {
        try await Shop.run { client, _ in
            let answer = try await Shop.call(client, "rpcError", streaming: streaming, language: "ja")
            #expect(answer.error.code == .failedPrecondition)
            #expect(answer.status.code == .failedPrecondition)
            #expect(Array(answer.error.metadata[stringValues: "cart-id"]) == ["c-42"])
            #expect(!answer.error.message.contains("c-42"))
            // The locked cart's story: a conflict with the current state, not a request not understood.
            #expect(answer.errorInfo?.metadata["code"] == "http.409")
            #expect(answer.localizedMessage?.locale == "ja")
            #expect(answer.localizedMessage?.message == "現在の状態と競合しています。")
            #expect(answer.error.message == "This conflicts with the current state.")
        }
    }

    /// `FAILED_PRECONDITION` (a locked cart) is told as a conflict with the current state in every
    /// language of the shop (one language per response: the app's), never as a request that couldn't
    /// be understood. The text is the core's `http.409.message`, which all nine built-in languages have.
    @Test func aFailedPreconditionIsToldAsAConflictInEveryLanguage() async throws {
        let expected = [
            "en": "This conflicts with the current state.",
            "de": "Dies steht im Konflikt mit dem aktuellen Zustand.",
            "fr": "Cette action est en conflit avec l’état actuel.",
            "ja": "現在の状態と競合しています。",
        ]
        try await Shop.run { client, _ in
            for (language, message) in expected.sorted(by: { $0.key < $1.key }) {
                let answer = try await Shop.call(client, "rpcError", language: language)
                #expect(answer.error.code == .failedPrecondition, "\(language)")
                #expect(answer.errorInfo?.metadata["code"] == "http.409", "\(language)")
                #expect(answer.localizedMessage?.locale == language)
                #expect(answer.localizedMessage?.message == message, "\(language)")
            }
        }
    }

    /// Metadata over the transport's header list limit (16 KiB) never reaches the interceptor: the
    /// README's "What the transport refuses first". The call fails with no status of ours and nothing
    /// is logged; the server goes on answering.
    @Test func aHeaderListOverTheTransportsLimitNeverReachesTheInterceptor() async throws {
        try await Shop.run { client, logs in
            let huge = String(repeating: "en-x-abcdefgh, ", count: 100_000 / 15)
            do {
                let answer = try await Shop.call(client, "itemNotFound", language: huge)
                Issue.record("answered with the interceptor's status: \(answer.error.code)")
            } catch let error as RPCError {
                #expect(error.code == .unavailable)
            }
            #expect(logs.entries.isEmpty)
            // The transport closed that connection: on a busy machine the client may still be making its
            // next one ("subchannel isn't ready"), so the next call is tried again for up to a second.
            var next: Shop.Answer?
            for attempt in 1...20 {
                do {
                    next = try await Shop.call(client, "itemNotFound", language: "ja")
                    break
                } catch let error as RPCError where error.code == .unavailable && attempt < 20 {
                    try await Task.sleep(for: .milliseconds(50))
                }
            }
            #expect(next?.error.code == .notFound)
        }
    }

    @Test func anRPCErrorKeepsItsMessageWhenTheAppSaysSo() async throws {
        try await Shop.run(options: FriendlyErrorsServerOptions(revealsFrameworkMessages: true)) { client, _ in
            let answer = try await Shop.call(client, "rpcError")
            #expect(answer.error.code == .failedPrecondition)
            #expect(answer.error.message == "cart c-42 is locked")
            #expect(answer.localizedMessage?.message == "cart c-42 is locked")
        }
    }

    @Test(arguments: [false, true])
    func anUnknownErrorsSecretStaysInTheLogWithTheReferenceID(streaming: Bool) async throws {
        try await Shop.run { client, logs in
            let answer = try await Shop.call(client, "databaseFailure", streaming: streaming, language: "fr")
            #expect(answer.error.code == .unknown)
            let reference = try #require(answer.requestInfo?.requestID)
            #expect(
                answer.errorInfo
                    == ErrorDetails.ErrorInfo(
                        reason: "UNEXPECTED", domain: "shop.example.com",
                        metadata: ["code": "unexpected", "category": "unknown", "title": "Un problème est survenu"]))
            #expect(answer.localizedMessage?.locale == "fr")
            #expect(answer.error.message == "An unexpected error occurred.")
            #expect(answer.status.details.count == 3)

            // Nowhere in the status, its details or the trailers…
            let secretParts = [ReportDatabaseFailure.secret, "S3cr3t", "db.internal", "ReportDatabaseFailure"]
            var everything = answer.error.message + answer.status.message + "\(answer.status.details)"
            for (key, value) in answer.error.metadata {
                switch value {
                case .string(let text): everything += key + text
                case .binary(let bytes): everything += key + String(decoding: bytes, as: UTF8.self)
                }
            }
            for part in secretParts { #expect(!everything.contains(part)) }

            // …but in the log, with the same reference ID.
            let entry = try #require(logs.entries.last)
            #expect(entry.level == .error)
            #expect("\(entry.message)" == "Request failed: unexpected")
            #expect(entry.metadata["exception.type"] == "ExampleService.ReportDatabaseFailure")
            #expect(entry.metadata["exception.message"] == .string("could not connect to \(ReportDatabaseFailure.secret)"))
            #expect(entry.metadata["error.reference_id"] == .string(reference))
        }
    }

    @Test(arguments: [false, true])
    func aCancellationIsCancelledAndLoggedAtDebug(streaming: Bool) async throws {
        try await Shop.run { client, logs in
            let answer = try await Shop.call(client, "cancelled", streaming: streaming)
            #expect(answer.error.code == .cancelled)
            #expect(answer.errorInfo?.reason == "OPERATION_CANCELLED")
            #expect(logs.entries.last?.level == .debug)
        }
    }

    @Test func anErrorBeforeTheStreamStartsIsAnsweredToo() async throws {
        try await Shop.run { client, _ in
            let answer = try await Shop.call(client, "invalidOrder-first", streaming: true)
            #expect(answer.items.isEmpty)
            #expect(answer.error.code == .invalidArgument)
            #expect(answer.badRequest?.violations.count == 2)
        }
    }

    @Test func theLogLineHasTheKitsKeysAndLevels() async throws {
        try await Shop.run { client, logs in
            _ = try await Shop.call(client, "itemNotFound")
            let entry = try #require(logs.entries.last)
            #expect(entry.level == .notice)
            #expect("\(entry.message)" == "Request failed: shop.itemNotFound")
            #expect(
                entry.metadata == [
                    "error.type": "shop.itemNotFound", "error.category": "notFound",
                    "rpc.response.status_code": "NOT_FOUND", "rpc.system": "grpc",
                    "rpc.method": "friendlyerrors.example.Shop/PlaceOrder",
                ])
        }
    }

    @Test func aHundredKilobyteAcceptLanguageGetsASaneStatus() async throws {
        let huge = String(repeating: "x-yz;q=0.1, ", count: 100 * 1024 / 12) + "ja"
        // Over the wire: gRPC's HTTP/2 transport accepts at most 16 KiB of headers, so it ends the
        // stream before any interceptor runs — `UNAVAILABLE`, never a crash or `UNKNOWN`.
        try await Shop.run { client, _ in
            await #expect {
                _ = try await Shop.call(client, "itemNotFound", language: huge)
            } throws: { error in
                (error as? RPCError)?.code == .unavailable
            }
        }
        // The largest value the transport lets through reaches the interceptor and is parsed within bounds.
        try await Shop.run { client, _ in
            let large = String(repeating: "x-yz;q=0.1, ", count: 12 * 1024 / 12) + "ja"
            let answer = try await Shop.call(client, "itemNotFound", language: large)
            #expect(answer.error.code == .notFound)
            #expect(["en", "ja"].contains(answer.localizedMessage?.locale ?? "?"))
        }
        // Handed to the interceptor directly, the whole 100 KB gives the same sane answer.
        let interceptor = FriendlyErrorsInterceptor(
            domain: "shop.example.com", pipeline: AlertPipeline().addingCatalog(shopCatalog))
        let context = ServerContext(
            descriptor: ShopService.placeOrder, remotePeer: "ipv4:127.0.0.1:1", localPeer: "ipv4:127.0.0.1:2",
            cancellation: ServerContext.RPCCancellationHandle())
        let error = await interceptor.answer(
            ItemNotFound(item: "A-42"), metadata: ["accept-language": .string(huge)], context: context)
        #expect(error.code == .notFound)
        let status = try #require(try error.unpackGoogleRPCStatus())
        #expect(["en", "ja"].contains(status.details.lazy.compactMap(\.localizedMessage).first?.locale ?? "?"))
    }

    @Test func binaryAndMalformedAcceptLanguageValuesGiveASaneStatus() async throws {
        try await Shop.run { client, _ in
            var binary: Metadata = [:]
            binary.addBinary([0xFF, 0x00, 0x0D, 0x0A, 0xC3], forKey: "accept-language-bin")
            binary.addString("ja", forKey: "accept-language")
            let answer = try await Shop.call(client, "itemNotFound", metadata: binary)
            #expect(answer.error.code == .notFound)
            #expect(answer.localizedMessage?.locale == "ja")
            let garbage = try await Shop.call(client, "itemNotFound", language: ";;;,,q=x,*-*;q=2,\u{7F}ja")
            #expect(garbage.error.code == .notFound)
            #expect(garbage.localizedMessage?.locale == "en")
        }
    }
}
