import Foundation
import FriendlyErrorsOpenAPI
import HTTPTypes
import InMemoryLogging
import Logging
import OpenAPIRuntime

/// One response as a test reads it: status, headers, body text and the body parsed as JSON.
struct TestResponse {
    var status: Int
    var headers: HTTPFields
    var body: String

    /// The body as a JSON object, or empty when it is not one.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
    }
    /// The `errors` member's pointers, in order.
    var pointers: [String] {
        (json["errors"] as? [[String: Any]] ?? []).compactMap { $0["pointer"] as? String }
    }
}

/// The middleware with a log kept in memory, called as the runtime calls it.
struct TestMiddleware {
    let logs = InMemoryLogHandler()
    let middleware: FriendlyErrorsServerMiddleware

    init(pipeline: AlertPipeline = AlertPipeline(), options: FriendlyErrorsServerMiddleware.Options = .init()) {
        let handler = logs
        var logger = Logger(label: "test") { _ in handler }
        logger.logLevel = .trace
        middleware = FriendlyErrorsServerMiddleware(pipeline: pipeline, options: options, logger: logger)
    }

    /// What the middleware answers when the operation throws `error`, wrapped by the runtime as it wraps a
    /// handler's errors (`wrapped: false` — thrown by a later middleware, as it is).
    func answer(
        _ error: any Error, method: HTTPRequest.Method = .get, path: String = "/orders",
        headers: HTTPFields = [:], wrapped: Bool = true
    ) async throws -> TestResponse {
        let request = HTTPRequest(method: method, scheme: nil, authority: nil, path: path, headerFields: headers)
        let thrown: any Error =
            wrapped
            ? ServerError(
                operationID: "createOrder", request: request, requestBody: nil, requestMetadata: .init(),
                causeDescription: "User handler threw an error.", underlyingError: error)
            : error
        let (response, body) = try await middleware.intercept(
            request, body: nil, metadata: .init(), operationID: "createOrder"
        ) { _, _, _ in throw thrown }
        var text = ""
        if let body { text = try await String(collecting: body, upTo: 1 << 20) }
        return TestResponse(status: response.status.code, headers: response.headerFields, body: text)
    }
}
