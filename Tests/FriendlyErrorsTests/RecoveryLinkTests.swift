import Foundation
import FriendlyErrors
import Testing

/// A recovery that carries a link: only `http(s)` URLs and relative references reach an action and
/// the JSON output; everything else is dropped.
struct RecoveryLinkTests {
    struct SignInRequired: FriendlyError {
        var href: String
        var code: String { "account.signInRequired" }
        var title: LocalizableText { "Sign-in required" }
        var message: LocalizableText { "Sign in to see your orders." }
        var category: ErrorCategory { .unauthenticated }
        var recoveries: [Recovery] { [.link(id: "signIn", label: "Sign in", href: href)] }
    }

    static let safeLinks = [
        "/login", "/login?next=%2Fcart", "login", "../help", "?page=2", "#field-email", "https://help.example.com",
        "http://localhost:8080/x", "HTTPS://Help.Example.com/a?b#c", "/ヘルプ", "https://user@example.com/",
        "a/b:c",
    ]

    static let unsafeLinks = [
        "", "javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
        "java\nscript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:x", "file:///etc/passwd",
        "mailto:a@example.com", "//evil.example/", "/\\evil.example/", "\\\\evil.example", "https:evil.example",
        "https:/evil.example", "https://", "https:///path", "http://a b", "/a b", "/path\u{202E}gnp.exe",
        "/a\u{0}b", "/a\u{7F}", "/a\u{85}", "/\u{200B}", "ftp://example.com/", "about:blank",
        "/" + String(repeating: "a", count: 2048),
    ]

    @Test(arguments: safeLinks)
    func safeLinkIsKept(href: String) {
        #expect(AlertAction(id: "go", label: "Go", role: .default, href: href).href == href)
    }

    @Test(arguments: unsafeLinks)
    func unsafeLinkIsDropped(href: String) {
        #expect(AlertAction(id: "go", label: "Go", role: .default, href: href).href == nil)
    }

    @Test func linkRecoveryBecomesAnActionWithItsLink() async {
        let alert = AlertPipeline().alert(for: SignInRequired(href: "/login"), in: "en")
        #expect(alert.actions.map(\.id) == ["cancel", "signIn"])
        #expect(alert.action(id: "signIn")?.href == "/login")
        #expect(alert.action(id: "cancel")?.href == nil)
        let outcome = try? await alert.action(id: "signIn")?.perform?()
        #expect(outcome == .done)
    }

    @Test func recoveryWithAnUnsafeLinkKeepsItsActionWithoutTheLink() {
        let alert = AlertPipeline().alert(for: SignInRequired(href: "javascript:alert(1)"), in: "en")
        #expect(alert.action(id: "signIn")?.href == nil)
        #expect(alert.action(id: "signIn")?.label == "Sign in")
    }

    @Test func recoveryInitializerTakesALink() {
        let recovery = Recovery(id: "status", label: "Service status", href: "https://status.example.com") { .retry }
        #expect(recovery.href == "https://status.example.com")
        #expect(Recovery(id: "x", label: "X") { .done }.href == nil)
    }

    @Test func actionsDifferingOnlyByLinkAreNotEqual() {
        let a = AlertAction(id: "go", label: "Go", role: .default, href: "/a")
        let b = AlertAction(id: "go", label: "Go", role: .default, href: "/b")
        #expect(a != b)
        #expect(a == AlertAction(id: "go", label: "Go", role: .default, href: "/a"))
    }

    @Test func jsonWritesTheLinkAfterTheRole() {
        let alert = AlertPipeline().alert(for: SignInRequired(href: "/login?next=%2Fcart"), in: "en")
        let body = String(decoding: JSONPresenter().body(for: alert), as: UTF8.self)
        #expect(
            body.contains(#"{"id":"signIn","title":"Sign in","role":"default","href":"/login?next=%2Fcart"}"#),
            "\(body)")
        #expect(body.contains(#"{"id":"cancel","title":"Cancel","role":"cancel"}"#))
    }

    @Test func serverResponsesWithDifferentLinksAreNotServedFromOneTemplate() {
        let pipeline = AlertPipeline()
        let first = pipeline.response(for: SignInRequired(href: "/login/one"), to: ErrorRequest())
        let second = pipeline.response(for: SignInRequired(href: "/login/two"), to: ErrorRequest())
        #expect(first.bodyText.contains("one") && !first.bodyText.contains("two"))
        #expect(second.bodyText.contains("two") && !second.bodyText.contains("one"))
    }

    @Test(.enabled(if: PythonJSON.isAvailable, PythonJSON.missingMessage))
    func jsonWithLinksMatchesTheSchema() throws {
        let alerts = Self.safeLinks.map { AlertPipeline().alert(for: SignInRequired(href: $0), in: "en") }
        let results = try PythonJSON.parse(jsonLines: alerts.flatMap { JSONPresenter().line(for: $0) })
        #expect(results.count == alerts.count)
        for (href, result) in zip(Self.safeLinks, results) {
            #expect(result.schemaErrors == [], "\(href)")
            let object = try #require(result.value as? [String: Any])
            let actions = try #require(object["actions"] as? [[String: Any]])
            #expect(actions.last?["href"] as? String == href)
        }
    }

    @Test(.enabled(if: PythonJSON.isAvailable, PythonJSON.missingMessage))
    func schemaRejectsUnsafeLinks() throws {
        let lines = ["javascript:alert(1)", "//evil.example", "data:,x", "/a b", ""].map { href in
            #"{"type":"about:blank","title":"x","status":404,"detail":"","code":"c","category":"c","#
                + #""severity":"error","actions":[{"id":"a","title":"A","role":"default","href":"\#(href)"}],"#
                + #""language":"en"}"# + "\n"
        }
        let results = try PythonJSON.parse(jsonLines: Array(lines.joined().utf8))
        #expect(results.count == lines.count)
        for result in results { #expect(!result.schemaErrors.isEmpty) }
    }
}
