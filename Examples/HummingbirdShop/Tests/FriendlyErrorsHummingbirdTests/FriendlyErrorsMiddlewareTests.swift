import Foundation
import FriendlyErrorsHummingbird
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import NIOCore
import Testing

@testable import ExampleServer

/// Every promise of the middleware, through Hummingbird's in-process test client.
@Suite struct FriendlyErrorsMiddlewareTests {
    // MARK: One line, a pipeline, options

    @Test func oneLineTurnsAnAppsErrorIntoProblemJSON() async throws {
        let app = TestApp(pipeline: AlertPipeline().addingCatalog(shopCatalog)) { router in
            router.post("/orders") { _, _ -> String in throw InsufficientFunds(missingCredits: 42) }
        }
        let response = try await app.send(.post, "/orders")
        #expect(response.status == 402)
        #expect(response.headers[.contentType] == "application/problem+json")
        #expect(response.headers[.contentLanguage] == "en")
        #expect(response.json["detail"] as? String == "You need 42 more credits.")
        #expect(response.json["code"] as? String == "account.insufficientFunds")
        #expect(response.json["type"] as? String == "about:blank")
    }

    @Test func optionsChooseTheProblemTypeBase() async throws {
        let options = FriendlyErrorsServerOptions(writers: [
            JSONPresenter(typeBaseURI: "https://errors.example.com/"), HTMLPresenter(), PlainTextBodyWriter(),
        ])
        let app = TestApp(options: options) { router in
            router.post("/orders") { _, _ -> String in throw InsufficientFunds(missingCredits: 1) }
        }
        let response = try await app.send(.post, "/orders")
        #expect(response.json["type"] as? String == "https://errors.example.com/account/insufficient-funds")
    }

    @Test func successfulResponsesAreUntouched() async throws {
        let app = TestApp { router in router.get("/items") { _, _ -> String in "3 items" } }
        let response = try await app.send(.get, "/items")
        #expect(response.status == 200)
        #expect(response.body == "3 items")
        #expect(app.logs.entries.isEmpty)
    }

    // MARK: Framework errors keep their status and headers

    @Test func httpErrorKeepsItsStatusAndHeaders() async throws {
        let app = TestApp { router in
            router.get("/search") { _, _ -> String in
                throw HTTPError(.tooManyRequests, headers: [.retryAfter: "30", .contentType: "text/html"])
            }
        }
        let response = try await app.send(.get, "/search")
        #expect(response.status == 429)
        #expect(response.headers[.retryAfter] == "30")
        #expect(response.headers[values: .contentType] == ["application/problem+json"])
        #expect(response.json["code"] as? String == "http.429")
        #expect(response.json["category"] as? String == "rateLimited")
    }

    @Test func methodNotAllowedKeeps405AndAllow() async throws {
        let app = TestApp { router in
            router.post("/items") { _, _ -> String in
                throw HTTPError(.methodNotAllowed, headers: [.allow: "GET, HEAD"])
            }
        }
        let response = try await app.send(.post, "/items")
        #expect(response.status == 405)
        #expect(response.headers[.allow] == "GET, HEAD")
        #expect(response.json["status"] as? Int == 405)
    }

    @Test func tooLargeBodyAnswers413() async throws {
        let app = TestApp { router in
            router.post("/upload") { request, _ -> String in
                "\(try await request.body.collect(upTo: 16).readableBytes)"
            }
        }
        let response = try await app.send(.post, "/upload", body: String(repeating: "x", count: 100))
        #expect(response.status == 413)
        #expect(response.headers[.contentType] == "application/problem+json")
        #expect(response.json["code"] as? String == "http.413")
    }

    @Test func corsEditedErrorKeepsItsStatusAndTheCORSHeaders() async throws {
        let app = TestApp { router in
            router.add(middleware: CORSMiddleware(allowOrigin: .originBased))
            router.get("/private") { _, _ -> String in throw HTTPError(.forbidden) }
        }
        let response = try await app.send(.get, "/private", headers: [.origin: "https://shop.example.com"])
        #expect(response.status == 403)
        #expect(response.headers[.accessControlAllowOrigin] == "https://shop.example.com")
        #expect(response.json["category"] as? String == "permissionDenied")
    }

    @Test func anyResponseErrorKeepsTheHeadersOfItsOwnResponse() async throws {
        let app = TestApp { router in
            router.get("/me") { _, _ -> String in throw NotAuthenticated() }
        }
        let response = try await app.send(.get, "/me", headers: [.acceptLanguage: "ja"])
        #expect(response.status == 401)
        #expect(response.headers[.wwwAuthenticate] == #"Bearer realm="shop""#)
        #expect(response.headers[.contentLanguage] == "ja")
        #expect(!response.body.contains("internal"))
        #expect(response.json["category"] as? String == "unauthenticated")
    }

    @Test func redirectsPassThroughUntouched() async throws {
        let app = TestApp { router in
            router.get("/old") { _, _ -> String in throw HTTPError(.movedPermanently, headers: [.location: "/new"]) }
        }
        let response = try await app.send(.get, "/old")
        #expect(response.status == 301)
        #expect(response.headers[.location] == "/new")
        #expect(response.headers[.contentType] == nil)
        #expect(response.body == "")
        #expect(app.logs.entries.isEmpty)
    }

    @Test func hummingbirdsNotFoundStays404() async throws {
        let app = TestApp { router in router.get("/items") { _, _ -> String in "3 items" } }
        let response = try await app.send(.get, "/no/such/page", headers: [.acceptLanguage: "ja"])
        #expect(response.status == 404)
        #expect(response.headers[.contentType] == "application/problem+json")
        #expect(response.headers[.contentLanguage] == "ja")
        #expect(response.json["code"] as? String == "http.404")
        #expect(response.json["category"] as? String == "notFound")
    }

    // MARK: Language and format

    @Test func languageComesFromAcceptLanguage() async throws {
        let app = TestApp(pipeline: AlertPipeline().addingCatalog(shopCatalog)) { router in
            router.post("/orders") { _, _ -> String in throw InsufficientFunds(missingCredits: 42) }
        }
        let response = try await app.send(
            .post, "/orders", headers: [.acceptLanguage: "de;q=0.2, ja-JP;q=0.9, en;q=0.5"])
        #expect(response.headers[.contentLanguage] == "ja")
        #expect(response.headers[.vary] == "Accept, Accept-Language")
        #expect(response.json["detail"] as? String == "あと42クレジット必要です。")
        let hostile = try await app.send(.post, "/orders", headers: [.acceptLanguage: "xx-EVIL, Set-Cookie: a"])
        #expect(hostile.headers[.contentLanguage] == "en")
        #expect(hostile.headers[.setCookie] == nil)
    }

    @Test func plainTextForAcceptTextPlain() async throws {
        let app = TestApp(pipeline: AlertPipeline().addingCatalog(shopCatalog)) { router in
            router.post("/orders") { _, _ -> String in throw InsufficientFunds(missingCredits: 42) }
        }
        let response = try await app.send(.post, "/orders", headers: [.accept: "text/plain"])
        #expect(response.status == 402)
        #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
        #expect(
            response.body == """
                error: Insufficient funds
                message: You need 42 more credits.
                help: Top up your account, then try again.

                """)
    }

    @Test func fieldProblemsAnswer422WithErrors() async throws {
        let app = TestApp { router in
            router.post("/orders") { _, _ -> String in
                throw InvalidOrder(problems: [
                    FieldProblem(
                        "/items/2/price", code: "order.price.negative", message: "The price must be 0 or more.")
                ])
            }
        }
        let response = try await app.send(.post, "/orders")
        #expect(response.status == 422)
        let errors = try #require(response.json["errors"] as? [[String: String]])
        #expect(
            errors == [
                [
                    "pointer": "#/items/2/price", "code": "order.price.negative",
                    "detail": "The price must be 0 or more.",
                ]
            ])
    }

    @Test(.disabled("needs the core's DecodingError field problems"))
    func aBodyTheDecoderRejectsAnswers400WithAPointer() async throws {
        let app = TestApp { router in
            router.post("/orders") { request, context -> String in
                // Not `request.decode(as:context:)`: Hummingbird turns the DecodingError into an
                // HTTPError(.badRequest) holding only a message, so no pointer can be had from it.
                let order = try await context.requestDecoder.decode(Order.self, from: request, context: context)
                return "\(order.items.count) items"
            }
        }
        let response = try await app.send(
            .post, "/orders", headers: [.contentType: "application/json"],
            body: #"{"items":[{"price":5,"quantity":1},{"price":"five","quantity":1}]}"#)
        #expect(response.status == 400)
        #expect(response.json["code"] as? String == "data.typeMismatch")
        let errors = try #require(response.json["errors"] as? [[String: String]])
        #expect(errors.map { $0["pointer"] } == ["#/items/1/price"])
        #expect(!response.body.contains("Swift.Int"))
        let missing = try await app.send(
            .post, "/orders", headers: [.contentType: "application/json"], body: #"{"items":[{"price":5}]}"#)
        #expect(missing.status == 400)
        #expect((missing.json["errors"] as? [[String: String]])?.first?["pointer"] == "#/items/0/quantity")
    }

    @Test func requestDecodeHidesTheDecodingErrorBehindHummingbirdsHTTPError() async throws {
        let app = TestApp { router in
            router.post("/orders") { request, context -> String in
                "\(try await request.decode(as: Order.self, context: context).items.count) items"
            }
        }
        let response = try await app.send(
            .post, "/orders", headers: [.contentType: "application/json"],
            body: #"{"items":[{"price":"five","quantity":1}]}"#)
        #expect(response.status == 400)
        #expect(response.json["code"] as? String == "http.400")
        #expect(!response.body.contains("Type mismatch"), "Hummingbird's message is not revealed by default")
    }

    // MARK: Logging

    @Test func clientErrorsAreLoggedAtNoticeThroughTheRequestsLogger() async throws {
        let app = TestApp { router in router.get("/items") { _, _ -> String in "3 items" } }
        _ = try await app.send(.get, "/missing")
        let entry = try #require(app.logs.entries.last { $0.metadata["error.type"] != nil })
        #expect(entry.level == .notice)
        #expect(entry.metadata["error.type"] == "http.404")
        #expect(entry.metadata["error.category"] == "notFound")
        #expect(entry.metadata["error.reference_id"] == nil)
        #expect(entry.metadata["http.response.status_code"] == "404")
        #expect(entry.message == "Request failed: http.404")
        #expect(entry.metadata["hb.request.id"] != nil, "the request's own logger")
        #expect(entry.metadata["http.request.method"] == "GET")
        #expect(entry.metadata["url.path"] == "/missing")
        #expect(entry.error == nil && entry.metadata["exception.message"] == nil, "a client's fault: no error text")
    }

    @Test func unknownErrorIsLoggedAtErrorWithTheReferenceIDTheBodyCarries() async throws {
        let app = TestApp { router in
            router.get("/reports") { _, _ -> String in throw ReportDatabaseFailure() }
        }
        let response = try await app.send(.get, "/reports")
        #expect(response.status == 500)
        for trace in [ReportDatabaseFailure.secret, "S3cr3t", "db.internal", "ReportDatabaseFailure", "postgres"] {
            #expect(!response.body.contains(trace))
            #expect(!response.headers.contains { $0.value.contains(trace) })
        }
        let referenceID = try #require(response.json["referenceId"] as? String)
        let entry = try #require(app.logs.entries.last { $0.metadata["error.type"] != nil })
        #expect(entry.level == .error)
        #expect(entry.metadata["error.reference_id"] == .string(referenceID))
        #expect(entry.metadata["error.type"] == "unexpected")
        // By default the operator's record carries the error (issue 47), the client's answer never does.
        #expect(entry.metadata["exception.type"] == "ExampleServer.ReportDatabaseFailure")
        #expect(entry.metadata["exception.message"] == .string("could not connect to \(ReportDatabaseFailure.secret)"))
    }

    /// An error's own text may hold a client's input: its record carries it without control characters (escape
    /// sequences, new lines) or bidirectional overrides, each made U+FFFD, and at most 4,096 bytes.
    @Test func anErrorsTextIsLoggedWithoutControlCharactersAndCut() async throws {
        struct Hostile: Error, CustomStringConvertible {
            var description: String {
                "bad\u{1B}]0;owned\u{07}\u{1B}[31mred\nforged line\u{202E}cba" + String(repeating: "é", count: 3_000)
            }
        }
        let app = TestApp { router in router.get("/hostile") { _, _ -> String in throw Hostile() } }
        #expect(try await app.send(.get, "/hostile").status == 500)
        let entry = try #require(app.logs.entries.last { $0.metadata["error.type"] != nil })
        guard case .string(let message) = entry.metadata["exception.message"] else {
            Issue.record("no exception.message")
            return
        }
        #expect(message.hasPrefix("bad\u{FFFD}]0;owned\u{FFFD}\u{FFFD}[31mred\u{FFFD}forged line\u{FFFD}cbaé"))
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(message.utf8.count <= 4_096 && message.utf8.count > 4_000)
    }

    @Test func observersSeeTheRequestsMethodPathAndID() async throws {
        let seen = Seen()
        let pipeline = AlertPipeline().observing { event in seen.add(event.context.metadata) }
        let app = TestApp(pipeline: pipeline) { router in
            router.get("/reports") { _, _ -> String in throw ReportDatabaseFailure() }
        }
        _ = try await app.send(.get, "/reports")
        let metadata = try #require(seen.values.first)
        #expect(metadata["request.method"] == "GET")
        #expect(metadata["request.path"] == "/reports")
        #expect(metadata["request.id"] != nil)
    }

    @Test func loggingCanBeTurnedOff() async throws {
        let app = TestApp(options: FriendlyErrorsServerOptions(logging: .off)) { router in
            router.get("/reports") { _, _ -> String in throw ReportDatabaseFailure() }
        }
        _ = try await app.send(.get, "/reports")
        #expect(!app.logs.entries.contains { $0.metadata["error.type"] != nil })
    }

    // MARK: Production by default

    @Test func anHTTPErrorsOwnTextIsSentOnlyWhenConfigured() async throws {
        let configure: @Sendable (Router<BasicRequestContext>) -> Void = { router in
            router.get("/items") { _, _ -> String in
                throw HTTPError(.badRequest, message: "SELECT * FROM items WHERE owner = 'admin'")
            }
        }
        let production = try await TestApp(configure: configure).send(.get, "/items")
        #expect(production.status == 400)
        #expect(!production.body.contains("SELECT"))
        let revealing = TestApp(
            options: FriendlyErrorsServerOptions(revealsFrameworkMessages: true), configure: configure)
        let response = try await revealing.send(.get, "/items")
        #expect(response.json["detail"] as? String == "SELECT * FROM items WHERE owner = 'admin'")
    }

    @Test func debugDetailsOnlyWhenThePipelineIsConfiguredForThem() async throws {
        let configure: @Sendable (Router<BasicRequestContext>) -> Void = { router in
            router.get("/reports") { _, _ -> String in throw ReportDatabaseFailure() }
        }
        let production = try await TestApp(configure: configure).send(.get, "/reports")
        #expect(production.json["debugDetail"] == nil)
        let development = TestApp(
            pipeline: AlertPipeline(configuration: .init(includesDebugDetails: true)), configure: configure)
        let response = try await development.send(.get, "/reports")
        #expect((response.json["debugDetail"] as? String)?.contains(ReportDatabaseFailure.secret) == true)
    }
}
