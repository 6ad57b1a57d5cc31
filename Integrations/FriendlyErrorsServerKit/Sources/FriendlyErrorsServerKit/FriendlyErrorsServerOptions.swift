public import CoreMetrics
public import FriendlyErrors
public import Instrumentation
public import Tracing

/// How a server integration (Hummingbird, Vapor, gRPC, OpenAPI) answers, logs and reports errors: one value
/// per concern, every default safe for production.
///
/// ```swift
/// var options = FriendlyErrorsServerOptions()
/// options.logging = .withoutErrorText   // logs exported somewhere trusted less than the server
/// options.metricsFactory = nil          // no counter
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
    /// What each answered error's log record holds, or whether there is one: ``ErrorLogging/standard`` by
    /// default (a server's fault with the error's type and own text, beside its reference ID).
    public var logging: ErrorLogging
    /// The tracer whose spans get each answered error (`error.type`, the reference ID, the category, and an
    /// error status for a server's fault) and whose trace IDs go to clients; `nil` for none: no span is
    /// touched and no trace ID is read. By default `InstrumentationSystem.tracer` as bootstrapped when the
    /// options are made (bootstrap the tracer first). No span is ever started, and the error's own text is
    /// never recorded on one.
    public var tracer: (any Tracer)?
    /// Whether the request's trace ID (W3C `traceparent`'s), when it has one, is sent to the client: the
    /// problem's `traceId`, beside the reference ID on a page. On by default.
    public var sendsTraceID: Bool
    /// The factory of the counter of answered errors (`friendly_errors.errors`); `nil` for none. By default
    /// `MetricsSystem.factory` as bootstrapped when the options are made (bootstrap the metrics backend first).
    /// Tests pass swift-metrics' `TestMetrics`.
    public var metricsFactory: (any MetricsFactory)?
    /// How many distinct `error.type` values the counter takes (the catalog's codes first); any other
    /// code is counted as `_OTHER`, with one warning logged. 200 by default.
    public var maximumDistinctErrorTypes: Int

    /// Options; the defaults suit production.
    public init(
        writers: [any ErrorBodyWriter] = [], revealsFrameworkMessages: Bool = false,
        logging: ErrorLogging = .standard, tracer: (any Tracer)? = InstrumentationSystem.tracer,
        sendsTraceID: Bool = true, metricsFactory: (any MetricsFactory)? = MetricsSystem.factory,
        maximumDistinctErrorTypes: Int = 200
    ) {
        self.writers = writers
        self.revealsFrameworkMessages = revealsFrameworkMessages
        self.logging = logging
        self.tracer = tracer
        self.sendsTraceID = sendsTraceID
        self.metricsFactory = metricsFactory
        self.maximumDistinctErrorTypes = maximumDistinctErrorTypes
    }
}

/// What the log record of each answered error holds, or that there is none: one value, from the most to
/// nothing. Every record is written through the request's logger at the classification's level, inside the
/// request's `ServiceContext` (so swift-otel's log handler, or a metadata provider, adds its `trace_id` and
/// `span_id`), with the kit's metadata: `error.type` (the code), `error.category`, `error.reference_id`, the
/// status, the method, the route and the path.
///
/// ```swift
/// FriendlyErrorsServerOptions(logging: .withoutErrorText)
/// ```
public struct ErrorLogging: Sendable, Hashable {
    private enum Kind: Sendable, Hashable {
        case off
        case withoutErrorText
        case standard
    }

    private let kind: Kind

    /// A server's fault (a 5xx; gRPC's UNKNOWN, INTERNAL, UNAVAILABLE, DEADLINE_EXCEEDED, UNIMPLEMENTED,
    /// DATA_LOSS) also carries the error itself: `exception.type` (its Swift type) and `exception.message`
    /// (its own description, control characters replaced, at most 4,096 bytes), the names swift-otel exports a
    /// logged error under. A client's fault (4xx) never does. The default: an operator who looks up a user's
    /// reference ID finds what went wrong.
    public static let standard = Self(kind: .standard)
    /// No record carries the error's type or text, only the kit's metadata: for logs that are shipped
    /// somewhere trusted less than the server (an error's own text may hold a secret). The pipeline's
    /// observers (`AlertPipeline.observing`) still get the error.
    public static let withoutErrorText = Self(kind: .withoutErrorText)
    /// No record: the app logs through the pipeline's observers, or not at all.
    public static let off = Self(kind: .off)

    /// Whether any record is written.
    var logs: Bool { kind != .off }
    /// Whether a server's fault carries the error's type and text.
    var carriesErrorText: Bool { kind == .standard }
}
