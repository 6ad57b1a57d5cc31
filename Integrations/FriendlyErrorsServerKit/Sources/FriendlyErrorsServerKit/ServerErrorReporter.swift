import CoreMetrics
@_spi(RepositoryInternals) public import FriendlyErrors
import Instrumentation
public import Logging
public import ServiceContextModule
import Tracing

/// What every server integration does around the core's answer to an error: logs the catalog's
/// diagnostics at start-up, reads the request's trace ID for the body, and reports each answered error —
/// its log record, the request's span and the `friendly_errors.errors` counter — under the same stable
/// `error.type` everywhere. Made once, when the integration's middleware is; shared by every request.
///
/// ```swift
/// let reporter = ServerErrorReporter(pipeline: pipeline, options: options, logger: logger)
/// // For each error:
/// var request = ErrorRequest(method: method, acceptLanguage: language, accept: accept)
/// request.traceID = reporter.traceID()
/// let response = pipeline.response(for: error, to: request, writers: options.writers)
/// reporter.report(response.event, .http(status: response.status, method: method, path: path), logger: logger)
/// ```
///
/// Nothing it records holds the error's own text: the span gets the code, the category and the reference
/// ID (never an exception event), the counter bounded dimensions only (never a reference ID, path or
/// user), and the log record holds the error itself only when the app asks
/// (``FriendlyErrorsServerOptions/logsErrorValues``).
public final class ServerErrorReporter: Sendable {
    /// The name of the counter of answered errors.
    public static let counterLabel = "friendly_errors.errors"
    /// The `error.type` counted for a code beyond ``FriendlyErrorsServerOptions/maximumDistinctErrorTypes``.
    public static let otherErrorType = "_OTHER"

    /// The options it was made with.
    public let options: FriendlyErrorsServerOptions
    /// The logger of start-up diagnostics and of the one warning about too many error types.
    private let logger: Logger
    /// The factory of the counter: the options', or `MetricsSystem.factory` as bootstrapped when the reporter
    /// was made; `nil` when counting is off or that is swift-metrics' no-op factory (nothing to count).
    private let counterFactory: (any MetricsFactory)?
    /// Whether there is a factory: what each error checks, rather than copying the factory (an existential whose
    /// copy retains what the backend's value holds, its registry among them: shared objects).
    private let countsErrors: Bool
    /// The catalog's codes, counted under their own name without a lock (up to the cap).
    private let knownCodes: Set<String>
    /// The codes outside the catalog counted under their own name so far, and whether the warning was logged.
    private let otherCodes = LockedValue<(codes: Set<String>, warned: Bool)>(([], false))
    /// This reporter's own number, never reused (unlike its address): its key in each thread's counters.
    private let identity: UInt64

    /// The numbers given so far, one per reporter; read and written only when a reporter is made.
    private static let identities = LockedValue<UInt64>(0)
    /// Each thread's counters, one for each reporter and counted exchange (code, category, status, medium):
    /// a warm error costs one lookup and the backend's own `increment()`, with no lock, nothing shared
    /// written by the kit, and no status text, dimensions array or `Counter` made. Emptied when it holds
    /// ``maximumCachedCounters``: a thread's share of codes beyond the cap (all `_OTHER`) stays bounded.
    private static let counters = ThreadLocalValue<[CounterKey: Counter]> { [:] }
    /// How many counters a thread keeps at most before starting afresh.
    static let maximumCachedCounters = 4_096

    /// A reporter for the integration's middleware; logs the catalog's diagnostics (a missing folder, a bad
    /// line, with its `file:line:column`) through `logger`, now.
    public init(pipeline: AlertPipeline, options: FriendlyErrorsServerOptions, logger: Logger) {
        self.options = options
        self.logger = logger
        Self.logDiagnostics(of: pipeline, to: logger)
        // Read once: `MetricsSystem.factory` costs a task-local lookup and a lock on each read.
        let factory = options.metricsFactory ?? MetricsSystem.factory
        counterFactory = options.countsErrors && !(factory is NOOPMetricsHandler) ? factory : nil
        countsErrors = counterFactory != nil
        let catalog = pipeline.catalog
        var codes = Set<String>()
        for key in catalog.keys(language: catalog.baseLanguage) where key.hasSuffix(".title") {
            guard codes.count < options.maximumDistinctErrorTypes else { break }
            codes.insert(String(key.dropLast(".title".count)))
        }
        knownCodes = codes
        identity = Self.identities.withLock { last in
            last += 1
            return last
        }
    }

    /// Logs the catalog's diagnostics through `logger`: errors at `.error`, the rest at `.warning`.
    public static func logDiagnostics(of pipeline: AlertPipeline, to logger: Logger) {
        for diagnostic in pipeline.catalog.diagnostics {
            logger.log(level: diagnostic.severity == .error ? .error : .warning, "\(diagnostic)")
        }
    }

    // MARK: The trace ID

    /// The task's `ServiceContext` (`ServiceContext.current`): read it once per error and pass it to
    /// ``traceID(in:)`` and ``report(_:logger:context:exchange:)``, each read being a task-local lookup. For
    /// an integration that does not import swift-distributed-tracing's modules itself.
    public static var currentContext: ServiceContext? { ServiceContext.current }

    /// The trace ID of the request's trace, or `nil` when it has none or ``FriendlyErrorsServerOptions/sendsTraceID``
    /// is off: what the tracer propagates, W3C `traceparent`'s 32 hex digits (swift-distributed-tracing's
    /// `InMemoryTracer`'s own ID in tests). At most 64 letters, digits, `-`, `_` and `.`.
    public func traceID(in context: ServiceContext? = ServiceContext.current) -> String? {
        guard options.sendsTraceID, let context else { return nil }
        var carrier: [String: String] = [:]
        tracer.inject(context, into: &carrier, using: DictionaryInjector())
        if let traceparent = carrier["traceparent"] {
            // version "-" trace-id "-" parent-id "-" flags; an all-zero trace ID is invalid.
            let parts = traceparent.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count >= 4, parts[1].utf8.count == 32, parts[1].utf8.allSatisfy(Self.isHexDigit),
                parts[1].utf8.contains(where: { $0 != UInt8(ascii: "0") })
            else { return nil }
            return String(parts[1])
        }
        // swift-distributed-tracing's InMemoryTracer (`InMemoryTracer.traceIDKey`).
        guard let id = carrier["in-memory-trace-id"], !id.isEmpty, id.utf8.count <= 64,
            id.utf8.allSatisfy(Self.isIdentifierByte)
        else { return nil }
        return id
    }

    // MARK: Reporting

    /// Reports an answered error: logs it (``FriendlyErrorsServerOptions/logsErrors``) through `logger`,
    /// records it on the request's span (``FriendlyErrorsServerOptions/recordsSpans``) and counts it
    /// (``FriendlyErrorsServerOptions/countsErrors``).
    public func report(
        _ event: ClassificationEvent, _ exchange: ServerExchange, logger: Logger,
        context: ServiceContext? = ServiceContext.current
    ) {
        report(event, logger: logger, context: context) { exchange }
    }

    /// Reports an answered error as ``report(_:_:logger:context:)`` does, making the exchange only when
    /// something records it: when the event passes the logger's level, the request has a span, or errors
    /// are counted. What an integration calls on every error (reading a request's path and route costs).
    ///
    /// ```swift
    /// reporter.report(response.event, logger: logger) { .http(status: response.status, method: method, path: path) }
    /// ```
    public func report(
        _ event: ClassificationEvent, logger: Logger, context: ServiceContext? = ServiceContext.current,
        exchange: () -> ServerExchange
    ) {
        let logs = options.logsErrors && logger.logLevel <= Logger.Level(event.logLevel)
        let span = options.recordsSpans ? context.flatMap { tracer.activeSpan(identifiedBy: $0) } : nil
        guard logs || span != nil || countsErrors else { return }
        let exchange = exchange()
        if logs { log(event, exchange, logger: logger) }
        if let span { record(event, exchange, on: span) }
        if countsErrors { count(event, exchange) }
    }

    /// Logs the event at its level with ``logMetadata(_:_:)``; with the error as swift-log's `error:` only when
    /// ``FriendlyErrorsServerOptions/logsErrorValues`` is on.
    public func log(_ event: ClassificationEvent, _ exchange: ServerExchange, logger: Logger) {
        let level = Logger.Level(event.logLevel)
        // Checked first: an event filtered out costs a comparison, not its metadata.
        guard logger.logLevel <= level else { return }
        logger.log(
            level: level, "\(event.logMessage)", error: options.logsErrorValues ? event.error : nil,
            metadata: Self.logMetadata(event, exchange))
    }

    /// The log record's metadata, in OpenTelemetry's names: `error.type` (the stable code), `error.category`,
    /// `error.reference_id` (for unexpected errors), the status (`http.response.status_code` or
    /// `rpc.response.status_code`), `http.request.method`, `http.route` and `url.path` for HTTP; `rpc.system`
    /// and `rpc.method` for gRPC. Control characters in the path and method are replaced; each value is at most
    /// 256 bytes.
    public static func logMetadata(_ event: ClassificationEvent, _ exchange: ServerExchange) -> Logger.Metadata {
        var metadata: Logger.Metadata = [:]
        metadata.reserveCapacity(7)
        metadata["error.type"] = .string(event.classification.code)
        metadata["error.category"] = .string(event.classification.category.name)
        if let referenceID = event.referenceID { metadata["error.reference_id"] = .string(referenceID) }
        metadata[exchange.statusKey] = .string(exchange.statusText)
        switch exchange.medium {
        case .http:
            if let method = exchange.method { metadata["http.request.method"] = .string(clean(method)) }
            if let route = exchange.route { metadata["http.route"] = .string(clean(route)) }
            if let path = exchange.path { metadata["url.path"] = .string(clean(path)) }
        case .grpc:
            metadata["rpc.system"] = "grpc"
            if let method = exchange.method { metadata["rpc.method"] = .string(clean(method)) }
        }
        return metadata
    }

    /// Sets `error.type`, `error.category` and `error.reference_id` (and gRPC's `rpc.response.status_code`,
    /// `"NOT_FOUND"`) on the request's active span, and its
    /// status to error for a server's fault (``ServerExchange/isServerError``), with the base-language
    /// message `"Request failed: <code>"`. No span is started; no event is added.
    public func recordOnSpan(_ event: ClassificationEvent, _ exchange: ServerExchange, context: ServiceContext) {
        guard let span = tracer.activeSpan(identifiedBy: context) else { return }
        record(event, exchange, on: span)
    }

    private func record(_ event: ClassificationEvent, _ exchange: ServerExchange, on span: any Span) {
        span.attributes["error.type"] = event.classification.code
        span.attributes["error.category"] = event.classification.category.name
        if let referenceID = event.referenceID { span.attributes["error.reference_id"] = referenceID }
        // HTTP's status is the framework's tracing middleware's to set, from the response it sees.
        if exchange.medium == .grpc { span.attributes["rpc.response.status_code"] = exchange.statusText }
        if exchange.isServerError { span.setStatus(SpanStatus(code: .error, message: event.logMessage)) }
    }

    /// Adds one to `friendly_errors.errors` (when errors are counted and a metrics backend was bootstrapped
    /// before the reporter was made, or the options name a factory) with the dimensions `error.type` (capped), `error.category`, the
    /// status (`http.response.status_code` or `rpc.response.status_code`) and `friendly_errors.medium`.
    ///
    /// The counter of each exchange is made once per thread (the factory keeps one handler per label and
    /// dimensions, as swift-otel's, swift-prometheus' and TestMetrics do, so every thread's counter adds to the
    /// same series) and kept in that thread's cache: a repeated error is one dictionary lookup and an
    /// `increment()`.
    public func count(_ event: ClassificationEvent, _ exchange: ServerExchange) {
        guard countsErrors else { return }
        let classification = event.classification
        let key = CounterKey(
            reporter: identity, code: classification.code, category: classification.category.name,
            status: exchange.status, medium: exchange.medium)
        if let counter = Self.counters.withLock({ $0[key] }) {
            counter.increment()
            return
        }
        // First time on this thread: the cap's lookup, the status as text and the counter, then kept.
        guard let factory = counterFactory else { return }
        let dimensions = [
            ("error.type", errorType(for: classification.code)),
            ("error.category", classification.category.name),
            (exchange.statusKey, exchange.statusText),
            ("friendly_errors.medium", exchange.medium.rawValue),
        ]
        let counter = Counter(label: Self.counterLabel, dimensions: dimensions, factory: factory)
        Self.counters.withLock { counters in
            if counters.count >= Self.maximumCachedCounters { counters.removeAll() }
            counters[key] = counter
        }
        counter.increment()
    }

    /// What one counter of a thread's cache counts: the code as classified (its `error.type`, capped or not, is
    /// the same for the reporter's whole life), with the reporter it belongs to. The category by its name (two
    /// categories are equal when their names are): a short name is held inline, with no shared object to
    /// retain.
    private struct CounterKey: Hashable {
        var reporter: UInt64
        var code: String
        var category: String
        var status: Int
        var medium: ServerMedium

        /// The reporter, the code and the status: the category's name is hashed no more (a code comes with
        /// one category almost always; `==` still compares every field).
        func hash(into hasher: inout Hasher) {
            hasher.combine(reporter)
            hasher.combine(code)
            hasher.combine(status)
        }
    }

    /// `code` when it is one of the catalog's or one of the first codes seen up to the cap, else `_OTHER`.
    func errorType(for code: String) -> String {
        if knownCodes.contains(code) { return code }
        let cap = options.maximumDistinctErrorTypes
        let known = knownCodes.count
        let (type, warn) = otherCodes.withLock { state -> (String, Bool) in
            if state.codes.contains(code) { return (code, false) }
            if known + state.codes.count < cap {
                state.codes.insert(code)
                return (code, false)
            }
            defer { state.warned = true }
            return (Self.otherErrorType, !state.warned)
        }
        if warn {
            logger.warning(
                "More than \(cap) distinct error types: the others are counted as \(Self.otherErrorType)",
                metadata: ["friendly_errors.maximum_distinct_error_types": "\(cap)"])
        }
        return type
    }

    // MARK: Helpers

    private var tracer: any Tracer { options.tracer ?? InstrumentationSystem.tracer }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isHexDigit(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }

    /// `text` without control characters (each made U+FFFD), cut to at most 256 bytes at a character boundary.
    static func clean(_ text: String) -> String {
        if text.utf8.count <= 256, text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F }) { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            let kept: Unicode.Scalar = scalar.properties.generalCategory == .control ? "\u{FFFD}" : scalar
            guard result.utf8.count + String(kept).utf8.count <= 256 else { break }
            result.unicodeScalars.append(kept)
        }
        return result
    }
}

/// Writes what a tracer injects into a dictionary, to read `traceparent` back.
private struct DictionaryInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout [String: String]) {
        carrier[key] = value
    }
}
