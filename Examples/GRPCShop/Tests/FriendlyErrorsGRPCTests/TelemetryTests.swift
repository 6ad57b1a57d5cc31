import ExampleService
import Foundation
import FriendlyErrorsGRPC
import FriendlyErrorsServerKit
import GRPCCore
import GRPCProtobuf
import InMemoryLogging
import InMemoryTracing
import Instrumentation
import Logging
import MetricsTestKit
import Testing
import Tracing

/// Spans, the counter and logs of the errors the interceptor answers (issue 36), with swift-distributed-tracing's
/// `InMemoryTracer` and swift-metrics' `TestMetrics` passed in the options (no global system is bootstrapped).
@Suite struct TelemetryTests {
    /// What one answered error left behind.
    struct Report {
        var error: RPCError
        var status: GoogleRPCStatus
        var span: FinishedInMemorySpan
        var counters: TestMetrics
        var logs: InMemoryLogHandler

        var errorInfo: ErrorDetails.ErrorInfo? { status.details.lazy.compactMap(\.errorInfo).first }
        var requestInfo: ErrorDetails.RequestInfo? { status.details.lazy.compactMap(\.requestInfo).first }
    }

    /// A server's own fault the app classified: INTERNAL.
    struct StockDatabaseDown: FriendlyError {
        var code: String { "shop.stockDatabaseDown" }
        var category: ErrorCategory { .internal }
    }

    /// Answers `error` inside a server span of a fresh tracer, as a tracing interceptor outside ours would.
    static func answer(_ error: any Error, logging: ErrorLogging = .standard) async throws -> Report {
        let tracer = InMemoryTracer()
        let counters = TestMetrics()
        var logs = InMemoryLogHandler()
        logs.metadataProvider = .traceIDs
        var logger = Logger(label: "test") { _ in logs }
        logger.logLevel = .trace
        let interceptor = FriendlyErrorsInterceptor(
            domain: "shop.example.com", pipeline: AlertPipeline().addingCatalog(shopCatalog),
            options: FriendlyErrorsServerOptions(logging: logging, tracer: tracer, metricsFactory: counters),
            logger: logger)
        let context = ServerContext(
            descriptor: ShopService.placeOrder, remotePeer: "ipv4:127.0.0.1:1", localPeer: "ipv4:127.0.0.1:2",
            cancellation: ServerContext.RPCCancellationHandle())
        let answer = await tracer.withSpan("friendlyerrors.example.Shop/PlaceOrder", ofKind: .server) { _ in
            await interceptor.answer(error, context: context)
        }
        #expect(tracer.finishedSpans.count == 1, "the RPC's span only: the interceptor starts none")
        return Report(
            error: answer, status: try #require(try answer.unpackGoogleRPCStatus()),
            span: try #require(tracer.finishedSpans.first), counters: counters, logs: logs)
    }

    /// The attribute's value as text.
    static func attribute(_ span: FinishedInMemorySpan, _ key: String) -> String? {
        switch span.attributes.get(key) {
        case .string(let text): text
        case .none: nil
        case .some(let other): "\(other)"
        }
    }

    /// Every text of a finished span: attribute values, events, recorded errors, status message.
    static func texts(of span: FinishedInMemorySpan) -> String {
        var texts: [String] = [span.operationName, span.status?.message ?? ""]
        span.attributes.forEach { key, value in texts.append("\(key)=\(value)") }
        for event in span.events { texts.append(event.name) }
        texts += span.errors.map { "\($0.error)" }
        return texts.joined(separator: "\n")
    }

    static func dimensions(_ type: String, _ category: String, _ status: String) -> [(String, String)] {
        [
            ("error.type", type), ("error.category", category), ("rpc.response.status_code", status),
            ("friendly_errors.medium", "grpc"),
        ]
    }

    @Test func aNotFoundIsOnTheSpanAndCountedWithoutAnErrorStatus() async throws {
        let report = try await Self.answer(ItemNotFound(item: "A-42"))
        #expect(report.error.code == .notFound)
        #expect(Self.attribute(report.span, "error.type") == "shop.itemNotFound")
        #expect(Self.attribute(report.span, "error.category") == "notFound")
        #expect(Self.attribute(report.span, "rpc.response.status_code") == "NOT_FOUND")
        #expect(report.span.status == nil, "a client's error is not the server's")
        #expect(report.span.errors.isEmpty && report.span.events.isEmpty)
        let counter = try report.counters.expectCounter(
            ServerErrorReporter.counterLabel, Self.dimensions("shop.itemNotFound", "notFound", "NOT_FOUND"))
        #expect(counter.totalValue == 1)
        // The trace ID reaches the client once: in ErrorInfo beside the code. No reference ID, no RequestInfo.
        let traceID = report.span.traceID
        #expect(
            report.errorInfo?.metadata == [
                "code": "shop.itemNotFound", "category": "notFound", "title": "Item not found", "traceId": traceID,
            ])
        #expect(report.requestInfo == nil)
    }

    @Test func anInternalErrorIsASpanErrorWithItsCodeAsTheOnlyText() async throws {
        let report = try await Self.answer(StockDatabaseDown())
        #expect(report.error.code == .internalError)
        #expect(Self.attribute(report.span, "error.type") == "shop.stockDatabaseDown")
        #expect(Self.attribute(report.span, "rpc.response.status_code") == "INTERNAL")
        #expect(report.span.status?.code == .error)
        #expect(report.span.status?.message == "Request failed: shop.stockDatabaseDown")
        #expect(report.span.errors.isEmpty && report.span.events.isEmpty, "no exception event")
        let counter = try report.counters.expectCounter(
            ServerErrorReporter.counterLabel, Self.dimensions("shop.stockDatabaseDown", "internal", "INTERNAL"))
        #expect(counter.totalValue == 1)
    }

    @Test func anUnknownErrorsSecretIsInNoSpanNorCounterAndInItsLogRecordWithItsTraceID() async throws {
        let report = try await Self.answer(ReportDatabaseFailure())
        #expect(report.error.code == .unknown)
        #expect(report.span.status?.code == .error)
        let reference = try #require(Self.attribute(report.span, "error.reference_id"))
        let traceID = report.span.traceID
        // Each fact once: the reference ID in RequestInfo, the trace ID in ErrorInfo.
        #expect(report.requestInfo == ErrorDetails.RequestInfo(requestID: reference, servingData: ""))
        #expect(
            report.errorInfo?.metadata == [
                "code": "unexpected", "category": "unknown", "title": "Something went wrong", "traceId": traceID,
            ])
        #expect(report.counters.counters.count == 1)
        let counter = try report.counters.expectCounter(
            ServerErrorReporter.counterLabel, Self.dimensions("unexpected", "unknown", "UNKNOWN"))
        #expect(counter.totalValue == 1)
        let recorded = [Self.texts(of: report.span), "\(report.counters.counters.map(\.dimensions))"]
        for text in recorded {
            for part in [ReportDatabaseFailure.secret, "S3cr3t", "db.internal", "ReportDatabaseFailure"] {
                #expect(!text.contains(part))
            }
        }

        // The operator's record: in the RPC's trace, with the reference ID the client got, and the error itself.
        let entry = try #require(report.logs.entries.last)
        #expect(entry.message == "Request failed: unexpected")
        #expect(entry.metadata["trace_id"] == .string(traceID))
        #expect(entry.metadata["span_id"] == .string(report.span.spanID))
        #expect(entry.metadata["error.reference_id"] == .string(reference))
        #expect(entry.metadata["error.type"] == "unexpected")
        #expect(entry.metadata["exception.type"] == "ExampleService.ReportDatabaseFailure")
        #expect(entry.metadata["exception.message"] == .string("could not connect to \(ReportDatabaseFailure.secret)"))
        #expect(entry.error == nil, "never swift-log's `error:`, which a stream handler prints unescaped")
    }

    @Test func withoutErrorTextTheLogRecordHoldsNoSecret() async throws {
        let report = try await Self.answer(ReportDatabaseFailure(), logging: .withoutErrorText)
        let entry = try #require(report.logs.entries.last)
        #expect(entry.metadata["trace_id"] == .string(report.span.traceID))
        #expect(entry.metadata["error.reference_id"] != nil)
        #expect(entry.metadata["exception.type"] == nil && entry.metadata["exception.message"] == nil)
        let logged = report.logs.entries.map { "\($0.message) \($0.metadata)" }.joined(separator: "\n")
        for part in [ReportDatabaseFailure.secret, "S3cr3t", "db.internal", "ReportDatabaseFailure"] {
            #expect(!logged.contains(part))
        }
    }

    @Test func aClientsFaultIsLoggedWithItsTraceButWithoutTheErrorsText() async throws {
        let report = try await Self.answer(ItemNotFound(item: "A-42"))
        let entry = try #require(report.logs.entries.last)
        #expect(entry.metadata["trace_id"] == .string(report.span.traceID))
        #expect(entry.metadata["exception.message"] == nil, "NOT_FOUND is not the server's fault")
    }

    /// Starts a server span around each RPC, as a tracing interceptor placed before ours does.
    struct SpanInterceptor: ServerInterceptor {
        let tracer: InMemoryTracer

        func intercept<Input: Sendable, Output: Sendable>(
            request: StreamingServerRequest<Input>, context: ServerContext,
            next:
                @Sendable (StreamingServerRequest<Input>, ServerContext) async throws -> StreamingServerResponse<Output>
        ) async throws -> StreamingServerResponse<Output> {
            try await tracer.withSpan(context.descriptor.fullyQualifiedMethod, ofKind: .server) { _ in
                try await next(request, context)
            }
        }
    }

    @Test func overTheWireTheSpanOfATracingInterceptorOutsideOursGetsTheError() async throws {
        let tracer = InMemoryTracer()
        let counters = TestMetrics()
        let options = FriendlyErrorsServerOptions(tracer: tracer, metricsFactory: counters)
        let (answer, logs) = try await Shop.run(options: options, outside: [SpanInterceptor(tracer: tracer)]) {
            client, logs in (try await Shop.call(client, "itemNotFound"), logs)
        }
        let span = try #require(tracer.finishedSpans.first)
        #expect(Self.attribute(span, "error.type") == "shop.itemNotFound")
        #expect(Self.attribute(span, "rpc.response.status_code") == "NOT_FOUND")
        #expect(span.status == nil)
        #expect(answer.errorInfo?.metadata["traceId"] == span.traceID)
        #expect(counters.counterTotal(label: ServerErrorReporter.counterLabel) == 1)
        // The interceptor's log record is in the RPC's trace (the shop's logger has the metadata provider).
        let entry = try #require(logs.entries.last { $0.message.description.hasPrefix("Request failed") })
        #expect(entry.metadata["trace_id"] == .string(span.traceID))
        #expect(entry.metadata["span_id"] == .string(span.spanID))
    }
}
