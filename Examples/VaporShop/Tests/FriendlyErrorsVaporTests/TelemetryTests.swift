import Foundation
import FriendlyErrorsServerKit
import FriendlyErrorsVapor
import InMemoryLogging
import InMemoryTracing
import Instrumentation
import Logging
import Metrics
import MetricsTestKit
import NIOCore
import Testing
import Tracing
import Vapor
import VaporTesting

@testable import ExampleApp

/// The process's tracer: Vapor's `TracingMiddleware` reads the global system, which can be bootstrapped once
/// per process. Only this suite starts spans.
enum Telemetry {
    static let tracer: InMemoryTracer = {
        let tracer = InMemoryTracer()
        InstrumentationSystem.bootstrap(tracer)
        return tracer
    }()
}

/// Spans, metrics and logs of the errors the middleware answers (issue 36), through Vapor's own
/// `TracingMiddleware` in the order the README gives: ours where `ErrorMiddleware` was, Vapor's
/// `TracingMiddleware` at the beginning (outside). Serialized: the tracer is the process's.
@Suite(.serialized) struct TelemetryTests {
    /// A response, the one span the request made, this test's counters and logs.
    struct Exchange {
        var response: TestResponse
        var span: FinishedInMemorySpan
        var counters: TestMetrics
        var logs: InMemoryLogHandler
    }

    /// Sends one request through Vapor's `TracingMiddleware`, then ours; ours outside it when
    /// `friendlyErrorsOutside` (`TracingMiddleware` appended after `replaceErrorMiddleware`).
    /// Ours with the tracer, its own counters and the trace ID in bodies, or none of them (`telemetry: false`);
    /// its log records as `logging` says, through a logger whose metadata provider adds the task's trace and
    /// span IDs as swift-otel's log handler does.
    static func send(
        _ method: HTTPMethod, _ path: String, logging: ErrorLogging = .standard, telemetry: Bool = true,
        friendlyErrorsOutside: Bool = false
    ) async throws -> Exchange {
        let tracer = Telemetry.tracer
        tracer.clearAll()
        let counters = TestMetrics()
        let options = FriendlyErrorsServerOptions(
            revealsFrameworkMessages: true, logging: logging, tracer: telemetry ? tracer : nil,
            sendsTraceID: telemetry, metricsFactory: telemetry ? counters : nil)
        var logs = InMemoryLogHandler()
        logs.metadataProvider = .traceIDs
        let response = try await withApp { app in
            var logger = Logger(label: "test") { _ in logs }
            logger.logLevel = .trace
            app.logger = logger
            app.middleware.replaceErrorMiddleware(
                with: FriendlyErrorsMiddleware(pipeline: AlertPipeline().addingCatalog(shopCatalog), options: options))
            if friendlyErrorsOutside {
                app.middleware.use(TracingMiddleware())
            } else {
                app.middleware.use(TracingMiddleware(), at: .beginning)
            }
            app.post("orders") { _ -> String in throw InsufficientFunds(missingCredits: 42) }
            app.get("reports") { _ -> String in throw ReportDatabaseFailure() }
            return try await TestResponse(app.testing().sendRequest(method, path))
        }
        let spans = tracer.finishedSpans
        #expect(spans.count == 1, "one span per request, Vapor's: none of ours")
        let span = try #require(spans.first)
        return Exchange(response: response, span: span, counters: counters, logs: logs)
    }

    /// Every text of a finished span: attribute values, events, recorded errors, status message.
    static func texts(of span: FinishedInMemorySpan) -> [String] {
        var texts: [String] = [span.operationName, span.status?.message ?? ""]
        span.attributes.forEach { key, value in texts.append("\(key)=\(value)") }
        for event in span.events {
            texts.append(event.name)
            event.attributes.forEach { key, value in texts.append("\(key)=\(value)") }
        }
        texts += span.errors.map { "\($0.error)" }
        return texts
    }

    static func attribute(_ span: FinishedInMemorySpan, _ key: String) -> String? {
        switch span.attributes.get(key) {
        case .string(let value)?: value
        case .int64(let value)?: String(value)
        case let other?: "\(other)"
        case nil: nil
        }
    }

    @Test func aPaymentRequiredAppErrorIsCountedAndOnTheSpanWithoutAnErrorStatus() async throws {
        let exchange = try await Self.send(.POST, "orders")
        #expect(exchange.response.status == 402)
        let span = exchange.span
        #expect(Self.attribute(span, "error.type") == "account.insufficientFunds")
        #expect(Self.attribute(span, "error.category") == "paymentRequired")
        #expect(Self.attribute(span, "http.response.status_code") == "402", "TracingMiddleware sees our response")
        #expect(Self.attribute(span, "error.reference_id") == nil)
        #expect(span.status == nil, "a client's error is not the server's")
        #expect(span.errors.isEmpty && span.events.isEmpty)
        let counter = try exchange.counters.expectCounter(
            ServerErrorReporter.counterLabel,
            [
                ("error.type", "account.insufficientFunds"), ("error.category", "paymentRequired"),
                ("http.response.status_code", "402"), ("friendly_errors.medium", "http"),
            ])
        #expect(counter.totalValue == 1)
        #expect(exchange.response.json["traceId"] as? String == span.traceID, "the body names the span's trace")
        let entry = try #require(exchange.logs.entries.last { $0.metadata["error.type"] != nil })
        #expect(entry.metadata["http.route"] == "/orders")
        #expect(entry.metadata["http.response.status_code"] == "402")
        #expect(entry.metadata["trace_id"] == .string(span.traceID), "logged in the request's trace")
        #expect(entry.metadata["exception.message"] == nil, "a client's fault: no error text")
    }

    @Test func aNotFoundFromTheFrameworkIsANotFoundEverywhere() async throws {
        let exchange = try await Self.send(.GET, "missing")
        #expect(exchange.response.status == 404)
        #expect(Self.attribute(exchange.span, "error.type") == "http.404")
        #expect(Self.attribute(exchange.span, "error.category") == "notFound")
        #expect(Self.attribute(exchange.span, "http.response.status_code") == "404")
        #expect(exchange.span.status == nil)
        #expect(exchange.span.errors.isEmpty)
        let counters = exchange.counters.counters(label: ServerErrorReporter.counterLabel)
        #expect(counters.count == 1)
        #expect(counters.first?.dimensions.contains { $0 == ("error.type", "http.404") } == true)
        #expect(counters.first?.dimensions.contains { $0 == ("http.response.status_code", "404") } == true)
    }

    /// The operator's record of a 500 (issue 47), logged from a future's callback: in the request's trace
    /// (`request.serviceContext`), beside the reference ID the user got, the error's type and own text.
    @Test func anUnknownErrorIsLoggedInItsTraceWithItsTypeAndText() async throws {
        let exchange = try await Self.send(.GET, "reports")
        let referenceID = try #require(exchange.response.json["referenceId"] as? String)
        let entry = try #require(exchange.logs.entries.last { $0.metadata["error.reference_id"] != nil })
        #expect(entry.message == "Request failed: unexpected")
        #expect(entry.metadata["error.reference_id"] == .string(referenceID))
        #expect(entry.metadata["trace_id"] == .string(exchange.span.traceID))
        #expect(entry.metadata["span_id"] == .string(exchange.span.spanID))
        #expect(entry.metadata["exception.type"] == "ExampleApp.ReportDatabaseFailure")
        #expect(entry.metadata["exception.message"] == .string("could not connect to \(ReportDatabaseFailure.secret)"))
        #expect(!exchange.response.body.contains(ReportDatabaseFailure.secret))
    }

    @Test func anUnknownErrorsSecretIsInNoSpanMetricOrLogWithoutErrorText() async throws {
        let exchange = try await Self.send(.GET, "reports", logging: .withoutErrorText)
        #expect(exchange.response.status == 500)
        let span = exchange.span
        let referenceID = try #require(exchange.response.json["referenceId"] as? String)
        #expect(Self.attribute(span, "error.type") == "unexpected")
        #expect(Self.attribute(span, "error.reference_id") == referenceID)
        #expect(span.status?.code == .error, "a 500 is the server's error")
        #expect(span.errors.isEmpty, "no exception recorded: it would carry the error's text")
        #expect(span.events.isEmpty)
        let counters = exchange.counters.counters(label: ServerErrorReporter.counterLabel)
        #expect(counters.map(\.totalValue) == [1])
        let metricTexts = exchange.counters.counters.flatMap { counter in
            [counter.label] + counter.dimensions.flatMap { [$0.0, $0.1] }
        }
        #expect(!metricTexts.contains(referenceID), "no reference ID in a metric")
        let logTexts = exchange.logs.entries.flatMap { entry in
            ["\(entry.message)", "\(entry.error.map { "\($0)" } ?? "")"] + entry.metadata.map { "\($0)=\($1)" }
        }
        for secret in [ReportDatabaseFailure.secret, "S3cr3t", "db.internal"] {
            #expect(!Self.texts(of: span).contains { $0.contains(secret) }, "span: \(secret)")
            #expect(!metricTexts.contains { $0.contains(secret) }, "metric: \(secret)")
            #expect(!logTexts.contains { $0.contains(secret) }, "log: \(secret)")
            #expect(!exchange.response.body.contains(secret))
        }
    }

    @Test func withOurMiddlewareOutsideVaporsSpanGetsTheRawErrorAndAnErrorStatusForA402() async throws {
        // Why the README puts Vapor's TracingMiddleware first: inside ours, it sees the thrown error itself.
        let unknown = try await Self.send(.GET, "reports", friendlyErrorsOutside: true)
        #expect(unknown.response.status == 500)
        #expect(Self.texts(of: unknown.span).contains { $0.contains(ReportDatabaseFailure.secret) })
        let payment = try await Self.send(.POST, "orders", friendlyErrorsOutside: true)
        #expect(payment.span.status?.code == .error, "Vapor's tracing marks every thrown error, 4xx included")
        #expect(payment.response.status == 402)
    }

    @Test func spansAndCountersCanBeTurnedOff() async throws {
        let exchange = try await Self.send(.GET, "reports", telemetry: false)
        #expect(Self.attribute(exchange.span, "error.type") == nil)
        #expect(exchange.span.status?.code == .error, "Vapor's own: it sees our 500")
        #expect(exchange.counters.counters.isEmpty)
        #expect(exchange.response.json["traceId"] == nil)
    }
}

/// Found while testing the middleware order (issue 36): an app's `FriendlyError` that reached the middleware
/// through any `AsyncMiddleware` added after it (Vapor's `TracingMiddleware`, or the trivial one below) was
/// classified `unexpected` and answered as a 500: Vapor's bridge resumes a checked continuation with it, which
/// boxes it twice, and the core's per-type cast opened it as `any Error` (see `ErrorTypeFacts.boxed`).
struct AsyncMiddlewareBetweenTests {
    struct Rethrowing: AsyncMiddleware {
        func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            try await next.respond(to: request)
        }
    }

    @Test func aFriendlyErrorThroughAnAsyncMiddlewareKeepsItsStatus() async throws {
        let app = TestApp(pipeline: AlertPipeline().addingCatalog(shopCatalog)) { app in
            app.middleware.use(Rethrowing())
            app.post("orders") { _ -> String in throw InsufficientFunds(missingCredits: 42) }
        }
        let response = try await app.send(.POST, "orders")
        #expect(response.status == 402)
    }
}
