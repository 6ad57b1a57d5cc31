import Foundation
import FriendlyErrorsOpenAPI
import HTTPTypes
import Hummingbird
import InMemoryLogging
import InMemoryTracing
import Logging
import OpenAPIRuntime
import OpenAPIURLSession
import ServiceContextModule

@testable import ExampleService

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

    init(pipeline: AlertPipeline = AlertPipeline(), options: FriendlyErrorsServerOptions = .init()) {
        var handler = logs
        handler.metadataProvider = .traceIDs
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

/// The example shop served on a free loopback port, for as long as `body` runs: the same server CI checks
/// with curl, with its log level at `critical` so the tests' output stays readable.
func withLiveShop<Value: Sendable>(
    friendlyErrors: Bool = true, _ body: @Sendable (LiveShop) async throws -> Value
) async throws -> Value {
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    var logger = Logger(label: "shop")
    logger.logLevel = .critical
    let app = Application(
        router: try buildShopRouter(friendlyErrors: friendlyErrors, logger: logger),
        configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in
            continuation.yield(channel.localAddress?.port ?? 0)
            continuation.finish()
        },
        logger: logger)
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await app.runService(gracefulShutdownSignals: []) }
        // Cancelling the service's task shuts the server down gracefully.
        defer { group.cancelAll() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else { throw LiveShopDidNotStart() }
        return try await body(LiveShop(baseURL: URL(string: "http://127.0.0.1:\(port)")!))
    }
}

/// The server did not say which port it listens on.
struct LiveShopDidNotStart: Error {}

/// The example shop on loopback.
struct LiveShop: Sendable {
    let baseURL: URL

    /// One raw request, through the client transport the generated client uses.
    func send(
        _ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:], body: String? = nil
    ) async throws -> TestResponse {
        var headers = headers
        if body != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        let request = HTTPRequest(method: method, scheme: nil, authority: nil, path: path, headerFields: headers)
        let (response, responseBody) = try await URLSessionTransport().send(
            request, body: body.map { HTTPBody($0) }, baseURL: baseURL, operationID: "raw")
        var text = ""
        if let responseBody { text = try await String(collecting: responseBody, upTo: 1 << 20) }
        return TestResponse(status: response.status.code, headers: response.headerFields, body: text)
    }

    /// The client generated from the same openapi.yaml.
    func client(middlewares: [any ClientMiddleware] = []) -> Client {
        Client(serverURL: baseURL, transport: URLSessionTransport(), middlewares: middlewares)
    }
}

extension Logger.MetadataProvider {
    /// The trace and span IDs of the task's `ServiceContext`, as swift-otel's log handler reads them for every
    /// record (here from swift-distributed-tracing's `InMemoryTracer`): a record logged outside the request's
    /// context has none.
    static let traceIDs = Logger.MetadataProvider {
        guard let span = ServiceContext.current?.inMemorySpanContext else { return [:] }
        return ["trace_id": .string(span.traceID), "span_id": .string(span.spanID)]
    }
}
