import FriendlyErrorsHummingbird
import HTTPTypes
import Hummingbird
import Testing

@testable import ExampleServer

/// Browsers get a page, API clients problem+json, with the same status and headers.
@Suite struct HTMLPageTests {
    static let browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"

    let app = TestApp(
        pipeline: AlertPipeline().addingCatalog(shopCatalog),
        options: FriendlyErrorsServerOptions(writers: [JSONPresenter(), HTMLPresenter(titleSuffix: "Shop"), PlainTextBodyWriter()])
    ) { router in
        router.get("/account") { _, _ -> String in throw SignInRequired() }
        // Hummingbird routes HEAD on its own.
        router.head("/account") { _, _ -> String in throw SignInRequired() }
        router.get("/search") { _, _ -> String in throw HTTPError(.tooManyRequests, headers: [.retryAfter: "30"]) }
    }

    @Test func aBrowserGetsThePageWithTheSameStatusAndHeadersAsAnAPIClient() async throws {
        let page = try await app.send(.get, "/search?q=shoes", headers: [.accept: Self.browserAccept])
        let json = try await app.send(.get, "/search?q=shoes", headers: [.accept: "application/json"])
        #expect(page.status == 429 && json.status == 429)
        #expect(page.headers[.contentType] == "text/html; charset=utf-8")
        #expect(json.headers[.contentType] == "application/problem+json")
        for name in [HTTPField.Name.contentLanguage, .vary, .retryAfter] {
            #expect(page.headers[name] == json.headers[name], "\(name)")
        }
        #expect(page.headers[.vary] == "Accept, Accept-Language")
        let policy = try #require(page.headers[HTTPField.Name("Content-Security-Policy")!])
        #expect(policy.hasPrefix("default-src 'none'; style-src 'sha256-"))
        #expect(page.body.hasPrefix("<!DOCTYPE html>"))
        #expect(page.body.contains(#"href="/search?q=shoes" data-action="retry""#))
    }

    @Test func theRecoverysLinkIsOnThePageAndInTheJSON() async throws {
        let page = try await app.send(
            .get, "/account", headers: [.accept: Self.browserAccept, .acceptLanguage: "ja"])
        #expect(page.status == 401)
        #expect(page.body.contains("<html lang=\"ja\" dir=\"ltr\">"))
        #expect(page.body.contains("<title>ログインが必要です – Shop</title>"))
        #expect(page.body.contains(#"href="/login?next=%2Faccount" data-action="signIn" dir="auto">ログイン</a>"#))
        let json = try await app.send(.get, "/account")
        let actions = try #require(json.json["actions"] as? [[String: Any]])
        #expect(actions.last?["href"] as? String == "/login?next=%2Faccount")
    }

    @Test func headGetsThePagesHeadersAloneWithTheContentLengthOfTheGetsBody() async throws {
        let head = try await app.send(.head, "/account", headers: [.accept: Self.browserAccept])
        let get = try await app.send(.get, "/account", headers: [.accept: Self.browserAccept])
        #expect(head.status == 401)
        #expect(head.headers[.contentType] == "text/html; charset=utf-8")
        #expect(head.body.isEmpty)
        // RFC 9110, section 8.6: the length of the body a GET gets, not 0.
        #expect(head.headers[.contentLength] == String(get.body.utf8.count))
        #expect(get.headers[.contentLength] == String(get.body.utf8.count))
    }

    @Test func plainTextAndJSONStayWhatTheyWere() async throws {
        let text = try await app.send(.get, "/account", headers: [.accept: "text/plain"])
        #expect(text.headers[.contentType] == "text/plain; charset=utf-8")
        #expect(text.body.contains("Sign-in required"))
        let any = try await app.send(.get, "/account", headers: [.accept: "*/*"])
        #expect(any.headers[.contentType] == "application/problem+json")
    }

    @Test func withoutAnHTMLPresenterBrowsersGetProblemJSON() async throws {
        let app = TestApp(options: FriendlyErrorsServerOptions(writers: [JSONPresenter(), PlainTextBodyWriter()])) { router in
            router.get("/account") { _, _ -> String in throw SignInRequired() }
        }
        let response = try await app.send(.get, "/account", headers: [.accept: Self.browserAccept])
        #expect(response.headers[.contentType] == "application/problem+json")
    }
}
