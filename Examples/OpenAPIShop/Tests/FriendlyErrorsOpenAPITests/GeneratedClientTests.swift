import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession
import Testing

/// The client generated from the same openapi.yaml, over a real socket to the example shop, decodes
/// every error response as the `ProblemDetails` component that the document declares.
@Suite struct GeneratedClientTests {
    /// Runs `body` with a client of the shop served on a free loopback port.
    private func withClient(
        middlewares: [any ClientMiddleware] = [], _ body: @Sendable (Client) async throws -> Void
    ) async throws {
        try await withLiveShop { shop in try await body(shop.client(middlewares: middlewares)) }
    }

    @Test func appError() async throws {
        try await withClient { shop in
            let output = try await shop.createOrder(
                body: .json(.init(items: [.init(price: 60, quantity: 2)])))
            guard case .code402(let response) = output else {
                Issue.record("expected 402, got \(output)")
                return
            }
            let problem = try response.body.applicationProblemJson
            #expect(problem.status == 402)
            #expect(problem.code == "account.insufficientFunds")
            #expect(problem.detail == "You need 20 more credits.")
            #expect(problem.severity == .error)
            #expect(problem.actions.map(\.id) == ["cancel", "topUp"])
            #expect(problem.language == "en")
        }
    }

    @Test func fieldProblems() async throws {
        try await withClient { shop in
            let output = try await shop.createOrder(
                body: .json(.init(items: [.init(price: -1, quantity: 0)])))
            guard case .unprocessableContent(let response) = output else {
                Issue.record("expected 422, got \(output)")
                return
            }
            let problem = try response.body.applicationProblemJson
            #expect(problem.errors?.map(\.pointer) == ["#/items/0/price", "#/items/0/quantity"])
            #expect(problem.errors?.map(\.code) == ["order.price.negative", "order.quantity.tooSmall"])
        }
    }

    @Test func malformedBody() async throws {
        // The typed client cannot send a bad body: a client middleware spoils it on the way out.
        try await withClient(middlewares: [SpoilingMiddleware()]) { shop in
            let output = try await shop.createOrder(body: .json(.init(items: [])))
            guard case .badRequest(let response) = output else {
                Issue.record("expected 400, got \(output)")
                return
            }
            let problem = try response.body.applicationProblemJson
            #expect(problem.status == 400)
            #expect(problem.errors?.map(\.pointer) == ["#/items/0/price"])
        }
    }

    @Test func responseConvertibleWithHeader() async throws {
        try await withClient { shop in
            let output = try await shop.searchItems(query: .init(q: "plum"))
            guard case .tooManyRequests(let response) = output else {
                Issue.record("expected 429, got \(output)")
                return
            }
            #expect(try response.body.applicationProblemJson.status == 429)
        }
    }

    @Test func unknownError() async throws {
        try await withClient { shop in
            let output = try await shop.getReports()
            guard case .default(let status, let response) = output else {
                Issue.record("expected 500, got \(output)")
                return
            }
            #expect(status == 500)
            let problem = try response.body.applicationProblemJson
            #expect(problem.code == "unexpected")
            #expect(problem.referenceId != nil)
            #expect(!problem.detail.contains("S3cr3t"))
        }
    }
}

/// Replaces the request body with one whose price is a string.
struct SpoilingMiddleware: ClientMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.contentLength] = nil  // the length of the body it replaces
        return try await next(request, HTTPBody(#"{"items":[{"price":"five","quantity":1}]}"#), baseURL)
    }
}
