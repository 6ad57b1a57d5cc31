import Foundation
import FriendlyErrors
import FriendlyErrorsHummingbird
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import InMemoryTracing
import Logging
import ServiceContextModule

/// One response as a test reads it: status, headers, body text and the body parsed as JSON.
struct TestResponse {
    var status: Int
    var headers: HTTPFields
    var body: String

    /// The body as a JSON object, or empty when it is not one.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
    }
}

/// An app with `configure` adding routes to a router that has the middleware, and a log kept in memory.
struct TestApp {
    let logs = InMemoryLogHandler()
    var pipeline = AlertPipeline()
    var options = FriendlyErrorsServerOptions()
    var configure: @Sendable (Router<BasicRequestContext>) -> Void

    init(
        pipeline: AlertPipeline = AlertPipeline(), options: FriendlyErrorsServerOptions = FriendlyErrorsServerOptions(),
        configure: @escaping @Sendable (Router<BasicRequestContext>) -> Void
    ) {
        self.pipeline = pipeline
        self.options = options
        self.configure = configure
    }

    /// Sends one request to a fresh app.
    func send(
        _ method: HTTPRequest.Method = .get, _ uri: String, headers: HTTPFields = [:], body: String? = nil
    ) async throws -> TestResponse {
        let router = Router()
        // The one line a user writes.
        router.add(middleware: FriendlyErrorsMiddleware(pipeline: pipeline, options: options))
        configure(router)
        let handler = logs
        var logger = Logger(label: "test") { _ in handler }
        logger.logLevel = .trace
        let app = Application(router: router, logger: logger)
        let response = try await app.test(.router) { client in
            try await client.execute(
                uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
        }
        return TestResponse(
            status: Int(response.status.code), headers: response.headers, body: String(buffer: response.body))
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
