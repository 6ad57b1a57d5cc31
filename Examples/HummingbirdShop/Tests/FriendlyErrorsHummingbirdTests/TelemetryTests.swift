import Foundation
import FriendlyErrorsHummingbird
import FriendlyErrorsServerKit
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import InMemoryTracing
import Instrumentation
import Logging
import Metrics
import MetricsTestKit
import Testing
import Tracing

@testable import ExampleServer

/// The process's tracer and metrics: Hummingbird's `TracingMiddleware` and `MetricsMiddleware` read the
/// global systems, which can be bootstrapped once per process. Only this suite starts spans.
enum Telemetry {
    static let tracer: InMemoryTracer = {
        let tracer = InMemoryTracer()
        InstrumentationSystem.bootstrap(tracer)
        return tracer
    }()
    static let metrics: TestMetrics = {
        let metrics = TestMetrics()
        MetricsSystem.bootstrap(metrics)
        return metrics
    }()
}

/// Spans, metrics and logs of the errors the middleware answers (issue 36), through Hummingbird's own
/// `TracingMiddleware` and `MetricsMiddleware` in the order the README gives: theirs first (outside), ours
/// inside. Serialized: the tracer and Hummingbird's counters are the process's.
@Suite(.serialized) struct TelemetryTests {
    /// A response, the one span the request made, this test's counters and logs.
    struct Exchange {
        var response: TestResponse
        var span: FinishedInMemorySpan
        var counters: TestMetrics
        var logs: InMemoryLogHandler
    }

    /// Sends one request through TracingMiddleware, MetricsMiddleware, then ours; `ours` outside them when
    /// `friendlyErrorsOutside`. Ours with the tracer, its own counters and the trace ID in bodies, or none of them
    /// (`telemetry: false`); its log records as `logging` says, through a logger whose metadata provider adds the
    /// task's trace and span IDs as swift-otel's log handler does.
    static func send(
        _ uri: String, logging: ErrorLogging = .standard, telemetry: Bool = true, friendlyErrorsOutside: Bool = false
    ) async throws -> Exchange {
        let tracer = Telemetry.tracer
        _ = Telemetry.metrics
        tracer.clearAll()
        let counters = TestMetrics()
        let options = FriendlyErrorsServerOptions(
            logging: logging, tracer: telemetry ? tracer : nil, sendsTraceID: telemetry,
            metricsFactory: telemetry ? counters : nil)
        let router = Router()
        let friendly = FriendlyErrorsMiddleware<BasicRequestContext>(
            pipeline: AlertPipeline().addingCatalog(shopCatalog), options: options)
        if friendlyErrorsOutside { router.add(middleware: friendly) }
        router.add(middleware: TracingMiddleware())
        router.add(middleware: MetricsMiddleware())
        if !friendlyErrorsOutside { router.add(middleware: friendly) }
        router.post("/orders") { _, _ -> String in throw InsufficientFunds(missingCredits: 42) }
        router.get("/reports") { _, _ -> String in throw ReportDatabaseFailure() }
        var logs = InMemoryLogHandler()
        logs.metadataProvider = .traceIDs
        var logger = Logger(label: "test") { _ in logs }
        logger.logLevel = .trace
        let app = Application(router: router, logger: logger)
        let response = try await app.test(.router) { client in
            try await client.execute(uri: uri, method: uri == "/orders" ? .post : .get)
        }
        let spans = tracer.finishedSpans
        #expect(spans.count == 1, "one span per request, the framework's: none of ours")
        let span = try #require(spans.first)
        return Exchange(
            response: TestResponse(
                status: Int(response.status.code), headers: response.headers, body: String(buffer: response.body)),
            span: span, counters: counters, logs: logs)
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

    /// The attribute's value as text: a string as it is, a number in decimal.
    static func attribute(_ span: FinishedInMemorySpan, _ key: String) -> String? {
        switch span.attributes.get(key) {
        case .string(let text): text
        case .int64(let number): String(number)
        case .int32(let number): String(number)
        case .none: nil
        case .some(let other): "\(other)"
        }
    }

    @Test func aPaymentRequiredAppErrorIsCountedAndOnTheSpanWithoutAnErrorStatus() async throws {
        let exchange = try await Self.send("/orders")
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
        let hummingbird = Telemetry.metrics.counters(label: "hb.requests").filter {
            $0.dimensions.contains { $0 == ("http.response.status_code", "402") }
        }
        #expect(hummingbird.map(\.totalValue).reduce(0, +) >= 1, "Hummingbird counts the 402 as a 402, not a 500")
        #expect(exchange.response.json["traceId"] as? String == span.traceID, "the body names the span's trace")
        let entry = try #require(exchange.logs.entries.last { $0.metadata["error.type"] != nil })
        #expect(entry.metadata["http.route"] == "/orders")
        #expect(entry.metadata["http.response.status_code"] == "402")
        #expect(entry.metadata["trace_id"] == .string(span.traceID), "logged in the request's trace")
        #expect(entry.metadata["exception.message"] == nil, "a client's fault: no error text")
    }

    @Test func aNotFoundFromTheFrameworkIsANotFoundEverywhere() async throws {
        let exchange = try await Self.send("/missing")
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

    /// The operator's record of a 500 (issue 47): in the request's trace, beside the reference ID the user got,
    /// the error's type and own text. Neither reaches the client, the span or a metric.
    @Test func anUnknownErrorIsLoggedWithItsTraceAndTextButIsInNoSpanMetricOrBody() async throws {
        let exchange = try await Self.send("/reports")
        #expect(exchange.response.status == 500)
        let span = exchange.span
        let referenceID = try #require(exchange.response.json["referenceId"] as? String)
        #expect(Self.attribute(span, "error.type") == "unexpected")
        #expect(Self.attribute(span, "error.reference_id") == referenceID)
        #expect(span.status?.code == .error, "a 500 is the server's error")
        #expect(span.status?.message == "Request failed: unexpected")
        #expect(span.errors.isEmpty, "no exception recorded: it would carry the error's text")
        #expect(span.events.isEmpty)
        let counters = exchange.counters.counters(label: ServerErrorReporter.counterLabel)
        #expect(counters.map(\.totalValue) == [1])
        let metricTexts = (exchange.counters.counters + Telemetry.metrics.counters).flatMap { counter in
            [counter.label] + counter.dimensions.flatMap { [$0.0, $0.1] }
        }
        #expect(!metricTexts.contains(referenceID), "no reference ID in a metric")
        for secret in [ReportDatabaseFailure.secret, "S3cr3t", "db.internal"] {
            #expect(!Self.texts(of: span).contains { $0.contains(secret) }, "span: \(secret)")
            #expect(!metricTexts.contains { $0.contains(secret) }, "metric: \(secret)")
            #expect(!exchange.response.body.contains(secret))
        }
        let entry = try #require(exchange.logs.entries.last { $0.metadata["error.reference_id"] != nil })
        #expect(entry.message == "Request failed: unexpected")
        #expect(entry.level == .error)
        #expect(entry.metadata["error.reference_id"] == .string(referenceID))
        #expect(entry.metadata["trace_id"] == .string(span.traceID))
        #expect(entry.metadata["span_id"] == .string(span.spanID))
        #expect(entry.metadata["exception.type"] == "ExampleServer.ReportDatabaseFailure")
        #expect(entry.metadata["exception.message"] == .string("could not connect to \(ReportDatabaseFailure.secret)"))
        #expect(entry.error == nil, "never swift-log's `error:`, which a stream handler prints unescaped")
    }

    @Test func withoutErrorTextNoLogRecordHoldsTheSecret() async throws {
        let exchange = try await Self.send("/reports", logging: .withoutErrorText)
        let entry = try #require(exchange.logs.entries.last { $0.metadata["error.reference_id"] != nil })
        #expect(entry.metadata["trace_id"] == .string(exchange.span.traceID))
        let logTexts = exchange.logs.entries.flatMap { entry in
            ["\(entry.message)", "\(entry.error.map { "\($0)" } ?? "")"] + entry.metadata.map { "\($0)=\($1)" }
        }
        for secret in [ReportDatabaseFailure.secret, "S3cr3t", "db.internal", "ReportDatabaseFailure"] {
            #expect(!logTexts.contains { $0.contains(secret) }, "log: \(secret)")
        }
    }

    @Test func loggingCanBeTurnedOff() async throws {
        let exchange = try await Self.send("/reports", logging: .off)
        #expect(exchange.response.status == 500)
        #expect(!exchange.logs.entries.contains { $0.metadata["error.type"] != nil })
    }

    @Test func withOurMiddlewareOutsideTheFrameworksSpanGetsTheRawError() async throws {
        // Why the README puts ours inside: outside, TracingMiddleware sees the thrown error itself.
        let exchange = try await Self.send("/reports", friendlyErrorsOutside: true)
        #expect(exchange.response.status == 500)
        #expect(Self.texts(of: exchange.span).contains { $0.contains(ReportDatabaseFailure.secret) })
    }

    @Test func spansAndCountersCanBeTurnedOff() async throws {
        let exchange = try await Self.send("/reports", telemetry: false)
        #expect(Self.attribute(exchange.span, "error.type") == nil)
        #expect(exchange.span.status == nil)
        #expect(exchange.counters.counters.isEmpty)
        #expect(exchange.response.json["traceId"] == nil)
    }

    @Test func tenThousandDistinctCodesStayWithinTheCap() async throws {
        let counters = TestMetrics()
        let logs = InMemoryLogHandler()
        let logger = Logger(label: "test") { _ in logs }
        let reporter = ServerErrorReporter(
            pipeline: AlertPipeline().addingCatalog(shopCatalog),
            options: FriendlyErrorsServerOptions(logging: .off, metricsFactory: counters), logger: logger)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for index in stride(from: task, to: 10_000, by: 4) {
                        let event = ClassificationEvent(
                            error: ReportDatabaseFailure(),
                            classification: Classification(code: "generated.code\(index)", category: .internal),
                            context: ClassificationContext(audience: .serverClient))
                        reporter.report(event, logger: logger) { .http(status: 500, method: "GET") }
                    }
                }
            }
        }
        let all = counters.counters(label: ServerErrorReporter.counterLabel)
        let types = Set(all.compactMap { counter in counter.dimensions.first { $0.0 == "error.type" }?.1 })
        #expect(types.count <= 200)
        #expect(types.contains(ServerErrorReporter.otherErrorType))
        #expect(all.map(\.totalValue).reduce(0, +) == 10_000, "every error counted, the rest as _OTHER")
        let warnings = logs.entries.filter { $0.level == .warning }
        #expect(warnings.count == 1, "one warning")
    }

    @Test func eachThreadsCachedCountersGiveEveryReporterItsOwnExactCounts() async throws {
        // Three reporters, each counting into its own factory, on four tasks each at once: each error counted
        // once, in its reporter's factory alone, under the same series as a counter made per error would be.
        let pipeline = AlertPipeline().addingCatalog(shopCatalog)
        let factories = (0..<3).map { _ in TestMetrics() }
        let reporters = factories.map { factory in
            ServerErrorReporter(
                pipeline: pipeline, options: FriendlyErrorsServerOptions(logging: .off, metricsFactory: factory),
                logger: Logger(label: "test"))
        }
        // Each case with the status dimension and medium its counter should have.
        let cases: [(code: String, category: ErrorCategory, exchange: ServerExchange, status: (String, String))] = [
            ("http.404", .notFound, .http(status: 404, method: "GET"), ("http.response.status_code", "404")),
            ("http.409", .conflict, .http(status: 409, method: "PUT"), ("http.response.status_code", "409")),
            ("unexpected", .internal, .http(status: 500, method: "GET"), ("http.response.status_code", "500")),
            ("unexpected", .internal, .http(status: 503, method: "GET"), ("http.response.status_code", "503")),
            (
                "orders.missing", .notFound, .grpc(code: 5, method: "shop.Orders/Get"),
                ("rpc.response.status_code", "NOT_FOUND")
            ),
        ]
        let rounds = 200
        await withTaskGroup(of: Void.self) { group in
            for (number, reporter) in reporters.enumerated() {
                for _ in 0..<4 {
                    group.addTask {
                        for round in 0..<rounds {
                            // Reporter n counts each case n + 1 times a round, interleaved with the others.
                            for _ in 0...number {
                                let (code, category, exchange, _) = cases[round % cases.count]
                                let event = ClassificationEvent(
                                    error: ReportDatabaseFailure(),
                                    classification: Classification(code: code, category: category),
                                    context: ClassificationContext(audience: .serverClient))
                                reporter.report(event, logger: Logger(label: "test")) { exchange }
                                await Task.yield()
                            }
                        }
                    }
                }
            }
        }
        for (number, factory) in factories.enumerated() {
            let all = factory.counters(label: ServerErrorReporter.counterLabel)
            #expect(all.count == cases.count, "one series per case, in this reporter's factory only")
            for (code, category, _, status) in cases {
                let medium = status.0.hasPrefix("rpc.") ? "grpc" : "http"
                let counter = try factory.expectCounter(
                    ServerErrorReporter.counterLabel,
                    [
                        ("error.type", code), ("error.category", category.name), status,
                        ("friendly_errors.medium", medium),
                    ])
                #expect(counter.totalValue == 4 * (rounds / cases.count) * (number + 1), "\(code) \(status.1)")
            }
        }
    }

    @Test func withoutATraceTheBodyHasNoTraceID() async throws {
        let app = TestApp(pipeline: AlertPipeline().addingCatalog(shopCatalog)) { router in
            router.post("/orders") { _, _ -> String in throw InsufficientFunds(missingCredits: 1) }
        }
        let response = try await app.send(.post, "/orders")
        #expect(response.json["traceId"] == nil)
    }
}
