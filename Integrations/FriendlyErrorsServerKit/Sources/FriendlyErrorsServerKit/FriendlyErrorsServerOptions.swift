public import CoreMetrics
public import FriendlyErrors
public import Tracing

/// How a server integration (Hummingbird, Vapor, gRPC, OpenAPI) answers, logs and reports errors; every
/// default is safe for production.
///
/// ```swift
/// var options = FriendlyErrorsServerOptions()
/// options.maximumDistinctErrorTypes = 500
/// router.add(middleware: FriendlyErrorsMiddleware(pipeline: pipeline, options: options))
/// ```
public struct FriendlyErrorsServerOptions: Sendable {
    /// Write the response's body, the one `Accept` prefers (the first when it names none): by default
    /// problem+json, the page a browser gets (`Accept: text/html`) and plain text. Pass your own to set
    /// the `type` base URI (`JSONPresenter(typeBaseURI:)`), a page's home, title suffix and brand
    /// (`HTMLPresenter(home:titleSuffix:brand:)`), to leave pages out, or to answer with a page of your
    /// own template (a `ErrorBodyWriter`). Not read by the gRPC integration, which sends a status.
    public var writers: [any ErrorBodyWriter]
    /// Whether the text of the framework's own error (Hummingbird's `HTTPError`, Vapor's `Abort`) is the
    /// problem's `detail` when no rule of the pipeline knows the error. Off: an error's own text may
    /// hold internals, so it reaches users only when the app says its messages are written for them.
    public var revealsFrameworkMessages: Bool
    /// Whether every error answered is logged through the request's logger. On by default.
    public var logsErrors: Bool
    /// Whether the log record carries the error itself (swift-log's `error:`), whose own text may hold
    /// internals or secrets. Off by default: a log handler may export it (swift-otel's writes it into the
    /// exported record), and the record's `error.type` and `error.reference_id` already join it to what the
    /// user saw; the pipeline's observers (`AlertPipeline.observing`) get the full error either way.
    public var logsErrorValues: Bool
    /// Whether the span the request already has (the framework's tracing middleware's, or the app's) gets
    /// the error's `error.type`, reference ID and category, and an error status for a server's fault (5xx,
    /// or gRPC's UNKNOWN, DEADLINE_EXCEEDED, UNIMPLEMENTED, INTERNAL, UNAVAILABLE, DATA_LOSS). No span is
    /// ever started, and the error's own text is never recorded. On by default.
    public var recordsSpans: Bool
    /// Whether the request's trace ID (W3C `traceparent`'s), when it has one, is sent to the client: the
    /// problem's `traceId`, beside the reference ID on a page. On by default.
    public var sendsTraceID: Bool
    /// The tracer whose spans and trace IDs are read; `nil` (the default) for `InstrumentationSystem.tracer`.
    public var tracer: (any Tracer)?
    /// Whether answered errors are counted (`friendly_errors.errors`). On by default.
    public var countsErrors: Bool
    /// The factory of the counter; `nil` (the default) for `MetricsSystem.factory` as bootstrapped when the
    /// integration's middleware is made (bootstrap the metrics backend first). Tests pass swift-metrics'
    /// `TestMetrics`.
    public var metricsFactory: (any MetricsFactory)?
    /// How many distinct `error.type` values the counter takes (the catalog's codes first); any other
    /// code is counted as `_OTHER`, with one warning logged. 200 by default.
    public var maximumDistinctErrorTypes: Int

    /// Options; the defaults suit production.
    public init(
        writers: [any ErrorBodyWriter] = [], revealsFrameworkMessages: Bool = false, logsErrors: Bool = true,
        logsErrorValues: Bool = false, recordsSpans: Bool = true, sendsTraceID: Bool = true,
        tracer: (any Tracer)? = nil, countsErrors: Bool = true,
        metricsFactory: (any MetricsFactory)? = nil, maximumDistinctErrorTypes: Int = 200
    ) {
        self.writers = writers
        self.revealsFrameworkMessages = revealsFrameworkMessages
        self.logsErrors = logsErrors
        self.logsErrorValues = logsErrorValues
        self.recordsSpans = recordsSpans
        self.sendsTraceID = sendsTraceID
        self.tracer = tracer
        self.countsErrors = countsErrors
        self.metricsFactory = metricsFactory
        self.maximumDistinctErrorTypes = maximumDistinctErrorTypes
    }
}
