import FriendlyErrorsVapor
import NIOHTTP1
import Testing
import Vapor

@testable import ExampleApp

/// Browsers get a page, API clients problem+json, with the same status and headers.
@Suite struct HTMLPageTests {
    static let browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"

    let app = TestApp(
        pipeline: AlertPipeline().addingCatalog(shopCatalog),
        options: FriendlyErrorsServerOptions(
            writers: [JSONPresenter(), HTMLPresenter(titleSuffix: "Shop"), PlainTextBodyWriter()],
            revealsFrameworkMessages: true)
    ) { app in
        app.get("account") { _ -> String in throw SignInRequired() }
        app.get("search") { _ -> String in throw Abort(.tooManyRequests, headers: ["Retry-After": "30"]) }
    }

    @Test func aBrowserGetsThePageWithTheSameStatusAndHeadersAsAnAPIClient() async throws {
        let page = try await app.send(.GET, "search?q=shoes", headers: ["Accept": Self.browserAccept])
        let json = try await app.send(.GET, "search?q=shoes", headers: ["Accept": "application/json"])
        #expect(page.status == 429 && json.status == 429)
        #expect(page.headers.first(name: .contentType) == "text/html; charset=utf-8")
        #expect(json.headers.first(name: .contentType) == "application/problem+json")
        for name in ["Content-Language", "Vary", "Retry-After"] {
            #expect(page.headers[name] == json.headers[name], "\(name)")
        }
        #expect(page.headers.first(name: .vary) == "Accept, Accept-Language")
        let policy = try #require(page.headers.first(name: "Content-Security-Policy"))
        #expect(policy.hasPrefix("default-src 'none'; style-src 'sha256-"))
        #expect(page.body.hasPrefix("<!DOCTYPE html>"))
        #expect(page.body.contains(#"href="/search?q=shoes" data-action="retry""#))
    }

    @Test func theRecoverysLinkIsOnThePageAndInTheJSON() async throws {
        let page = try await app.send(
            .GET, "account", headers: ["Accept": Self.browserAccept, "Accept-Language": "de"])
        #expect(page.status == 401)
        #expect(page.body.contains("<html lang=\"de\" dir=\"ltr\">"))
        #expect(page.body.contains("<title>Anmeldung erforderlich – Shop</title>"))
        #expect(page.body.contains(#"href="/login?next=%2Faccount" data-action="signIn" dir="auto">Anmelden</a>"#))
        let json = try await app.send(.GET, "account")
        let actions = try #require(json.json["actions"] as? [[String: Any]])
        #expect(actions.last?["href"] as? String == "/login?next=%2Faccount")
    }

    @Test func cancelGoesBackToASameOriginRefererOnly() async throws {
        let same = try await app.send(
            .GET, "account",
            headers: ["Accept": Self.browserAccept, "Host": "shop.example", "Referer": "https://shop.example/cart"])
        #expect(
            same.body.contains(
                #"<a class="fe-button fe-cancel" href="/cart" data-action="cancel" dir="auto">Go back</a>"#))
        let other = try await app.send(
            .GET, "account",
            headers: ["Accept": Self.browserAccept, "Host": "shop.example", "Referer": "https://evil.example/cart"])
        #expect(other.body.contains(#"<a class="fe-button fe-cancel" href="/" data-action="cancel""#))
        #expect(!other.body.contains("evil"))
    }

    @Test func headGetsThePagesHeadersAlone() async throws {
        let head = try await app.send(.HEAD, "account", headers: ["Accept": Self.browserAccept])
        #expect(head.status == 401)
        #expect(head.headers.first(name: .contentType) == "text/html; charset=utf-8")
        #expect(head.body.isEmpty)
    }

    @Test func withoutAnHTMLPresenterBrowsersGetProblemJSON() async throws {
        let app = TestApp(
            options: FriendlyErrorsServerOptions(
                writers: [JSONPresenter(), PlainTextBodyWriter()], revealsFrameworkMessages: true)
        ) { app in
            app.get("account") { _ -> String in throw SignInRequired() }
        }
        let response = try await app.send(.GET, "account", headers: ["Accept": Self.browserAccept])
        #expect(response.headers.first(name: .contentType) == "application/problem+json")
    }
}
