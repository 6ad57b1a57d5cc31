import Foundation
import FriendlyErrors
import FriendlyErrorsVapor
import InMemoryLogging
import InMemoryTracing
import Logging
import NIOCore
import NIOHTTP1
import ServiceContextModule
import Vapor
import VaporTesting

/// One response as a test reads it: status, headers, body text and the body parsed as JSON.
struct TestResponse {
    var status: Int
    var headers: HTTPHeaders
    var body: String

    /// The body as a JSON object, or empty when it is not one.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
    }

    /// The `errors` member's entries, as strings.
    var errors: [[String: String]] {
        json["errors"] as? [[String: String]] ?? []
    }
}

/// An app with the middleware in place of Vapor's `ErrorMiddleware`, routes added by `configure`,
/// and the requests' log kept in memory.
struct TestApp {
    let logs = InMemoryLogHandler()
    var pipeline: AlertPipeline
    var options: FriendlyErrorsServerOptions
    var configure: @Sendable (Application) -> Void

    init(
        pipeline: AlertPipeline = AlertPipeline(),
        options: FriendlyErrorsServerOptions = FriendlyErrorsServerOptions(revealsFrameworkMessages: true),
        configure: @escaping @Sendable (Application) -> Void
    ) {
        self.pipeline = pipeline
        self.options = options
        self.configure = configure
    }

    /// Sends one request to a fresh app.
    func send(
        _ method: HTTPMethod = .GET, _ path: String, headers: HTTPHeaders = [:], body: String? = nil
    ) async throws -> TestResponse {
        try await withApp { app in
            var handler = logs
            handler.metadataProvider = .traceIDs
            var logger = Logger(label: "test") { _ in handler }
            logger.logLevel = .trace
            // Vapor makes each request's logger from the app's, adding `request-id`.
            app.logger = logger
            // The one line a user writes.
            app.middleware.replaceErrorMiddleware(with: FriendlyErrorsMiddleware(pipeline: pipeline, options: options))
            configure(app)
            return try await TestResponse(
                app.testing().sendRequest(method, path, headers: headers, body: body.map { ByteBuffer(string: $0) }))
        }
    }

    /// The log entry the middleware wrote (the one with `error.type`).
    var errorEntry: InMemoryLogHandler.Entry? {
        logs.entries.last { $0.metadata["error.type"] != nil }
    }
}

extension TestResponse {
    init(_ response: TestingHTTPResponse) {
        self.init(status: Int(response.status.code), headers: response.headers, body: String(buffer: response.body))
    }
}

/// Values an observer saw, from any task.
final class Seen: @unchecked Sendable {
    // @unchecked: `stored` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var stored: [[String: String]] = []

    func add(_ value: [String: String]) { lock.withLock { stored.append(value) } }
    var values: [[String: String]] { lock.withLock { stored } }
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
