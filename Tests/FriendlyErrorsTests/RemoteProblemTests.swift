import Foundation
import FriendlyErrorsAdapters
import Testing

@testable import FriendlyErrors

/// A client reading the problems servers answer with: this library's own bodies, other stacks'
/// bodies, anything else, and hostile bodies.
@Suite struct RemoteProblemTests {
    static let problemJSON = ("Content-Type", "application/problem+json")
    static let requestURL = URL(string: "https://shop.example.com/api/orders/7")

    static func problem(
        _ status: Int, _ body: String, headers: [(String, String)] = [problemJSON], defaultLanguage: String? = nil
    ) -> RemoteProblem {
        RemoteProblem(
            status: status, headers: headers, body: Array(body.utf8), requestURL: requestURL,
            defaultLanguage: defaultLanguage)
    }

    // MARK: This library's servers

    struct PaymentDeclined: FriendlyError {
        var code: String { "payment.declined" }
        var category: ErrorCategory { .permissionDenied }
        var recoveries: [Recovery] {
            [
                .link(id: "topUp", label: "Top up", href: "/wallet/top-up"),
                .link(id: "help", label: "Help", href: "https://help.example.com/payments"),
            ]
        }
        var fieldProblems: [FieldProblem] {
            [FieldProblem("/card/number", code: "payment.card.invalid", message: "The card number is wrong.")]
        }
    }

    static let serverPipeline = AlertPipeline().addingCatalog(
        TranslationCatalog(strings: [
            "en": [
                "payment.declined.title": "Payment declined",
                "payment.declined.message": "Your card was declined.",
                "payment.declined.suggestion": "Top up your wallet.",
            ],
            "ja": [
                "payment.declined.title": "支払いが拒否されました",
                "payment.declined.message": "カードが拒否されました。",
                "payment.declined.suggestion": "ウォレットにチャージしてください。",
                "payment.declined.action.topUp": "チャージ",
                "payment.declined.action.help": "ヘルプ",
                "payment.card.invalid.message": "カード番号が正しくありません。",
            ],
        ]))

    static func serverResponse(for error: any Error, language: String = "ja") -> ErrorResponse {
        serverPipeline.response(
            for: error, to: ErrorRequest(acceptLanguage: language),
            writers: [JSONPresenter(typeBaseURI: "https://errors.example.com/")])
    }

    static func received(_ response: ErrorResponse) -> RemoteProblem {
        RemoteProblem(
            status: response.status, headers: response.headers.map { ($0.name, $0.value) }, body: response.body,
            requestURL: requestURL)
    }

    @Test func ourOwnBodyKeepsTheServersCodeTextsFieldProblemsAndLinks() throws {
        let response = Self.serverResponse(for: PaymentDeclined())
        let problem = Self.received(response)
        #expect(problem.status == 403)
        #expect(problem.code == "payment.declined")
        #expect(problem.category == .permissionDenied)
        #expect(problem.language == "ja")
        #expect(problem.showsServerTexts)
        #expect(problem.title == "支払いが拒否されました")
        #expect(problem.message == .verbatim("カードが拒否されました。"))
        #expect(problem.suggestion == .verbatim("ウォレットにチャージしてください。"))
        #expect(problem.type == "https://errors.example.com/payment/declined")
        #expect(
            problem.fieldProblems == [
                FieldProblem("#/card/number", code: "payment.card.invalid", message: .verbatim("カード番号が正しくありません。"))
            ])
        #expect(problem.recoveries.map(\.id) == ["topUp", "help"])
        #expect(
            problem.recoveries.map(\.href) == [
                "https://shop.example.com/wallet/top-up", "https://help.example.com/payments",
            ])
        #expect(problem.recoveries.map(\.label) == [.verbatim("チャージ"), .verbatim("ヘルプ")])
    }

    // MARK: How the pipeline knows it (a built-in rule, not FriendlyError)

    @Test func aProblemResumedThroughAContinuationGetsTheAlertItGetsThrownDirectly() async throws {
        let problem = Self.received(Self.serverResponse(for: PaymentDeclined()))
        let direct = AlertPipeline().alert(for: problem, in: "en")
        // Boxed as `any Error` twice, as every error a checked continuation passes on.
        let caught: any Error
        do {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                continuation.resume(throwing: problem)
            }
            Issue.record("the continuation should throw")
            return
        } catch {
            caught = error
        }
        let boxed = AlertPipeline().alert(for: caught, in: "en")
        #expect(boxed.code == "payment.declined")
        #expect(boxed.language == "ja")
        #expect(boxed.title == direct.title)
        #expect(boxed.message == direct.message)
        #expect(boxed.actions.map(\.id) == direct.actions.map(\.id))
        #expect(boxed.fieldProblems == direct.fieldProblems)
        #expect(boxed.httpStatus == 403)
    }

    @Test func localizedDescriptionIsTheAlertsMessageInTheServersLanguage() {
        let problem = Self.received(Self.serverResponse(for: PaymentDeclined()))
        #expect(problem.errorDescription == "カードが拒否されました。")
        #expect(problem.recoverySuggestion == "ウォレットにチャージしてください。")
        #expect((problem as any Error).localizedDescription == "カードが拒否されました。")
    }

    @Test func anAppsRuleForRemoteProblemWinsOverTheBuiltInOne() {
        let problem = Self.received(Self.serverResponse(for: PaymentDeclined()))
        let pipeline = AlertPipeline().registering(RemoteProblem.self) { problem in
            problem.status == 403 ? Classification(code: "wallet.declined", category: .permissionDenied) : nil
        }
        #expect(pipeline.alert(for: problem, in: "en").code == "wallet.declined")
        #expect(AlertPipeline().alert(for: problem, in: "en").code == "payment.declined")
    }

    @Test func theClientsAlertIsTheServersAlertInTheServersLanguage() {
        let response = Self.serverResponse(for: PaymentDeclined())
        // The client asked in Japanese but its own process is in English: the alert follows the texts.
        let alert = AlertPipeline().alert(for: Self.received(response), in: "en")
        let server = response.alert
        #expect(alert.code == server.code)
        #expect(alert.language == "ja")
        #expect(alert.presenterTexts.language == "ja")
        #expect(alert.title == server.title)
        #expect(alert.message == server.message)
        #expect(alert.suggestion == server.suggestion)
        #expect(alert.fieldProblems.map(\.message) == server.fieldProblems.map(\.message))
        #expect(alert.fieldProblems.map(\.code) == server.fieldProblems.map(\.code))
        #expect(alert.actions.map(\.id) == server.actions.map(\.id))
        #expect(alert.actions.map(\.label) == server.actions.map(\.label))
        #expect(alert.actions.map(\.label) == ["チャージ", "ヘルプ", "キャンセル"])
        #expect(alert.httpStatus == 403)
    }

    @Test func theReferenceIDOfAnUnexpectedErrorReachesTheClientsAlert() throws {
        struct Secret: Error { var password = "hunter2" }
        let response = Self.serverResponse(for: Secret(), language: "ja")
        let referenceID = try #require(response.alert.referenceID)
        let problem = Self.received(response)
        #expect(problem.referenceID == referenceID)
        #expect(problem.code == "unexpected")
        let alert = AlertPipeline().alert(for: problem, in: "en")
        #expect(alert.referenceID == referenceID)
        #expect(alert.language == "ja")
        #expect(alert.title == response.alert.title)
        #expect(alert.message == response.alert.message)
    }

    @Test func aReceivedProblemIsNeverTranslatedAgainByTheClientsCatalog() {
        let response = Self.serverResponse(for: PaymentDeclined(), language: "en")
        // The client's catalog has other words for the same code, in the same language.
        let client = AlertPipeline().addingCatalog(
            TranslationCatalog(strings: ["en": ["payment.declined.title": "Client's own title"]]))
        let alert = client.alert(for: Self.received(response), in: "ja")
        #expect(alert.title == "Payment declined")
        #expect(alert.language == "en")
        #expect(alert.actions.last?.label == "Cancel")
    }

    @Test func aLanguageTheClientDoesNotOfferKeepsItsTextsWithBaseLanguageLabels() {
        let response = Self.serverResponse(for: PaymentDeclined())
        let alert = AlertPipeline().offering(languages: ["en"]).alert(for: Self.received(response), in: "en")
        #expect(alert.language == "ja")
        #expect(alert.title == "支払いが拒否されました")
        #expect(alert.actions.last?.label == "Cancel")
    }

    @Test func theConsoleShowsTheReceivedProblemInTheServersLanguage() async {
        let response = Self.serverResponse(for: PaymentDeclined())
        let captured = CapturedOutput()
        let presenter = consolePresenter(captured, width: .columns(60))
        _ = await presenter.present(AlertPipeline().alert(for: Self.received(response), in: "en"))
        #expect(
            captured.text == """
                エラー: 支払いが拒否されました
                  カードが拒否されました。
                  - #/card/number: カード番号が正しくありません。
                  対処法: ウォレットにチャージしてください。

                  対話型ターミナルではないため、入力は求めません。選択肢：
                  1) チャージ
                  2) ヘルプ
                  3) キャンセル

                """)
    }

    // MARK: Other stacks

    @Test func springBootsDefaultProblemGivesTheStatussAlertInTheClientsLanguage() {
        let problem = Self.problem(
            404,
            #"{"type":"about:blank","title":"Not Found","status":404,"detail":"No static resource api/missing.","instance":"/api/missing"}"#
        )
        #expect(problem.code == "http.404")
        #expect(problem.category == .notFound)
        #expect(!problem.showsServerTexts)
        #expect(problem.type == nil)
        let alert = AlertPipeline().alert(for: problem, in: "ja")
        #expect(alert.language == "ja")
        #expect(alert.title == AlertPipeline().alert(for: Self.problem(404, ""), in: "ja").title)
        #expect(!alert.message.contains("static resource"))
    }

    @Test func springBootsProblemShowsItsTextsWhenTheAppNamesTheirLanguage() {
        let problem = Self.problem(
            404, #"{"type":"about:blank","title":"Not Found","status":404,"detail":"No static resource api/missing."}"#,
            defaultLanguage: "en")
        let alert = AlertPipeline().alert(for: problem, in: "ja")
        #expect(alert.language == "en")
        #expect(alert.title == "Not Found")
        #expect(alert.message == "No static resource api/missing.")
        #expect(alert.actions.map(\.label) == ["OK"])
    }

    static let aspNetValidation = #"""
        {"type":"https://tools.ietf.org/html/rfc9110#section-15.5.1","title":"One or more validation errors occurred.",
         "status":400,"errors":{"Name":["The Name field is required."],"Age":["The field Age must be between 1 and 120.",
         "Age is odd."]},"traceId":"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00"}
        """#

    @Test func aspNetCoresValidationErrorsBecomeFieldProblemsWithTheTraceID() {
        let problem = Self.problem(
            400, Self.aspNetValidation, headers: [("content-type", "application/problem+json; charset=utf-8")])
        #expect(problem.code == "http.400")
        #expect(problem.category == .invalidInput)
        #expect(problem.traceID == "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00")
        #expect(problem.type == "https://tools.ietf.org/html/rfc9110#section-15.5.1")
        #expect(problem.fieldProblems.map(\.field) == ["Name", "Age", "Age"])
        // No language stated: the messages are the client's generic ones.
        let alert = AlertPipeline().alert(for: problem, in: "ja")
        #expect(alert.language == "ja")
        #expect(!alert.fieldProblems.contains { $0.message.contains("required") })
    }

    @Test func aspNetCoresValidationMessagesShowInTheLanguageTheServerStated() {
        let problem = Self.problem(
            400, Self.aspNetValidation, headers: [Self.problemJSON, ("Content-Language", "en-US")])
        let alert = AlertPipeline().alert(for: problem, in: "ja")
        #expect(alert.language == "en")
        #expect(alert.title == "One or more validation errors occurred.")
        #expect(
            alert.fieldProblems.map(\.message) == [
                "The Name field is required.", "The field Age must be between 1 and 120.", "Age is odd.",
            ])
    }

    @Test func rfc9457sInvalidParamsBecomeFieldProblems() {
        let problem = Self.problem(
            400,
            #"{"type":"https://example.net/validation-error","title":"Your request is not valid.","language":"en","invalid-params":[{"name":"age","reason":"must be a positive integer"},{"name":"color","reason":"must be 'green', 'red' or 'blue'"}]}"#
        )
        #expect(problem.fieldProblems.map(\.field) == ["age", "color"])
        #expect(
            problem.fieldProblems.map(\.message) == ["must be a positive integer", "must be 'green', 'red' or 'blue'"])
    }

    @Test func vaporsDefaultBodyNeverShowsItsReason() {
        let problem = Self.problem(
            500, #"{"error":true,"reason":"Could not connect to postgres://admin:hunter2@db:5432"}"#,
            headers: [("Content-Type", "application/json; charset=utf-8")])
        #expect(problem.code == "http.500")
        #expect(problem.category == .internal)
        #expect(!problem.showsServerTexts)
        let alert = AlertPipeline().alert(for: problem, in: "en")
        #expect(alert.title == "Internal error")
        #expect(alert.message == "An internal error occurred.")
    }

    @Test func aProxysHTMLPageGivesTheStatussGenericAlert() {
        let html = "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1>nginx</body></html>"
        let problem = Self.problem(502, html, headers: [("Content-Type", "text/html")])
        #expect(problem.code == "http.502")
        let alert = AlertPipeline().alert(for: problem, in: "en")
        #expect(!alert.message.contains("nginx"))
        #expect(alert.httpStatus == 502)
    }

    /// Issue 44: a proxy's or load balancer's 502 or 504, with its HTML page or no body, is transient:
    /// the unavailable or timeout alert with a retry, in the user's language — not "Internal error".
    @Test(arguments: [(502, ErrorCategory.unavailable), (504, .timeout)])
    func aGatewaysFailureIsTransientWithARetry(status: Int, category: ErrorCategory) {
        let html = "<html><body><h1>\(status) Gateway</h1><hr>nginx/1.25</body></html>"
        for (body, headers) in [(html, [("Content-Type", "text/html")]), ("", [])] {
            let problem = Self.problem(status, body, headers: headers)
            #expect(problem.category == category)
            #expect(problem.recoveries.map(\.id) == ["retry"])
            let alert = AlertPipeline().alert(for: problem, in: "en")
            #expect(alert.title != "Internal error")
            #expect(alert.exitStatus == category.exitStatus)
            #expect(alert.exitStatus != 70)
            #expect(alert.actions.map(\.id).contains("retry"))
            #expect(!alert.message.contains("nginx"))
            let japanese = AlertPipeline().alert(for: problem, in: "ja")
            #expect(japanese.language == "ja")
        }
    }

    @Test func problemJSONThatIsNotAnObjectGivesTheGenericAlert() {
        for body in ["", "null", "[]", "\"text\"", "{", "{\"title\":\"x\"} trailing", "<html>", "\u{FF}\u{FE}"] {
            let problem = Self.problem(409, body, headers: [Self.problemJSON, ("Content-Language", "en")])
            #expect(!problem.showsServerTexts, "\(body)")
            #expect(problem.code == "http.409")
            #expect(problem.category == .conflict)
        }
    }

    // MARK: Retrying

    @Test func aServiceUnavailableWithRetryAfterOffersARetryThatWaits() async throws {
        let problem = Self.problem(503, "", headers: [("Retry-After", "0")])
        #expect(problem.retryDelaySeconds == 0)
        #expect(problem.recoveries.map(\.id) == ["retry"])
        #expect(try await problem.recoveries[0].perform() == .retry)
        let waiting = Self.problem(503, "", headers: [("retry-after", " 2 ")])
        #expect(waiting.retryDelaySeconds == 2)
        #expect(waiting.recoveries.map(\.id) == ["retry"])
        #expect(waiting.responseHeaders == [.retryAfter(seconds: 2)])
        let alert = AlertPipeline().alert(for: waiting, in: "ja")
        #expect(alert.actions.map(\.label) == ["キャンセル", "再試行"])
    }

    @Test func aRetryAfterDateIsReadAsTheTimeUntilThen() {
        let date = "Wed, 21 Oct 2026 07:28:00 GMT"
        let then = Date(timeIntervalSince1970: 1_792_567_680)
        #expect(RetryAfter.seconds(date, now: then.addingTimeInterval(-90)) == 90)
        #expect(RetryAfter.seconds(date, now: then.addingTimeInterval(0.5)) == 0)
        #expect(RetryAfter.seconds("Wed, 21 Oct 2026 07:28:00 UTC") == nil)
        #expect(RetryAfter.seconds("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(RetryAfter.seconds("-5") == nil)
        #expect(RetryAfter.seconds("99999999999999999999") == Int64(Int32.max))
    }

    @Test func aServerAskingForALongWaitGetsNoRetry() {
        let problem = Self.problem(429, "", headers: [("Retry-After", "3600")])
        #expect(problem.retryDelaySeconds == 3600)
        #expect(problem.category == .rateLimited)
        #expect(problem.recoveries.isEmpty)
    }

    @Test func aTransientCategoryOffersARetryAndAPermanentOneNone() {
        #expect(Self.problem(504, "").recoveries.map(\.id) == ["retry"])
        #expect(Self.problem(404, "").recoveries.isEmpty)
    }

    // MARK: Hostile bodies

    @Test func hostileLinksAndTypesAreDropped() {
        let body = #"""
            {"type":"javascript:alert(1)","title":"t","language":"en","actions":[
             {"id":"a","title":"A","role":"default","href":"javascript:alert(1)"},
             {"id":"b","title":"B","role":"default","href":"//evil.example/"},
             {"id":"c","title":"C","role":"default","href":"data:text/html,<script>"},
             {"id":"d","title":"D","role":"default","href":"java\tscript:x"},
             {"id":"e","title":"E","role":"default","href":"/\\evil.example"},
             {"id":"f","title":"F","role":"destructive","href":"../cancel"},
             {"id":"ok","title":"OK","role":"default"},{"id":"topUp","title":"Top up","role":"default"},
             {"id":"x y","title":"bad id","role":"default","href":"/x"}]}
            """#
        let problem = Self.problem(400, body)
        #expect(problem.type == nil)
        #expect(problem.recoveries.map(\.id) == ["f"])
        #expect(problem.recoveries.map(\.href) == ["https://shop.example.com/api/cancel"])
        #expect(problem.recoveries.map(\.isDestructive) == [true])
    }

    @Test func aTypeIsKeptOnlyAsAnAbsoluteHTTPLink() {
        for (type, kept) in [
            ("https://errors.example.com/a", true), ("HTTP://errors.example.com/a", true), ("httpx/relative", false),
            ("about:blank", false), ("/relative", false), ("https://", false),
        ] {
            let problem = Self.problem(400, #"{"language":"en","type":"\#(type)"}"#)
            #expect((problem.type != nil) == kept, "\(type)")
        }
    }

    @Test func aHugeBodyIsNotRead() {
        let huge = #"{"title":""# + String(repeating: "a", count: 10_000_000) + #"","language":"en"}"#
        let problem = Self.problem(400, huge)
        #expect(!problem.showsServerTexts)
        #expect(problem.code == "http.400")
    }

    @Test func deepNestingIsRefusedWithoutExhaustingTheStack() {
        for body in [
            String(repeating: "[", count: 1_000_000), #"{"language":"en","x":"# + String(repeating: "[", count: 60_000),
            #"{"language":"en","title":"t","x":"# + String(repeating: "[", count: 20)
                + String(repeating: "]", count: 20)
                + "}",
            #"{"language":"en","title":"t","x":"# + String(repeating: #"{"a":"#, count: 20) + "1"
                + String(repeating: "}", count: 20) + "}",
        ] {
            #expect(!Self.problem(400, body).showsServerTexts)
        }
        let shallow =
            #"{"language":"en","title":"t","x":"# + String(repeating: "[", count: 10)
            + String(repeating: "]", count: 10)
            + "}"
        #expect(Self.problem(400, shallow).showsServerTexts)
    }

    @Test func tooManyMembersAreRefusedAndFieldProblemsAndTextsCapped() throws {
        let members = (0..<300).map { #""m\#($0)":1"# }.joined(separator: ",")
        #expect(!Self.problem(400, #"{"language":"en",\#(members)}"#).showsServerTexts)

        let fields = (0..<2_000).map { #"{"field":"f\#($0)","detail":"d"}"# }.joined(separator: ",")
        let many = Self.problem(400, #"{"language":"en","title":"t","errors":[\#(fields)]}"#)
        #expect(many.fieldProblems.count == 100)

        let long = Self.problem(400, #"{"language":"en","title":""# + String(repeating: "é", count: 30_000) + #""}"#)
        let title = try #require(long.title)
        #expect(title.utf8.count <= 2048)
        #expect(title.hasSuffix("é…"))
    }

    @Test func invalidUTF8AndLoneSurrogatesBecomeReplacementCharacters() {
        var body = Array(#"{"language":"en","title":"a"#.utf8)
        body += [0xFF, 0xC3]
        body += Array(#"b","detail":"x\ud800y\ud83d\ude00"}"#.utf8)
        let problem = RemoteProblem(status: 400, headers: [Self.problemJSON], body: body)
        #expect(problem.title == "a\u{FFFD}\u{FFFD}b")
        #expect(problem.message == .verbatim("x\u{FFFD}y😀"))
    }

    @Test func controlCharactersReachTheConsoleOnlyAsVisibleEscapes() async {
        let problem = Self.problem(
            400, #"{"language":"en","title":"Bad\u001b[31m red","detail":"line\u0007bell\u202Eevil"}"#)
        let captured = CapturedOutput()
        _ = await consolePresenter(captured).present(AlertPipeline().alert(for: problem, in: "en"))
        #expect(!captured.text.contains("\u{1B}"))
        #expect(!captured.text.contains("\u{7}"))
        #expect(!captured.text.contains("\u{202E}"))
        #expect(captured.text.hasPrefix("error: Bad\\u{1B}[31m red\n"))
    }

    @Test func identifiersThatAreNotIdentifiersAreDropped() {
        let problem = Self.problem(
            400,
            #"{"language":"en","code":"a b","category":"<script>","referenceId":"x\ny","traceId":"\u0000","severity":"fatal"}"#
        )
        #expect(problem.code == "http.400")
        #expect(problem.category == .invalidInput)
        #expect(problem.referenceID == nil)
        #expect(problem.traceID == nil)
        #expect(problem.severity == .error)
    }

    @Test func aCategoryOfTheServersOwnKeepsItsNameAndTheStatussFacts() {
        let problem = Self.problem(
            402, #"{"language":"en","code":"account.insufficientFunds","category":"paymentRequired"}"#)
        #expect(problem.category.name == "paymentRequired")
        #expect(problem.category.httpStatus == 402)
        #expect(problem.category.exitStatus == ErrorCategory.invalidInput.exitStatus)
    }

    @Test func aKnownCodeGivesItsCategory() {
        let problem = Self.problem(500, #"{"language":"en","code":"network.offline"}"#)
        #expect(problem.category == .unavailable)
    }

    @Test func theDescriptionNamesStatusAndCodeButNoText() {
        let problem = Self.problem(400, #"{"language":"en","title":"secret words","referenceId":"7K3Q-9X2M"}"#)
        #expect(problem.description == "RemoteProblem(status: 400, code: http.400, reference: 7K3Q-9X2M)")
    }
}

/// A problem a server described in parts (a gRPC status's details), checked as a body's would be.
@Suite struct RemoteProblemPartsTests {
    @Test func partsGiveTheSameProblemAsABody() {
        var parts = RemoteProblem.Parts()
        parts.code = "shop.outOfStock"
        parts.category = "conflict"
        parts.language = "ja-JP"
        parts.title = "在庫切れ"
        parts.message = "在庫がありません。"
        parts.fieldProblems = [(field: "items[0].sku", code: "shop.sku.unknown", message: "この商品はありません。")]
        parts.links = [
            (id: "status", label: "状況", href: "https://status.example.com"),
            (id: "evil", label: "x", href: "javascript:alert(1)"),
        ]
        parts.retryAfterSeconds = 1
        parts.referenceID = "7K3Q-9X2M"
        let problem = RemoteProblem(status: 409, parts: parts)
        #expect(problem.code == "shop.outOfStock")
        #expect(problem.category == .conflict)
        #expect(problem.language == "ja-JP")
        #expect(problem.message == .verbatim("在庫がありません。"))
        #expect(
            problem.fieldProblems == [
                FieldProblem("items[0].sku", code: "shop.sku.unknown", message: .verbatim("この商品はありません。"))
            ])
        #expect(problem.recoveries.map(\.id) == ["retry", "status"])
        #expect(problem.referenceID == "7K3Q-9X2M")
        let alert = AlertPipeline().alert(for: problem, in: "en")
        #expect(alert.language == "ja")
        #expect(alert.actions.map(\.label) == ["再試行", "状況", "キャンセル"])
    }

    @Test func partsAreCappedAndCheckedAsABodysAre() {
        var parts = RemoteProblem.Parts()
        parts.language = "en"
        parts.code = "not a code"
        parts.message = String(repeating: "あ", count: 5_000)
        let problem = RemoteProblem(status: 400, parts: parts)
        #expect(problem.code == "http.400")
        #expect((problem.message.defaultValue ?? "").utf8.count <= 2048)
        #expect(problem.message.defaultValue?.hasSuffix("あ…") == true)
        #expect(!RemoteProblem(status: 400, parts: RemoteProblem.Parts()).showsServerTexts)
    }

    // MARK: Issue 47, item 10: a long server title

    /// A server's error whose title and message are far longer than a client shows.
    struct LongTexts: FriendlyError {
        var text: String
        var code: String { "shop.longTexts" }
        var category: ErrorCategory { .conflict }
        var title: LocalizableText { .verbatim(text) }
        var message: LocalizableText { .verbatim(text) }
    }

    /// 10,000 characters of one kind each: ASCII, kana, a letter and its combining accent, and words that
    /// end in an ellipsis of their own; 5,000 emoji with a skin tone (two scalars, 8 bytes: 10,000 would
    /// make a body over the 64 KiB a client reads).
    static let longTitles: [(name: String, text: String)] = [
        ("ASCII", String(repeating: "a", count: 10_000)), ("kana", String(repeating: "あ", count: 10_000)),
        ("emoji", String(repeating: "👍🏽", count: 5_000)), ("accent", String(repeating: "e\u{301}", count: 10_000)),
        ("ellipses", String(repeating: "Wait… ", count: 1_666) + "Wait"),
    ]

    /// Whether `shown` is a start of `text` cut once: at most 2048 bytes, whole characters of `text`
    /// and one `…`.
    static func isCutOnce(_ shown: String, from text: String) -> Bool {
        shown.utf8.count <= 2048 && shown.hasSuffix("…") && !shown.dropLast().hasSuffix("…")
            && Array(text).starts(with: Array(shown.dropLast()))
    }

    @Test(arguments: longTitles.map(\.name))
    func aTenThousandCharacterServerTitleIsCutOnceEndingInOneEllipsis(_ name: String) async throws {
        let text = try #require(Self.longTitles.first { $0.name == name }?.text)
        // This library's server, its body read back by a client and shown by its console.
        let ours = RemoteProblemTests.received(
            AlertPipeline().response(
                for: LongTexts(text: text), to: ErrorRequest(acceptLanguage: "en"), writers: [JSONPresenter()]))
        // Another server sending the whole title, raw and with its first characters escaped (the reader's
        // other path).
        let escaped =
            String(text.prefix(100)).utf16.map { String(format: "\\u%04x", $0) }.joined() + text.dropFirst(100)
        let raw = RemoteProblemTests.problem(409, #"{"language":"en","title":""# + text + #""}"#)
        let escapes = RemoteProblemTests.problem(409, #"{"language":"en","title":""# + escaped + #""}"#)
        // A gRPC or generated client's problem made from parts.
        var parts = RemoteProblem.Parts()
        parts.language = "en"
        parts.title = text
        let fromParts = RemoteProblem(status: 409, parts: parts)
        for problem in [ours, raw, escapes, fromParts] {
            let alert = AlertPipeline().alert(for: problem, in: "en")
            #expect(Self.isCutOnce(alert.title, from: text), "\(alert.title.suffix(8))")
            let captured = CapturedOutput()
            _ = await consolePresenter(captured, layout: .plain).present(alert)
            #expect(captured.text.contains(alert.title))
            #expect(!captured.text.contains("……"))
            // Shown again by a server of the client's own (a gateway): the cut text fits, uncut.
            let again = RemoteProblemTests.received(
                AlertPipeline().response(
                    for: problem, to: ErrorRequest(acceptLanguage: "en"), writers: [JSONPresenter()]))
            #expect(again.title == alert.title)
        }
    }

    @Test(arguments: longTitles.map(\.name))
    func aTextPlainBodyCapsALongTitleAsAProblemBodyDoes(_ name: String) throws {
        let text = try #require(Self.longTitles.first { $0.name == name }?.text)
        let response = AlertPipeline().response(
            for: LongTexts(text: text), to: ErrorRequest(acceptLanguage: "en", accept: "text/plain"),
            writers: [JSONPresenter(), PlainTextBodyWriter()])
        let body = String(decoding: response.body, as: UTF8.self)
        let lines = body.split(separator: "\n").map(String.init)
        // "error: <title>" and "message: <message>", each cut once.
        let title = try #require(lines.first?.split(separator: " ", maxSplits: 1).last.map(String.init))
        #expect(Self.isCutOnce(title, from: text))
        #expect(response.body.count < 4 * 2048 + 256)
        #expect(!body.contains("……"))
    }
}
