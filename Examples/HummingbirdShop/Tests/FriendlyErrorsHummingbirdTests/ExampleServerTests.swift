@testable import ExampleServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// The example shop's routes, in process (CI also checks the running server with curl).
@Suite struct ExampleServerTests {
    private func send(
        _ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields = [:], body: String? = nil,
        friendlyErrors: Bool = true
    ) async throws -> TestResponse {
        let app = Application(router: buildShopRouter(friendlyErrors: friendlyErrors))
        let response = try await app.test(.router) { client in
            try await client.execute(
                uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
        }
        return TestResponse(
            status: Int(response.status.code), headers: response.headers, body: String(buffer: response.body))
    }

    @Test func invalidOrderAnswers422WithAPointerPerField() async throws {
        let response = try await send(
            .post, "/orders", headers: [.contentType: "application/json", .acceptLanguage: "ja"],
            body: #"{"items":[{"price":5,"quantity":1},{"price":-1,"quantity":0}]}"#)
        #expect(response.status == 422)
        let errors = try #require(response.json["errors"] as? [[String: String]])
        #expect(errors.map { $0["pointer"] } == ["#/items/1/price", "#/items/1/quantity"])
        #expect(errors.map { $0["detail"] } == ["価格は0以上でなければなりません。", "数量は1以上でなければなりません。"])
    }

    @Test func validOrderAnswers402InJapanese() async throws {
        let response = try await send(
            .post, "/orders", headers: [.contentType: "application/json", .acceptLanguage: "ja"],
            body: #"{"items":[{"price":5,"quantity":1}]}"#)
        #expect(response.status == 402)
        #expect(response.json["title"] as? String == "残高が不足しています")
    }

    @Test func benchmarkRoutesAnswerWithAndWithoutTheMiddleware() async throws {
        let friendly = try await send(.get, "/bench/error")
        #expect(friendly.status == 400)
        #expect(friendly.headers[.contentType] == "application/problem+json")
        #expect(!friendly.body.contains("The request is not valid."))
        let hummingbird = try await send(.get, "/bench/error", friendlyErrors: false)
        #expect(hummingbird.status == 400)
        #expect(hummingbird.body == #"{"error":{"message":"The request is not valid."}}"#)
        #expect(try await send(.get, "/bench/ok").body == "ok")
    }
}
