import Foundation
import FriendlyErrorsOpenAPI
import FriendlyErrorsServerKit
import HTTPTypes
import InMemoryLogging
import InMemoryTracing
import Logging
import MetricsTestKit
import OpenAPIRuntime
import Testing
import Tracing

@testable import ExampleService

/// Spans, metrics and logs of the errors the middleware answers (issue 36). The request's span is the one the
/// server's tracing middleware (Hummingbird's `TracingMiddleware`, outside the OpenAPI handlers) made current:
/// here a span started around the call, with a tracer and a metrics factory of the test's own.
struct TelemetryTests {
    /// A response, the one span, the counters and the logs of one error answered.
    struct Exchange {
        var response: TestResponse
        var span: FinishedInMemorySpan
        var spans: Int
        var counters: TestMetrics
        var logs: InMemoryLogHandler
    }

    /// Answers `error` as the runtime hands it to the middleware, inside a span of the test's tracer.
    static func answer(
        _ error: any Error, wrapped: Bool = true, logging: ErrorLogging = .standard, telemetry: Bool = true
    ) async throws -> Exchange {
        let tracer = InMemoryTracer()
        let counters = TestMetrics()
        let options = FriendlyErrorsServerOptions(
            logging: logging, tracer: telemetry ? tracer : nil, sendsTraceID: telemetry,
            metricsFactory: telemetry ? counters : nil)
        let test = TestMiddleware(pipeline: AlertPipeline().addingCatalog(shopCatalog), options: options)
        let response = try await tracer.withSpan("POST /orders", ofKind: .server) { _ in
            try await test.answer(error, method: .post, wrapped: wrapped)
        }
        let span = try #require(tracer.finishedSpans.first)
        return Exchange(
            response: response, span: span, spans: tracer.finishedSpans.count, counters: counters, logs: test.logs)
    }

    static func attribute(_ span: FinishedInMemorySpan, _ key: String) -> String? {
        switch span.attributes.get(key) {
        case .string(let value)?: value
        case .int64(let value)?: String(value)
        case let other?: "\(other)"
        case nil: nil
        }
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

    @Test func aPaymentRequiredAppErrorIsCountedAndOnTheSpanWithoutAnErrorStatus() async throws {
        let exchange = try await Self.answer(InsufficientFunds(missingCredits: 42))
        #expect(exchange.response.status == 402)
        #expect(exchange.spans == 1, "no span of the middleware's own")
        let span = exchange.span
        #expect(Self.attribute(span, "error.type") == "account.insufficientFunds")
        #expect(Self.attribute(span, "error.category") == "paymentRequired")
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
        #expect(entry.metadata["openapi.operation_id"] == "createOrder")
        #expect(entry.metadata["http.response.status_code"] == "402")
    }

    @Test func aNotFoundFromTheRuntimeIsANotFoundEverywhere() async throws {
        // The runtime's own answer (an `HTTPResponseConvertible` error's status), not the app's.
        struct NoSuchItem: Error, HTTPResponseConvertible {
            var httpStatus: HTTPResponse.Status { .notFound }
        }
        let exchange = try await Self.answer(NoSuchItem())
        #expect(exchange.response.status == 404)
        #expect(Self.attribute(exchange.span, "error.type") == "http.404")
        #expect(Self.attribute(exchange.span, "error.category") == "notFound")
        #expect(exchange.span.status == nil)
        let counters = exchange.counters.counters(label: ServerErrorReporter.counterLabel)
        #expect(counters.count == 1)
        #expect(counters.first?.dimensions.contains { $0 == ("error.type", "http.404") } == true)
        #expect(counters.first?.dimensions.contains { $0 == ("http.response.status_code", "404") } == true)
    }

    @Test func anUnknownErrorsSecretIsInNoSpanMetricOrLogWithoutErrorText() async throws {
        let exchange = try await Self.answer(ReportDatabaseFailure(), logging: .withoutErrorText)
        #expect(exchange.response.status == 500)
        let span = exchange.span
        let referenceID = try #require(exchange.response.json["referenceId"] as? String)
        #expect(Self.attribute(span, "error.type") == "unexpected")
        #expect(Self.attribute(span, "error.reference_id") == referenceID)
        #expect(span.status?.code == .error, "a 500 is the server's error")
        #expect(span.errors.isEmpty && span.events.isEmpty, "no exception: it would carry the error's text")
        let counters = exchange.counters.counters(label: ServerErrorReporter.counterLabel)
        #expect(counters.map(\.totalValue) == [1])
        let metricTexts = exchange.counters.counters.flatMap { counter in
            [counter.label] + counter.dimensions.flatMap { [$0.0, $0.1] }
        }
        #expect(!metricTexts.contains(referenceID), "no reference ID in a metric")
        let logTexts = exchange.logs.entries.flatMap { entry in
            ["\(entry.message)", "\(entry.error.map { "\($0)" } ?? "")"] + entry.metadata.map { "\($0)=\($1)" }
        }
        #expect(!logTexts.isEmpty)
        for secret in [ReportDatabaseFailure.secret, "S3cr3t", "db.internal"] {
            #expect(!Self.texts(of: span).contains { $0.contains(secret) }, "span: \(secret)")
            #expect(!metricTexts.contains { $0.contains(secret) }, "metric: \(secret)")
            #expect(!logTexts.contains { $0.contains(secret) }, "log: \(secret)")
            #expect(!exchange.response.body.contains(secret))
        }
    }

    /// The operator's record of a 500 (issue 47): in the request's trace (the span the server's tracing made
    /// current), beside the reference ID the client got, the error's type and own text; by default.
    @Test func anUnknownErrorIsLoggedInItsTraceWithItsTypeAndText() async throws {
        let exchange = try await Self.answer(ReportDatabaseFailure())
        let referenceID = try #require(exchange.response.json["referenceId"] as? String)
        let entry = try #require(exchange.logs.entries.last { $0.metadata["error.reference_id"] != nil })
        #expect(entry.message == "Request failed: unexpected")
        #expect(entry.metadata["error.reference_id"] == .string(referenceID))
        #expect(entry.metadata["trace_id"] == .string(exchange.span.traceID))
        #expect(entry.metadata["span_id"] == .string(exchange.span.spanID))
        #expect(entry.metadata["exception.type"] == "ExampleService.ReportDatabaseFailure")
        #expect(entry.metadata["exception.message"] == .string("could not connect to \(ReportDatabaseFailure.secret)"))
        #expect(!exchange.response.body.contains(ReportDatabaseFailure.secret))
    }

    @Test func spansCountersAndTheTraceIDCanBeTurnedOff() async throws {
        let exchange = try await Self.answer(ReportDatabaseFailure(), telemetry: false)
        #expect(Self.attribute(exchange.span, "error.type") == nil)
        #expect(exchange.span.status == nil)
        #expect(exchange.counters.counters.isEmpty)
        #expect(exchange.response.json["traceId"] == nil)
    }

    @Test func withoutATraceTheBodyHasNoTraceID() async throws {
        let response = try await TestMiddleware().answer(MissingOrder())
        #expect(response.status == 404)
        #expect(response.json["traceId"] == nil)
    }
}
