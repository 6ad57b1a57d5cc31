import Foundation
import HTTPTypes
import Testing

@testable import ExampleService

/// The example shop's generated server on loopback, with raw requests (CI also checks it with curl).
@Suite struct ExampleServiceTests {
    private func send(
        _ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:], body: String? = nil,
        friendlyErrors: Bool = true
    ) async throws -> TestResponse {
        try await withLiveShop(friendlyErrors: friendlyErrors) { shop in
            try await shop.send(method, path, headers: headers, body: body)
        }
    }

    @Test func appErrorInJapanese() async throws {
        let response = try await send(
            .post, "/orders", headers: [.acceptLanguage: "ja"], body: #"{"items":[{"price":50,"quantity":3}]}"#)
        #expect(response.status == 402)
        #expect(response.headers[.contentLanguage] == "ja")
        #expect(response.json["detail"] as? String == "あと50クレジット必要です。")
        #expect(response.json["type"] as? String == "https://errors.example.com/account/insufficient-funds")
    }

    @Test func fieldProblems() async throws {
        let response = try await send(
            .post, "/orders", body: #"{"items":[{"price":5,"quantity":1},{"price":-1,"quantity":0}]}"#)
        #expect(response.status == 422)
        #expect(response.pointers == ["#/items/1/price", "#/items/1/quantity"])
    }

    /// A price times a quantity beyond `Int` trapped the service (issue 37): now it is a field problem.
    @Test func anOrderOutOfBoundsIsA422WithAFieldProblemNotATrap() async throws {
        let response = try await send(
            .post, "/orders", headers: [.acceptLanguage: "ja"],
            body: #"{"items":[{"price":138810890513464608,"quantity":880474}]}"#)
        #expect(response.status == 422)
        #expect(response.headers[.contentType] == "application/problem+json")
        #expect(response.pointers == ["#/items/0/price", "#/items/0/quantity"])
        let errors = response.json["errors"] as? [[String: Any]] ?? []
        #expect(errors.compactMap { $0["code"] as? String } == ["order.price.tooLarge", "order.quantity.tooLarge"])
        #expect(errors.first?["detail"] as? String == "価格は1,000,000以下でなければなりません。")
        let large = try await send(
            .post, "/orders", body: #"{"items":[{"price":5,"quantity":1001}]}"#)
        #expect(large.status == 422)
        #expect(large.pointers == ["#/items/0/quantity"])
    }

    @Test func aTotalTooLargeForAnIntIsNil() {
        #expect(checkedTotal([(price: Int.max, quantity: 2)]) == nil)
        #expect(checkedTotal([(price: 138_810_890_513_464_608, quantity: 880_474)]) == nil)
        #expect(checkedTotal([(price: Int.max, quantity: 1), (price: 1, quantity: 1)]) == nil)
        #expect(checkedTotal([(price: 1_000_000, quantity: 1000), (price: 5, quantity: 2)]) == 1_000_000_010)
    }

    @Test func malformedBodyPointsIntoIt() async throws {
        let response = try await send(.post, "/orders", body: #"{"items":[{"price":"five","quantity":1}]}"#)
        #expect(response.status == 400)
        #expect(response.headers[.contentType] == "application/problem+json")
        #expect(response.pointers == ["#/items/0/price"])
    }

    @Test func bodyThatIsNotJSONIsA400() async throws {
        let response = try await send(.post, "/orders", body: "{not json")
        #expect(response.status == 400)
        #expect(response.headers[.contentType] == "application/problem+json")
    }

    @Test func wrongContentTypeKeepsTheRuntimesStatus() async throws {
        let response = try await send(.post, "/orders", headers: [.contentType: "text/plain"], body: "hello")
        #expect(response.status == 415)
        #expect(response.headers[.contentType] == "application/problem+json")
    }

    @Test func responseConvertibleWithHeader() async throws {
        let response = try await send(.get, "/search?q=plum")
        #expect(response.status == 429)
        #expect(response.headers[.retryAfter] == "30")
        #expect(response.json["status"] as? Int == 429)
    }

    @Test func unknownErrorKeepsItsSecret() async throws {
        let response = try await send(.get, "/reports")
        #expect(response.status == 500)
        #expect(!response.body.contains("S3cr3t"))
        #expect(!response.body.contains("db.internal"))
        #expect(response.json["referenceId"] is String)
    }

    @Test func successRoutes() async throws {
        let created = try await send(.post, "/orders", body: #"{"items":[{"price":5,"quantity":2}]}"#)
        #expect(created.status == 201)
        #expect(created.json["total"] as? Int == 10)
        #expect(try await send(.get, "/bench/ok").body == "ok")
    }

    @Test func benchmarkBaselineIsTheRuntimesOwnAnswer() async throws {
        let baseline = try await send(.get, "/bench/error", friendlyErrors: false)
        #expect(baseline.status == 400)
        #expect(baseline.headers[.contentType] == "application/problem+json")
        #expect(baseline.json["detail"] as? String == "The request is not valid.")
        let bare = try await send(.get, "/bench/bare-error", friendlyErrors: false)
        #expect(bare.status == 400)
        #expect(bare.body.isEmpty)
        #expect(try await send(.get, "/bench/bare-error").json["code"] as? String == "http.400")
        let friendly = try await send(.get, "/bench/error")
        #expect(friendly.status == 400)
        #expect(friendly.json["code"] as? String == "http.400")
    }
}
