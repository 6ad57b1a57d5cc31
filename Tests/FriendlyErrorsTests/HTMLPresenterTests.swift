import Foundation
import Testing

@testable import FriendlyErrors

/// The web page of an alert: its anatomy, its links, its escaping and its style.
@Suite struct HTMLPresenterTests {
    struct SignInRequired: FriendlyError {
        var code: String { "account.signInRequired" }
        var title: LocalizableText { "Sign-in required" }
        var message: LocalizableText { "Sign in to see your orders." }
        var suggestion: LocalizableText { "Your session ended after 30 minutes." }
        var category: ErrorCategory { .unauthenticated }
        var recoveries: [Recovery] {
            [
                .link(id: "signIn", label: "Sign in", href: "/login?next=%2Forders"),
                Recovery(id: "topUp", label: "Top up") { .done },  // no link: not on a page
            ]
        }
    }

    struct DeleteDraft: FriendlyError {
        var code: String { "draft.conflict" }
        var title: LocalizableText { "The draft changed" }
        var message: LocalizableText { "Someone else edited this draft." }
        var category: ErrorCategory { .conflict }
        var recoveries: [Recovery] {
            [
                Recovery(id: "discard", label: "Discard my changes", isDestructive: true, href: "/drafts/7/discard") {
                    .done
                }
            ]
        }
    }

    struct Hostile: FriendlyError {
        static let text =
            "<script>alert(1)</script></style><style>body{display:none}</style>\"><img src=x onerror=alert(2)>"
            + " &amp; 'quoted' \u{202E}gnp.exe\u{202C} \u{0}\u{1B}[31m\u{85}"
        var code: String { "hostile" }
        var title: LocalizableText { .verbatim(Self.text) }
        var message: LocalizableText { .verbatim(Self.text) }
        var reason: LocalizableText { .verbatim(Self.text) }
        var category: ErrorCategory { .invalidInput }
        var recoveries: [Recovery] {
            [
                .link(id: "evil", label: .verbatim(Self.text), href: "javascript:alert(3)"),
                .link(id: "data", label: "Data", href: "data:text/html,<script>alert(4)</script>"),
            ]
        }
        var fieldProblems: [FieldProblem] { [FieldProblem(Self.text, code: "x", message: .verbatim(Self.text))] }
    }

    struct Secret: Error { var password = "hunter2" }

    let presenter = HTMLPresenter(titleSuffix: "Shop")
    let pipeline = AlertPipeline()

    private func page(
        _ error: any Error, in language: LanguagePreference = "en", request: ErrorRequest = .init()
    )
        -> String
    {
        presenter.page(for: pipeline.alert(for: error, in: language), request: request)
    }

    @Test func pageIsACompleteDocumentWithLangDirTitleAndOneStyle() {
        let html = page(SignInRequired())
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\" dir=\"ltr\">\n<head>\n<meta charset=\"utf-8\">"))
        #expect(html.contains("<title>Sign-in required – Shop</title>"))
        #expect(html.components(separatedBy: "<style").count == 2)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<link") && !html.contains("src="))
        #expect(html.components(separatedBy: "<h1").count == 2)
        #expect(html.contains("<h1 class=\"fe-title\" id=\"fe-title\" dir=\"auto\">Sign-in required</h1>"))
        #expect(html.contains("<p class=\"fe-status\">Error 401</p>"))
        #expect(html.contains("<p class=\"fe-suggestion\" dir=\"auto\">Your session ended after 30 minutes.</p>"))
        #expect(html.hasSuffix("</section>\n</main>\n</body>\n</html>\n"))
    }

    @Test func actionsAreLinksInTheAlertsOrderWithOneCancelAndNoUnfollowableRecovery() {
        let html = page(SignInRequired())
        let links = html.components(separatedBy: "<a ").dropFirst().map { "<a " + $0.prefix { $0 != "\n" } }
        #expect(
            links == [
                #"<a class="fe-button fe-cancel" href="/" data-action="cancel" dir="auto">Go to the home page</a>"#,
                #"<a class="fe-button fe-primary" href="/login?next=%2Forders" data-action="signIn" dir="auto">Sign in</a>"#,
            ])
        #expect(!html.contains("Top up"))
    }

    @Test func destructiveActionComesFirstAndIsNeverThePrimary() {
        let html = page(DeleteDraft())
        let discard = html.range(of: "data-action=\"discard\"")!
        let cancel = html.range(of: "data-action=\"cancel\"")!
        #expect(discard.lowerBound < cancel.lowerBound)
        #expect(html.contains(#"<a class="fe-button fe-destructive" href="/drafts/7/discard""#))
        #expect(html.contains(#"<a class="fe-button fe-cancel fe-primary" href="/""#))
    }

    @Test func transientFailureOffersTryAgainToTheSameURLForGetOnly() {
        let request = ErrorRequest(method: "GET", target: "/search?q=shoes&page=2")
        let html = page(URLError(.timedOut), request: request)
        // URLError's own retry recovery, with its label.
        #expect(html.contains(#"href="/search?q=shoes&amp;page=2" data-action="retry" dir="auto">Try Again</a>"#))
        // A transient category without one: the page's own "Try again".
        struct Down: FriendlyError {
            var code: String { "search.down" }
            var category: ErrorCategory { .unavailable }
        }
        #expect(page(Down(), request: request).contains(#"data-action="retry" dir="auto">Try again</a>"#))
        var post = request
        post.method = "POST"
        #expect(!page(URLError(.timedOut), request: post).contains("data-action=\"retry\""))
        // Not transient: no retry.
        #expect(!page(SignInRequired(), request: request).contains("data-action=\"retry\""))
    }

    @Test(arguments: ["//evil.example/x", "https://evil.example/", "evil", "/\\evil.example"])
    func retryNeverLeadsToAnotherSite(target: String) {
        let html = page(URLError(.timedOut), request: .init(method: "GET", target: target))
        #expect(!html.contains("data-action=\"retry\""))
        #expect(!html.contains("evil"))
    }

    /// The 500 page's text asks to try again ("Please try again. If the problem continues…"): for a
    /// `GET` the page offers it, a link to the same URL, in the alert's language; never for a `POST`.
    @Test func anUnexpectedErrorsPageOffersTryAgainForGetOnly() {
        struct Opaque: Error {}
        let request = ErrorRequest(method: "GET", target: "/orders?page=2")
        let html = page(Opaque(), request: request)
        #expect(html.contains("Please try again."))
        #expect(
            html.contains(
                #"<a class="fe-button fe-primary" href="/orders?page=2" data-action="retry" dir="auto">Try again</a>"#))
        let japanese = page(Opaque(), in: "ja", request: request)
        #expect(japanese.contains(#"data-action="retry" dir="auto">もう一度試す</a>"#))
        var post = request
        post.method = "POST"
        #expect(!page(Opaque(), request: post).contains("data-action=\"retry\""))
    }

    /// Cancel keeps the `Referer`'s query (back to page 2 of a search, not page 1) and drops its
    /// scheme, host and fragment: the link stays on the site, and the query is the browser's own.
    @Test func cancelGoesBackToASameOriginRefererByItsPathAndQuery() {
        let request = ErrorRequest(
            method: "GET", target: "/orders/7", host: "shop.example:8080",
            referer: "http://Shop.Example:8080/cart?x=1#top")
        let html = page(SignInRequired(), request: request)
        #expect(
            html.contains(
                #"<a class="fe-button fe-cancel" href="/cart?x=1" data-action="cancel" dir="auto">Go back</a>"#))
    }

    @Test(arguments: [
        "https://evil.example/cart", "https://shop.example.evil.example/", "https://shop.example@evil.example/",
        "javascript:alert(1)", "//shop.example/x", "https://shop.example:9999/x", "https://shop.example//evil.example/",
        "https://shop.example/orders/7",
    ])
    func cancelIgnoresARefererOfAnotherOriginOrThePageItself(referer: String) {
        let request = ErrorRequest(
            method: "GET", target: "/orders/7", host: "shop.example", referer: referer)
        let html = page(SignInRequired(), request: request)
        #expect(
            html.contains(
                #"<a class="fe-button fe-cancel" href="/" data-action="cancel" dir="auto">Go to the home page</a>"#))
        #expect(!html.contains("evil"))
    }

    @Test func homeIsConfigurableAndAnUnsafeHomeIsTheRoot() {
        var presenter = HTMLPresenter(home: "/shop/")
        let alert = pipeline.alert(for: SignInRequired(), in: "en")
        #expect(presenter.page(for: alert).contains(#"href="/shop/" data-action="cancel""#))
        presenter.home = "javascript:alert(1)"
        #expect(presenter.page(for: alert).contains(#"href="/" data-action="cancel""#))
    }

    @Test func hostileTextsAreEscapedEverywhereAndUnsafeLinksDropped() {
        let html = page(Hostile())
        #expect(!html.contains("<script>") && !html.contains("<img") && !html.contains("</style><style>"))
        #expect(!html.contains("javascript:") && !html.contains("data:"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&lt;/style&gt;"))
        #expect(html.contains("&quot;&gt;&lt;img src=x onerror=alert(2)&gt; &amp;amp; &#39;quoted&#39;"))
        // The override is shown, not obeyed: `gnp.exe` is never displayed as `exe.png`.
        #expect(html.contains(#"\u{202E}gnp.exe\u{202C}"#))
        #expect(!html.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
        #expect(!html.unicodeScalars.contains { $0.value == 0 || $0.value == 0x1B || $0.value == 0x85 })
        // One style element, the page's own: the hostile `</style><style>` is text.
        #expect(html.components(separatedBy: "<style>").count == 2)
        #expect(html.components(separatedBy: "</style>").count == 2)
    }

    @Test func unknownErrorsTextNeverReachesThePageButItsReferenceDoesSelectably() throws {
        let alert = pipeline.alert(for: Secret(), in: "en")
        let html = presenter.page(for: alert)
        #expect(!html.contains("hunter2") && !html.contains("Secret"))
        let reference = try #require(alert.referenceID)
        #expect(
            html.contains(
                "<p class=\"fe-reference\"><span>Reference ID</span> <code dir=\"ltr\">\(reference)</code></p>"))
        #expect(presenter.styleSheetText.contains("user-select:all"))
    }

    @Test func fieldProblemsAreAListWhoseItemsSayTheirFieldAndCanBeLinked() {
        struct Invalid: FriendlyError {
            var code: String { "order.invalid" }
            var title: LocalizableText { "Invalid order" }
            var category: ErrorCategory { .invalidData }
            var fieldProblems: [FieldProblem] {
                [
                    FieldProblem("/items/1/price", code: "price.negative", message: "The price must be 0 or more."),
                    FieldProblem("/items/1/price", code: "price.format", message: "Use digits."),
                    FieldProblem("e-mail", code: "email", message: "Enter an e-mail address."),
                ]
            }
        }
        let html = page(Invalid())
        #expect(html.contains("<p class=\"fe-problems-label\" id=\"fe-problems-label\">Please check these fields:</p>"))
        #expect(html.contains("<ul aria-labelledby=\"fe-problems-label\">"))
        #expect(
            html.contains(
                #"<li id="fe-field-items-1-price"><code class="fe-field" dir="auto">/items/1/price</code> <span dir="auto">The price must be 0 or more.</span></li>"#
            ))
        #expect(html.contains(#"<li id="fe-field-items-1-price-2">"#))
        #expect(html.contains(#"<li id="fe-field-e-mail"><code class="fe-field" dir="auto">e-mail</code>"#))
    }

    /// A de-duplicating suffix is never another field's slug (`a`, `a-3`, `a` gave `a-3` twice).
    @Test func fieldProblemIDsAreUniqueWhenASuffixIsAnotherFieldsSlug() throws {
        struct Invalid: FriendlyError {
            var fields: [String]
            var code: String { "order.invalid" }
            var category: ErrorCategory { .invalidData }
            var fieldProblems: [FieldProblem] {
                fields.map { FieldProblem($0, code: "bad", message: "Bad.") }
            }
        }
        let cases: [[String]] = [
            ["#/items/1", "#/items/1/3", "#/items/1"],
            ["#/items/1", "#/items/1", "#/items/1-2", "#/items/1"],
            ["a", "a", "a-2", "a-3", "a", "a-4"],
            ["", "", "1", "2"],
        ]
        for fields in cases {
            let html = page(Invalid(fields: fields))
            let ids = html.split(separator: "<li id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            #expect(ids.count == fields.count, "\(fields)")
            #expect(Set(ids).count == ids.count, "\(fields): \(ids)")
        }
        let html = page(Invalid(fields: ["#/items/1", "#/items/1/3", "#/items/1"]))
        let first = try #require(html.range(of: #"<li id="fe-field-items-1">"#))
        let second = try #require(html.range(of: #"<li id="fe-field-items-1-3">"#))
        let third = try #require(html.range(of: #"<li id="fe-field-items-1-4">"#))
        #expect(first.lowerBound < second.lowerBound && second.lowerBound < third.lowerBound)
    }

    @Test func labelsAndLanguageFollowTheAlert() {
        let html = page(URLError(.timedOut), in: "ja", request: .init(method: "GET", target: "/x"))
        #expect(html.contains("<html lang=\"ja\" dir=\"ltr\">"))
        #expect(html.contains("<p class=\"fe-status\">エラー 504</p>"))
        #expect(html.contains(">再試行</a>"))
        #expect(html.contains(">ホームページへ</a>"))
        let german = page(URLError(.timedOut), in: "de", request: .init(method: "GET", target: "/x"))
        #expect(german.contains("<html lang=\"de\" dir=\"ltr\">") && german.contains(">Zur Startseite</a>"))
    }

    @Test func rightToLeftLanguagesGetDirRtl() {
        let catalog = TranslationCatalog(strings: ["en": ["x.title": "X"], "ar": ["x.title": "خطأ"]])
        struct X: FriendlyError {
            var code: String { "x" }
            var category: ErrorCategory { .notFound }
        }
        let alert = AlertPipeline().addingCatalog(catalog).alert(for: X(), in: "ar")
        #expect(HTMLPresenter().page(for: alert).contains("<html lang=\"ar\" dir=\"rtl\">"))
        #expect(TextDirection.isRightToLeft("he") && TextDirection.isRightToLeft("az-Arab"))
        #expect(!TextDirection.isRightToLeft("ja") && !TextDirection.isRightToLeft("ku-Latn"))
    }

    @Test func styleHashIsTheSHA256OfTheStyleElementsText() {
        let text = presenter.styleSheetText
        #expect(presenter.styleHashSource == "'sha256-" + SHA256.base64(SHA256.digest(text.utf8)) + "'")
        #expect(presenter.contentSecurityPolicy.hasPrefix("default-src 'none'; style-src 'sha256-"))
        let html = page(SignInRequired())
        #expect(html.contains("<style>" + text + "</style>"))
    }

    @Test func sha256MatchesKnownDigests() {
        func hex(_ text: String) -> String { SHA256.digest(text.utf8).map { String(format: "%02x", $0) }.joined() }
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            hex(String(repeating: "a", count: 1000))
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
        #expect(SHA256.base64([0xFF, 0xEE]) == "/+4=" && SHA256.base64([1, 2, 3]) == "AQID")
    }

    @Test func brandValuesBecomeVariablesAndUnsafeOnesTheDefaults() {
        let brand = HTMLPresenter.Brand(accentColor: "#0a7d4f", fontFamily: "\"Inter\", sans-serif")
        let css = HTMLPresenter(brand: brand).styleSheetText
        #expect(css.contains("--fe-accent:#0a7d4f;") && css.contains("--fe-font:\"Inter\", sans-serif;"))
        #expect(HTMLPresenter(brand: brand).styleHashSource != HTMLPresenter().styleHashSource)
        for hostile in ["red;}</style><script>", "red}body{display:none", "url(x) \\", "\"unclosed", "red /* x"] {
            let css = HTMLPresenter(brand: .init(accentColor: hostile)).styleSheetText
            #expect(css.contains("--fe-accent:#0b57d0;"), "\(hostile)")
        }
    }

    @Test func nonceIsWrittenOnlyWhenItIsBase64() {
        let alert = pipeline.alert(for: SignInRequired(), in: "en")
        #expect(
            presenter.page(for: alert, request: .init(styleNonce: "r4nd0m+/=")).contains("<style nonce=\"r4nd0m+/=\">"))
        #expect(presenter.page(for: alert, request: .init(styleNonce: "\"><script>")).contains("<style>"))
    }

    @Test func fragmentIsTheSectionAloneWithTheLevelGiven() {
        let alert = pipeline.alert(for: SignInRequired(), in: "en")
        let fragment = presenter.fragment(for: alert, headingLevel: 3)
        #expect(fragment.hasPrefix("<section class=\"fe-alert fe-error\" aria-labelledby=\"fe-title\">"))
        #expect(fragment.contains("<h3 class=\"fe-title\" id=\"fe-title\" dir=\"auto\">Sign-in required</h3>"))
        #expect(!fragment.contains("<style") && !fragment.contains("<html"))
        #expect(presenter.page(for: alert).contains(presenter.fragment(for: alert, headingLevel: 1)))
    }

    @Test func hugeTextsAreCapped() {
        let huge = String(repeating: "<ab>", count: 1_000_000)
        let alert = Alert(code: "x", category: .invalidInput, title: huge, message: huge, actions: [])
        #expect(presenter.page(for: alert).utf8.count < 60_000)
    }

    @Test func escaperAndItsPlainTwinAgree() {
        let bidi = ["\u{2066}x\u{2069}\u{2029}\u{2019}\u{202F}", "can\u{2019}t \u{2026}", "\u{E2}\u{202A}"]
        for text in JSONOutputValidityTests.adversarialTexts + [Hostile.text, "a\u{C2}\u{A0}b", "\u{9F}\u{A0}"] + bidi {
            var fast: [UInt8] = []
            var plain: [UInt8] = []
            HTMLEscaper.appendEscaped(text, to: &fast)
            HTMLEscaper.appendEscapedPlain(text, to: &plain)
            #expect(fast == plain, "\(text.debugDescription)")
        }
    }

    @Test @MainActor func presentWritesThePageAndAnswersDismissed() async {
        let lines = LockedLines()
        let presenter = HTMLPresenter(output: TextOutput { lines.append($0) })
        let response = await presenter.present(pipeline.alert(for: SignInRequired(), in: "en"))
        #expect(response == nil)
        #expect(lines.all.count == 1 && lines.all[0].hasPrefix("<!DOCTYPE html>"))
    }

    // MARK: Negotiation in the server flow

    @Test(arguments: [
        ("text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8", "html"),
        ("application/xhtml+xml", "html"), ("text/html", "html"), ("TEXT/HTML; charset=utf-8", "html"),
        ("application/json, text/html", "json"), ("text/html;q=0.5, application/problem+json", "json"),
        ("text/html;q=0, */*", "json"), ("*/*", "json"), ("", "json"), ("image/png", "json"),
        ("text/*", "text"), ("text/html;q=0.5, text/plain", "text"), ("text/plain;q=0.4, text/html;q=0.6", "html"),
        ("application/json;q=0, text/html;q=0.1", "html"),
    ])
    func acceptChoosesTheFormatByQualityThenSpecificity(accept: String, expected: String) {
        let name = ["json", "html", "text"][BodyNegotiation.choice(for: accept, among: StandardBodyWriters.all)]
        #expect(name == expected, "\(accept)")
    }

    @Test func everyFormatHasTheSameStatusAndHeadersButItsTypeAndThePagesPolicy() throws {
        struct Limited: FriendlyError {
            var code: String { "search.limited" }
            var category: ErrorCategory { .rateLimited }
            var responseHeaders: [ResponseHeader] { [.retryAfter(seconds: 30)] }
        }
        let responses = ["application/json", "text/html", "text/plain"].map {
            pipeline.response(for: Limited(), to: ErrorRequest(acceptLanguage: "ja", accept: $0, target: "/search"))
        }
        for response in responses {
            #expect(response.status == 429)
            #expect(response.value(forHeader: "Vary") == "Accept, Accept-Language")
            #expect(response.value(forHeader: "Content-Language") == "ja")
            #expect(response.value(forHeader: "Retry-After") == "30")
        }
        #expect(
            responses.map { $0.value(forHeader: "Content-Type") ?? "" } == [
                "application/problem+json", "text/html; charset=utf-8", "text/plain; charset=utf-8",
            ])
        let policy = try #require(responses[1].value(forHeader: "Content-Security-Policy"))
        #expect(policy == HTMLPresenter.standard.contentSecurityPolicy)
        #expect(responses[0].value(forHeader: "Content-Security-Policy") == nil)
        #expect(responses[1].bodyText.contains(#"href="/search" data-action="retry""#))
        let head = pipeline.response(
            for: Limited(),
            to: ErrorRequest(method: "HEAD", acceptLanguage: "ja", accept: "text/html", target: "/search"))
        let length = ResponseHeader(name: "Content-Length", value: String(responses[1].body.count))
        #expect(head.headers == responses[1].headers + [length] && head.body.isEmpty)
    }

    @Test func aNonceReplacesThePolicyAndTheAppsPresenterAndNilAreHonoured() {
        let request = ErrorRequest(accept: "text/html", styleNonce: "abc123")
        let withNonce = pipeline.response(for: SignInRequired(), to: request)
        #expect(withNonce.value(forHeader: "Content-Security-Policy") == nil)
        #expect(withNonce.bodyText.contains("<style nonce=\"abc123\">"))
        let branded = pipeline.response(
            for: SignInRequired(), to: ErrorRequest(accept: "text/html"),
            writers: [JSONPresenter(), HTMLPresenter(titleSuffix: "Shop")])
        #expect(branded.bodyText.contains("<title>Sign-in required – Shop</title>"))
        let none = pipeline.response(
            for: SignInRequired(), to: ErrorRequest(accept: "text/html"), writers: [JSONPresenter()])
        #expect(none.value(forHeader: "Content-Type") == "application/problem+json")
    }

    @Test func anUnknownErrorsPageShowsNothingOfItsText() {
        let response = pipeline.response(for: Secret(), to: ErrorRequest(accept: "text/html"))
        #expect(response.status == 500)
        #expect(!response.bodyText.contains("hunter2") && !response.bodyText.contains("Secret"))
        #expect(response.bodyText.contains(response.alert.referenceID ?? "?"))
    }

    // MARK: Isolation: a value made anywhere

    /// A server's page maker, as an actor keeps it.
    actor Pages {
        let pipeline = AlertPipeline()
        let presenter = HTMLPresenter(home: "/shop/", titleSuffix: "Shop")

        func page(for error: any Error, accept: String) -> ErrorResponse {
            pipeline.response(
                for: error, to: ErrorRequest(accept: accept, target: "/account"), writers: [JSONPresenter(), presenter])
        }
    }

    @Test func pagesAreMadeInAnActorAndOnTheMainActor() async {
        let fromActor = await Pages().page(for: SignInRequired(), accept: "text/html")
        #expect(fromActor.bodyText.contains(#"href="/shop/" data-action="cancel""#))
        let fromMain = await MainActor.run {
            HTMLPresenter(home: "/shop/", titleSuffix: "Shop").page(
                for: AlertPipeline().alert(for: SignInRequired(), in: "en"))
        }
        #expect(fromMain.contains("<title>Sign-in required – Shop</title>"))
    }
}
