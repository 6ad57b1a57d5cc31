import Foundation
import NIOCore
import NIOHTTP1
import Testing
import Vapor
import VaporTesting

@testable import ExampleApp

/// The example shop's routes, in process (CI also checks the running app with curl).
@Suite struct ExampleAppTests {
    private func send(
        _ method: HTTPMethod, _ path: String, headers: HTTPHeaders = [:], body: String? = nil,
        friendlyErrors: Bool = true
    ) async throws -> TestResponse {
        try await withApp { app in
            configureShop(app, friendlyErrors: friendlyErrors)
            return try await TestResponse(
                app.testing().sendRequest(method, path, headers: headers, body: body.map { ByteBuffer(string: $0) }))
        }
    }

    @Test func signUpWithThreeBrokenFieldsAnswers400InJapanese() async throws {
        let response = try await send(
            .POST, "signup", headers: ["Content-Type": "application/json", "Accept-Language": "ja"],
            body: #"{"name":"A","email":"nope","age":5}"#)
        #expect(response.status == 400)
        #expect(response.errors.map { $0["pointer"] } == ["#/name", "#/email", "#/age"])
        #expect(response.json["title"] as? String == "入力が無効です")
    }

    @Test func validOrderAnswers402() async throws {
        let response = try await send(
            .POST, "orders", headers: ["Content-Type": "application/json"],
            body: #"{"items":[{"price":5,"quantity":1}]}"#)
        #expect(response.status == 402)
        #expect(response.json["type"] as? String == "https://errors.example.com/account/insufficient-funds")
    }

    @Test func benchmarkRoutesAnswerWithAndWithoutTheMiddleware() async throws {
        let friendly = try await send(.GET, "bench/error")
        #expect(friendly.status == 404)
        #expect(friendly.headers.first(name: .contentType) == "application/problem+json")
        let vapor = try await send(.GET, "bench/error", friendlyErrors: false)
        #expect(vapor.status == 404)
        #expect(vapor.json["reason"] as? String == "Not Found")
        #expect(vapor.json["error"] as? Bool == true)
        #expect(try await send(.GET, "bench/ok").body == "ok")
    }
}
