import Foundation
import FriendlyErrors
import Hummingbird
import HummingbirdTesting
import ProblemServer
import Testing

/// The shop's errors as HTTP responses, through Hummingbird's in-process test client.
@Suite struct ProblemMiddlewareTests {
    /// Sends one request to a fresh app and hands back status, headers and the parsed body.
    private func send(
        _ method: HTTPRequest.Method, _ uri: String, acceptLanguage: String? = nil,
        pipeline: AlertPipeline = makeShopPipeline(observer: { _ in })
    ) async throws -> (status: Int, headers: HTTPFields, body: String, json: [String: Any]) {
        let app = Application(router: buildShopRouter(pipeline: pipeline))
        var fields = HTTPFields()
        if let acceptLanguage { fields[.acceptLanguage] = acceptLanguage }
        let headers = fields
        let response = try await app.test(.router) { client in
            try await client.execute(uri: uri, method: method, headers: headers)
        }
        let body = String(buffer: response.body)
        // Problem bodies are JSON; a successful route answers plain text.
        let json = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
        return (Int(response.status.code), response.headers, body, json)
    }

    @Test func domainErrorAnswersItsStatusAsProblemJSONInJapanese() async throws {
        let response = try await send(.post, "/orders", acceptLanguage: "ja")
        #expect(response.status == 402)
        #expect(response.headers[.contentType] == "application/problem+json")
        #expect(response.headers[.contentLanguage] == "ja")
        #expect(response.headers[values: .vary] == ["Accept-Language"])
        #expect(response.json["title"] as? String == "残高が不足しています")
        #expect(response.json["detail"] as? String == "あと42クレジット必要です。")
        #expect(response.json["status"] as? Int == 402)
        #expect(response.json["type"] as? String == "https://errors.example.com/account/insufficient-funds")
        #expect(response.json["code"] as? String == "account.insufficientFunds")
        let actions = response.json["actions"] as? [[String: String]] ?? []
        #expect(actions.map { $0["id"] } == ["cancel", "topUp"])
        #expect(actions.last?["title"] == "チャージする")
    }

    @Test func acceptLanguageQualitiesAreHonoured() async throws {
        let response = try await send(.post, "/orders", acceptLanguage: "de;q=0.2, ja-JP;q=0.9, en;q=0.5")
        #expect(response.headers[.contentLanguage] == "ja")
    }

    @Test func domainErrorInEnglishWithoutAcceptLanguage() async throws {
        let response = try await send(.post, "/orders")
        #expect(response.status == 402)
        #expect(response.headers[.contentLanguage] == "en")
        #expect(response.json["title"] as? String == "Insufficient funds")
        #expect(response.json["detail"] as? String == "You need 42 more credits.")
    }

    @Test func validationErrorAnswers400() async throws {
        let response = try await send(.get, "/items?limit=abc", acceptLanguage: "ja")
        #expect(response.status == 400)
        #expect(response.headers[.contentType] == "application/problem+json")
        #expect(response.json["code"] as? String == "request.invalidField")
        #expect(response.json["detail"] as? String == "「limit」は整数でなければなりません。")
        let ok = try await send(.get, "/items?limit=3")
        #expect(ok.status == 200)
        #expect(ok.body == "3 items")
    }

    @Test func unknownErrorAnswers500WithNoTraceOfTheSecret() async throws {
        let logged = Logged()
        let pipeline = makeShopPipeline { event in logged.record("\(event.referenceID ?? "-") \(event.error)") }
        let response = try await send(.get, "/reports", acceptLanguage: "en", pipeline: pipeline)
        #expect(response.status == 500)
        #expect(response.headers[.contentType] == "application/problem+json")
        for trace in [ReportDatabaseFailure.secret, "S3cr3t", "db.internal", "ReportDatabaseFailure", "postgres"] {
            #expect(!response.body.contains(trace))
        }
        #expect(response.json["title"] as? String == "Something went wrong")
        #expect(response.json["type"] as? String == "about:blank")
        let referenceID = try #require(response.json["referenceId"] as? String)
        #expect(logged.lines == ["\(referenceID) \(ReportDatabaseFailure())"], "the log joins the response")
    }

    @Test func frameworkNotFoundStays404() async throws {
        let response = try await send(.get, "/no/such/page", acceptLanguage: "ja")
        #expect(response.status == 404)
        #expect(response.headers[.contentType] == "application/problem+json")
        #expect(response.headers[.contentLanguage] == "ja")
        #expect(response.json["status"] as? Int == 404)
        #expect(response.json["code"] as? String == "http.404")
        #expect(response.json["category"] as? String == "notFound")
    }

    @Test func contentLanguageNeverEchoesTheRequest() async throws {
        let response = try await send(.post, "/orders", acceptLanguage: "xx-EVIL, Set-Cookie: a")
        #expect(response.headers[.contentLanguage] == "en")
        #expect(response.headers[.setCookie] == nil)
    }
}

/// Lines an observer logged.
final class Logged: @unchecked Sendable {
    // @unchecked: `stored` is read and written only while `lock` (a pthread mutex on Linux) is held.
    private let lock = NSLock()
    private var stored: [String] = []

    func record(_ line: String) {
        lock.withLock { stored.append(line) }
    }

    var lines: [String] { lock.withLock { stored } }
}
