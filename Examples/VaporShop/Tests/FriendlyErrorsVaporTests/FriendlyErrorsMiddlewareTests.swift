import Foundation
import FriendlyErrors
import InMemoryLogging
import Logging
import NIOCore
import NIOHTTP1
import Testing
import Vapor
import VaporTesting

@testable import ExampleApp
@testable import FriendlyErrorsVapor

/// Every promise of the middleware, through Vapor's in-memory test client.
@Suite struct FriendlyErrorsMiddlewareTests {
    // MARK: One line in place of ErrorMiddleware

    @Test func replacingPutsTheMiddlewareWhereErrorMiddlewareWas() async throws {
        try await withApp { app in
            app.middleware.replaceErrorMiddleware(with: FriendlyErrorsMiddleware())
            let kinds = app.middleware.resolve().map { "\(type(of: $0))" }
            #expect(kinds == ["RouteLoggingMiddleware", "FriendlyErrorsMiddleware"])
            var empty = Middlewares()
            empty.use(RouteLoggingMiddleware())
            empty.replaceErrorMiddleware(with: FriendlyErrorsMiddleware())
            #expect(
                empty.resolve().map { "\(type(of: $0))" } == ["FriendlyErrorsMiddleware", "RouteLoggingMiddleware"])
        }
    }

    @Test func addedAfterErrorMiddlewareItStillAnswersTheRoutesErrors() async throws {
        try await withApp { app in
            // Both installed, the friendly one inside: it answers first, ErrorMiddleware sees nothing.
            app.middleware.use(FriendlyErrorsMiddleware())
            app.get("gone") { _ -> String in throw Abort(.gone) }
            let response = try await TestResponse(app.testing().sendRequest(.GET, "gone"))
            #expect(response.status == 410)
            #expect(response.headers.first(name: .contentType) == "application/problem+json")
        }
    }

    @Test func headGetsTheHeadersWithTheContentLengthOfTheGetsBody() async throws {
        let app = TestApp { _ in }
        let get = try await app.send(.GET, "no/such/page")
        let head = try await app.send(.HEAD, "no/such/page")
        #expect(get.status == 404 && head.status == 404)
        #expect(head.body.isEmpty)
        // RFC 9110, section 8.6: the length of the body a GET gets, not 0.
        #expect(head.headers.first(name: .contentLength) == String(get.body.utf8.count))
    }

    @Test func anAppsFriendlyErrorBecomesProblemJSON() async throws {
        let app = TestApp(pipeline: AlertPipeline().addingCatalog(shopCatalog)) { app in
            app.post("orders") { _ -> String in throw InsufficientFunds(missingCredits: 42) }
        }
        let response = try await app.send(.POST, "orders", headers: ["Accept-Language": "ja"])
        #expect(response.status == 402)
        #expect(response.headers.first(name: .contentType) == "application/problem+json")
        #expect(response.headers.first(name: .contentLanguage) == "ja")
        #expect(response.json["title"] as? String == "残高が不足しています")
        #expect(response.json["detail"] as? String == "あと42クレジット必要です。")
    }

    @Test func successfulResponsesAreUntouched() async throws {
        let app = TestApp { app in app.get("items") { _ -> String in "3 items" } }
        let response = try await app.send(.GET, "items")
        #expect(response.status == 200)
        #expect(response.body == "3 items")
        #expect(app.errorEntry == nil)
    }

    // MARK: AbortError keeps its status and headers

    @Test func abortKeepsItsStatusAndHeaders() async throws {
        let app = TestApp { app in
            app.get("search") { _ -> String in
                throw Abort(.tooManyRequests, headers: ["Retry-After": "30", "Content-Type": "text/html"])
            }
        }
        let response = try await app.send(.GET, "search")
        #expect(response.status == 429)
        #expect(response.headers["Retry-After"] == ["30"])
        #expect(response.headers[.contentType] == ["application/problem+json"])
        #expect(response.json["code"] as? String == "http.429")
        #expect(response.json["category"] as? String == "rateLimited")
        #expect(response.json["detail"] as? String == "Too many requests were made in a short time.")
    }

    @Test func unauthorizedKeepsWWWAuthenticate() async throws {
        let app = TestApp { app in
            app.get("me") { _ -> String in
                throw Abort(.unauthorized, headers: ["WWW-Authenticate": #"Bearer realm="shop""#])
            }
        }
        let response = try await app.send(.GET, "me")
        #expect(response.status == 401)
        #expect(response.headers.first(name: "WWW-Authenticate") == #"Bearer realm="shop""#)
        #expect(response.json["category"] as? String == "unauthenticated")
    }

    @Test func anAbortsStatusSaysWhatItIsInTheClientsLanguage() async throws {
        let app = TestApp { app in
            app.get("orders") { _ -> String in throw Abort(.methodNotAllowed, headers: ["Allow": "POST"]) }
            app.get("upload") { _ -> String in throw Abort(.payloadTooLarge) }
        }
        let response = try await app.send(.GET, "orders", headers: ["Accept-Language": "ja"])
        #expect(response.status == 405)
        #expect(response.headers.first(name: .allow) == "POST")
        #expect(response.json["code"] as? String == "http.405")
        #expect(response.json["category"] as? String == "invalidInput")
        #expect(response.json["title"] as? String == "メソッドが許可されていません")
        #expect(response.json["detail"] as? String == "このアドレスでは、この種類のリクエストは受け付けていません。")
        let tooLarge = try await app.send(.GET, "upload")
        #expect(tooLarge.status == 413)
        #expect(tooLarge.json["title"] as? String == "Request too large")
        #expect(tooLarge.json["detail"] as? String == "The data sent is too large.")
    }

    @Test func redirectsPassThroughUntouched() async throws {
        let app = TestApp { app in
            app.get("old") { _ -> String in throw Abort.redirect(to: "/new", redirectType: .permanent) }
        }
        let response = try await app.send(.GET, "old")
        #expect(response.status == 301)
        #expect(response.headers.first(name: .location) == "/new")
        #expect(response.headers.first(name: .contentType) == nil)
        #expect(response.body == "")
        #expect(app.errorEntry == nil)
    }

    @Test func severalAcceptLanguageFieldsInAnyCaseAreOneList() async throws {
        let app = TestApp { app in app.get("items") { _ -> String in throw Abort(.notFound) } }
        let headers: HTTPHeaders = [
            "accept-language": "tlh", "ACCEPT-LANGUAGE": "ja;q=0.5", "Accept": "text/plain", "accept": "text/html",
        ]
        let response = try await app.send(.GET, "items", headers: headers)
        #expect(response.headers.first(name: .contentLanguage) == "ja")
        // `text/plain, text/html`: the first writer named on a tie of quality and specificity, the page.
        #expect(response.headers.first(name: .contentType)?.hasPrefix("text/html") == true)
    }

    @Test func routeNotFoundStays404InTheClientsLanguage() async throws {
        let app = TestApp { app in app.get("items") { _ -> String in "3 items" } }
        let response = try await app.send(.GET, "no/such/page", headers: ["Accept-Language": "ja"])
        #expect(response.status == 404)
        #expect(response.headers.first(name: .contentLanguage) == "ja")
        #expect(response.json["code"] as? String == "http.404")
        #expect(response.json["title"] as? String == "見つかりません")
        #expect(!response.body.contains("RouteNotFound"))
    }

    // MARK: The reason

    @Test func aReasonWrittenForClientsIsTheDetail() async throws {
        let app = TestApp { app in
            app.get("orders", ":id") { _ -> String in throw Abort(.notFound, reason: "No order has this number.") }
        }
        let response = try await app.send(.GET, "orders/7", headers: ["Accept-Language": "fr"])
        #expect(response.status == 404)
        #expect(response.json["detail"] as? String == "No order has this number.")
        #expect(response.json["code"] as? String == "http.404")
    }

    @Test func aReasonThatIsOnlyTheStatusPhraseGivesTheStatussLocalizedText() async throws {
        let app = TestApp { app in
            app.get("a") { _ -> String in throw Abort(.notFound) }
            app.get("b") { _ -> String in throw Abort(.notFound, reason: "not found.") }
            app.get("c") { _ -> String in throw Abort(.notFound, reason: "NOT FOUND") }
            app.get("d") { _ -> String in throw Abort(.notFound, reason: " \t\r\n") }
        }
        for path in ["a", "b", "c", "d"] {
            let english = try await app.send(.GET, path)
            #expect(english.json["detail"] as? String == "The requested item couldn’t be found.")
            let german = try await app.send(.GET, path, headers: ["Accept-Language": "de"])
            #expect(german.headers.first(name: .contentLanguage) == "de")
            #expect(german.json["detail"] as? String == "Das angeforderte Element wurde nicht gefunden.")
        }
    }

    @Test func aCatalogTextForTheAbortsIdentifierWinsInItsLanguage() async throws {
        let app = TestApp(pipeline: AlertPipeline().addingCatalog(shopCatalog)) { app in
            app.get("orders", ":id") { _ -> String in
                throw Abort(.notFound, reason: "No order has this number.", identifier: "order.notFound")
            }
        }
        let japanese = try await app.send(.GET, "orders/7", headers: ["Accept-Language": "ja"])
        #expect(japanese.json["code"] as? String == "order.notFound")
        #expect(japanese.json["detail"] as? String == "この番号の注文はありません。")
        let english = try await app.send(.GET, "orders/7", headers: ["Accept-Language": "en"])
        #expect(english.json["detail"] as? String == "No order has this number.")
    }

    @Test func reasonsAreNotSentWhenTurnedOff() async throws {
        let app = TestApp(options: FriendlyErrorsServerOptions(revealsFrameworkMessages: false)) { app in
            app.get("orders", ":id") { _ -> String in throw Abort(.notFound, reason: "SELECT * FROM orders") }
        }
        let response = try await app.send(.GET, "orders/7")
        #expect(response.status == 404)
        #expect(!response.body.contains("SELECT"))
        #expect(response.json["detail"] as? String == "The requested item couldn’t be found.")
    }

    @Test func aServerErrorsReasonIsLoggedNotSent() async throws {
        let app = TestApp { app in
            app.get("reports") { _ -> String in
                throw Abort(.serviceUnavailable, reason: "replica 10.0.0.3 is down")
            }
        }
        let response = try await app.send(.GET, "reports")
        #expect(response.status == 503)
        #expect(!response.body.contains("10.0.0.3"))
        let referenceID = try #require(response.json["referenceId"] as? String)
        let entry = try #require(app.errorEntry)
        #expect(entry.metadata["error.reference_id"] == .string(referenceID))
        #expect(entry.message == "Request failed: unexpected")
        #expect(entry.metadata["exception.type"] == "Vapor.Abort")
        #expect(entry.metadata["exception.message"] == "Abort.503: replica 10.0.0.3 is down")
    }

    // MARK: Validation and decoding

    @Test func validationsErrorBecomesOneFieldProblemPerBrokenField() async throws {
        let app = TestApp { app in
            app.post("signup") { request -> String in
                try SignUp.validate(content: request)
                return "welcome"
            }
        }
        let response = try await app.send(
            .POST, "signup", headers: ["Content-Type": "application/json", "Accept-Language": "ja"],
            body: #"{"name":"A","email":"nope","age":5}"#)
        #expect(response.status == 400)
        #expect(response.json["code"] as? String == "validation.failed")
        #expect(
            response.errors == [
                ["pointer": "#/name", "code": "validation.count.tooShort", "detail": "2文字以上で入力してください。"],
                ["pointer": "#/email", "code": "validation.email", "detail": "有効なメールアドレスを入力してください。"],
                ["pointer": "#/age", "code": "validation.range.tooSmall", "detail": "この値は13以上でなければなりません。"],
            ])
    }

    @Test func knownValidatorsHaveTextsAndOthersKeepVaporsText() async throws {
        struct Profile: Validatable {
            static func validations(_ validations: inout Validations) {
                validations.add("nickname", as: String.self, is: !.empty)
                validations.add("tags", as: [String].self, is: .count(...2))
                validations.add("homepage", as: String.self, is: .url)
                validations.add("bio", as: String?.self, is: .nil)
                validations.add("zip", as: String.self, is: .characterSet(.decimalDigits))
                validations.add("address") { address in
                    address.add("city", as: String.self, is: .count(1...))
                }
                validations.add("code", as: String.self, is: .custom("starts with X") { $0.hasPrefix("X") })
                validations.add(
                    "token", as: String.self, is: .alphanumeric, customFailureDescription: "Use letters and digits.")
                validations.add("missing", as: String.self)
            }
        }
        let app = TestApp { app in
            app.post("profile") { request -> String in
                try Profile.validate(content: request)
                return "ok"
            }
        }
        let response = try await app.send(
            .POST, "profile", headers: ["Content-Type": "application/json"],
            body: #"{"nickname":"","tags":["a","b","c"],"homepage":"no url","bio":"hi","zip":"12a","#
                + #""address":{"city":""},"code":"Y","token":"a-b"}"#)
        #expect(response.status == 400)
        #expect(
            response.errors == [
                ["pointer": "#/nickname", "code": "validation.empty", "detail": "This field must not be empty."],
                ["pointer": "#/tags", "code": "validation.count.tooMany", "detail": "Give at most 2 items."],
                ["pointer": "#/homepage", "code": "validation.url", "detail": "Enter a valid URL."],
                ["pointer": "#/bio", "code": "validation.mustBeNull", "detail": "This field must not have a value."],
                [
                    "pointer": "#/zip", "code": "validation.characters",
                    "detail": "This value contains characters that aren’t allowed.",
                ],
                [
                    "pointer": "#/address/city", "code": "validation.count.tooShort",
                    "detail": "Use at least 1 characters.",
                ],
                [
                    "pointer": "#/code", "code": "validation.invalid",
                    "detail": "code is not successfully validated for custom validation 'starts with X'.",
                ],
                ["pointer": "#/token", "code": "validation.custom", "detail": "Use letters and digits."],
                ["pointer": "#/missing", "code": "validation.required", "detail": "This field is required."],
            ])
    }

    @Test func anAppsTextForAValidationCodeWins() async throws {
        struct Contact: Validatable {
            static func validations(_ validations: inout Validations) {
                validations.add("email", as: String.self, is: .email)
            }
        }
        let catalog = TranslationCatalog(strings: [
            "en": ["validation.email.message": "We need an address we can write to."],
            "ja": ["validation.email.message": "連絡できるアドレスが必要です。"],
        ])
        let app = TestApp(pipeline: AlertPipeline().addingCatalog(catalog)) { app in
            app.post("contact") { request -> String in
                try Contact.validate(content: request)
                return "ok"
            }
        }
        for (language, detail) in [("en", "We need an address we can write to."), ("ja", "連絡できるアドレスが必要です。")] {
            let response = try await app.send(
                .POST, "contact", headers: ["Content-Type": "application/json", "Accept-Language": language],
                body: #"{"email":"nope"}"#)
            #expect(response.errors == [["pointer": "#/email", "code": "validation.email", "detail": detail]])
        }
    }

    @Test func decodingErrorAnswers400PointingAtTheField() async throws {
        let app = TestApp { app in
            app.post("orders") { request -> String in
                let order = try request.content.decode(Order.self)
                return "\(order.items.count)"
            }
        }
        let response = try await app.send(
            .POST, "orders", headers: ["Content-Type": "application/json"],
            body: #"{"items":[{"price":5,"quantity":1},{"price":"five","quantity":1}]}"#)
        #expect(response.status == 400)
        #expect(response.json["code"] as? String == "data.typeMismatch")
        #expect(
            response.errors == [
                ["pointer": "#/items/1/price", "code": "data.typeMismatch", "detail": "A value has the wrong type."]
            ])
        #expect(!response.body.contains("Swift.Int"))
        let missing = try await app.send(
            .POST, "orders", headers: ["Content-Type": "application/json"], body: #"{"items":[{"price":5}]}"#)
        #expect(missing.status == 400)
        #expect(missing.errors.first?["pointer"] == "#/items/0/quantity")
    }

    // MARK: Language and format

    @Test func plainTextForAcceptTextPlain() async throws {
        let app = TestApp(pipeline: AlertPipeline().addingCatalog(shopCatalog)) { app in
            app.post("orders") { _ -> String in throw InsufficientFunds(missingCredits: 42) }
        }
        let response = try await app.send(.POST, "orders", headers: ["Accept": "text/plain"])
        #expect(response.status == 402)
        #expect(response.headers.first(name: .contentType) == "text/plain; charset=utf-8")
        #expect(
            response.body == """
                error: Insufficient funds
                message: You need 42 more credits.

                """)
    }

    @Test func theIntegrationsTextsDoNotAddLanguagesTheAppLacks() async throws {
        let app = TestApp(pipeline: AlertPipeline().addingCatalog(shopCatalog)) { app in
            app.get("a") { _ -> String in throw Abort(.notFound) }
        }
        let french = try await app.send(.GET, "a", headers: ["Accept-Language": "fr"])
        #expect(french.headers.first(name: .contentLanguage) == "en")
    }

    // MARK: Logging

    @Test func clientErrorsAreLoggedAtNoticeThroughTheRequestsLogger() async throws {
        let app = TestApp { app in app.get("a") { _ -> String in throw Abort(.conflict) } }
        _ = try await app.send(.GET, "a", headers: ["X-Request-Id": "req-7"])
        let entry = try #require(app.errorEntry)
        #expect(entry.level == .notice)
        #expect(entry.metadata["error.type"] == "http.409")
        #expect(entry.metadata["error.category"] == "conflict")
        #expect(entry.metadata["http.response.status_code"] == "409")
        #expect(entry.metadata["http.route"] == "/a")
        #expect(entry.metadata["url.path"] == "/a")
        #expect(entry.metadata["request-id"] == "req-7", "the request's own logger")
        #expect(entry.metadata["error.reference_id"] == nil)
        #expect(entry.message == "Request failed: http.409", "no error's own text by default")
        #expect(entry.error == nil)
    }

    @Test func aClientsFaultIsLoggedWithoutItsText() async throws {
        let app = TestApp { app in app.get("a") { _ -> String in throw Abort(.conflict, reason: "row 7 is locked") } }
        _ = try await app.send(.GET, "a")
        let entry = try #require(app.errorEntry)
        #expect(entry.message == "Request failed: http.409")
        #expect(entry.metadata["exception.message"] == nil && entry.error == nil)
        #expect(!"\(entry.metadata)".contains("row 7"))
    }

    @Test func aDebuggableErrorsOwnLevelIsUsed() async throws {
        let app = TestApp { app in app.get("items") { _ -> String in "3 items" } }
        _ = try await app.send(.GET, "missing")
        // Vapor's RouteNotFound logs at debug, as in Vapor's own report(error:).
        #expect(app.errorEntry?.level == .debug)
    }

    @Test func unknownErrorIsLoggedAtErrorWithTheReferenceIDTheBodyCarries() async throws {
        let app = TestApp { app in app.get("reports") { _ -> String in throw ReportDatabaseFailure() } }
        let response = try await app.send(.GET, "reports")
        #expect(response.status == 500)
        for trace in [ReportDatabaseFailure.secret, "S3cr3t", "db.internal", "ReportDatabaseFailure", "postgres"] {
            #expect(!response.body.contains(trace))
            #expect(!response.headers.contains { $0.value.contains(trace) })
        }
        let referenceID = try #require(response.json["referenceId"] as? String)
        let entry = try #require(app.errorEntry)
        #expect(entry.level == .error)
        #expect(entry.metadata["error.reference_id"] == .string(referenceID))
        #expect(entry.metadata["error.type"] == "unexpected")
        #expect(entry.message == "Request failed: unexpected")
        // By default the operator's record carries the error (issue 47), the client's answer never does.
        #expect(entry.metadata["exception.type"] == "ExampleApp.ReportDatabaseFailure")
        #expect(entry.metadata["exception.message"] == .string("could not connect to \(ReportDatabaseFailure.secret)"))
        #expect(entry.error == nil, "never swift-log's `error:`, which a stream handler prints unescaped")
    }

    @Test func theLoggedTextIsCleanedOfTerminalEscapes() async throws {
        struct Hostile: Error, CustomStringConvertible {
            var description: String { "bad key \u{1B}]0;pwned\u{07} in input" }
        }
        let app = TestApp { app in app.get("x") { _ -> String in throw Hostile() } }
        _ = try await app.send(.GET, "x")
        #expect(app.errorEntry?.message == "Request failed: unexpected")
        #expect(app.errorEntry?.metadata["exception.message"] == "bad key \u{FFFD}]0;pwned\u{FFFD} in input")
    }

    @Test func observersSeeTheRequestsMethodPathAndID() async throws {
        let seen = Seen()
        let app = TestApp(pipeline: AlertPipeline().observing { seen.add($0.context.metadata) }) { app in
            app.get("reports") { _ -> String in throw ReportDatabaseFailure() }
        }
        _ = try await app.send(.GET, "reports", headers: ["X-Request-Id": "req-9"])
        #expect(seen.values.first == ["request.method": "GET", "request.path": "/reports", "request.id": "req-9"])
    }

    @Test func loggingCanBeTurnedOff() async throws {
        let app = TestApp(options: FriendlyErrorsServerOptions(revealsFrameworkMessages: true, logging: .off)) { app in
            app.get("reports") { _ -> String in throw ReportDatabaseFailure() }
        }
        _ = try await app.send(.GET, "reports")
        #expect(app.errorEntry == nil)
    }

    // MARK: Production by default

    @Test func debugDetailsOnlyWhenThePipelineIsConfiguredForThem() async throws {
        let configure: @Sendable (Application) -> Void = { app in
            app.get("reports") { _ -> String in throw ReportDatabaseFailure() }
        }
        let production = try await TestApp(configure: configure).send(.GET, "reports")
        #expect(production.json["debugDetail"] == nil)
        let development = TestApp(
            pipeline: AlertPipeline(configuration: .init(includesDebugDetails: true)), configure: configure)
        let response = try await development.send(.GET, "reports")
        #expect((response.json["debugDetail"] as? String)?.contains(ReportDatabaseFailure.secret) == true)
    }

    @Test func aDebuggableErrorThatIsNotAnAbortErrorIsAnUnknown500() async throws {
        struct Internal: DebuggableError {
            var identifier: String { "internal" }
            var reason: String { "cache at /var/lib/shop corrupt" }
        }
        let app = TestApp { app in app.get("x") { _ -> String in throw Internal() } }
        let response = try await app.send(.GET, "x")
        #expect(response.status == 500)
        #expect(!response.body.contains("/var/lib/shop"))
        #expect(app.errorEntry?.level == .warning, "DebuggableError's default level, as Vapor logs it")
    }
}
