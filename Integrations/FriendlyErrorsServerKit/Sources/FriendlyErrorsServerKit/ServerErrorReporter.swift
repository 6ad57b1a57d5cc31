import CoreMetrics
public import FriendlyErrors
import Instrumentation
public import Logging
public import ServiceContextModule
import Tracing

/// What every server integration does around the core's answer to an error: logs the catalog's
/// diagnostics at start-up, reads the request's trace ID for the body, and reports each answered error —
/// its log record, the request's span and the `friendly_errors.errors` counter — under the same stable
/// `error.type` everywhere, through one entry point, ``report(_:logger:context:level:exchange:)``. Made once,
/// when the integration's middleware is; shared by every request.
///
/// ```swift
/// let reporter = ServerErrorReporter(pipeline: pipeline, options: options, logger: logger)
/// // For each error:
/// let context = ServerErrorReporter.currentContext
/// let request = ErrorRequest(method: method, acceptLanguage: language, traceID: reporter.traceID(in: context))
/// let response = pipeline.response(for: error, to: request, writers: options.writers)
/// reporter.report(response.event, logger: logger, context: context) {
///     .http(status: response.status, method: method, path: path)
/// }
/// ```
///
/// The span gets the code, the category and the reference ID (never an exception event, nor the error's
/// text), the counter bounded dimensions only (never a reference ID, path or user); the log record gets the
/// error's type and own text only for a server's fault, and only while ``FriendlyErrorsServerOptions/logging``
/// is ``ErrorLogging/standard``.
public final class ServerErrorReporter: Sendable {
    /// The name of the counter of answered errors.
    public static let counterLabel = "friendly_errors.errors"
    /// The `error.type` counted for a code beyond ``FriendlyErrorsServerOptions/maximumDistinctErrorTypes``.
    public static let otherErrorType = "_OTHER"

    /// The options it was made with.
    private let options: FriendlyErrorsServerOptions
    /// The options' tracer, `nil` when there is none or it is swift-distributed-tracing's no-op one.
    private let tracer: (any Tracer)?
    /// The logger of start-up diagnostics and of the one warning about too many error types.
    private let logger: Logger
    /// The factory of the counter: the options'; `nil` when they have none or it is swift-metrics' no-op factory
    /// (nothing to count).
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
        for diagnostic in pipeline.catalog.diagnostics {
            logger.log(level: diagnostic.severity == .error ? .error : .warning, "\(diagnostic)")
        }
        tracer = options.tracer.flatMap { $0 is NoOpTracer ? nil : $0 }
        counterFactory = options.metricsFactory.flatMap { $0 is NOOPMetricsHandler ? nil : $0 }
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

    // MARK: The trace ID

    /// The task's `ServiceContext` (`ServiceContext.current`): read it once per error and pass it to
    /// ``traceID(in:)`` and ``report(_:logger:context:level:exchange:)``, each read being a task-local lookup.
    /// For an integration that does not import swift-distributed-tracing's modules itself.
    public static var currentContext: ServiceContext? { ServiceContext.current }

    /// The trace ID of the request's trace, or `nil` when it has none, there is no tracer, or
    /// ``FriendlyErrorsServerOptions/sendsTraceID`` is off: what the tracer propagates, W3C `traceparent`'s 32
    /// hex digits (swift-distributed-tracing's `InMemoryTracer`'s own ID in tests). At most 64 letters, digits,
    /// `-`, `_` and `.`.
    public func traceID(in context: ServiceContext? = ServiceContext.current) -> String? {
        guard options.sendsTraceID, let tracer, let context else { return nil }
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

    /// Reports an answered error, what every integration calls for each: logs it through `logger`
    /// (``FriendlyErrorsServerOptions/logging``) inside `context`, so that the log handler (swift-otel's) or a
    /// metadata provider finds the request's trace; records it on the request's span in `context`
    /// (``FriendlyErrorsServerOptions/tracer``); counts it (``FriendlyErrorsServerOptions/metricsFactory``).
    /// The exchange is made only when something records the error (reading a request's path and route costs).
    ///
    /// - Parameters:
    ///   - event: The core's event of the answer (`ErrorResponse.event`, `ServerAlert.event`).
    ///   - logger: The request's logger.
    ///   - context: The request's `ServiceContext`: the task's by default; the request's own where the
    ///     answer is made outside its task (Vapor's future callbacks: `request.serviceContext`).
    ///   - level: The record's level, when the framework's error chooses one (Vapor's `DebuggableError`);
    ///     the classification's by default.
    ///   - exchange: The exchange the error was answered in.
    ///
    /// ```swift
    /// reporter.report(response.event, logger: logger) { .http(status: response.status, method: method, path: path) }
    /// ```
    public func report(
        _ event: ClassificationEvent, logger: Logger, context: ServiceContext? = ServiceContext.current,
        level: Logger.Level? = nil, exchange: () -> ServerExchange
    ) {
        let level = level ?? Logger.Level(event.logLevel)
        let logs = options.logging.logs && logger.logLevel <= level
        let span = tracer.flatMap { tracer in context.flatMap { tracer.activeSpan(identifiedBy: $0) } }
        guard logs || span != nil || countsErrors else { return }
        let exchange = exchange()
        if logs {
            if let context {
                ServiceContext.withValue(context) { log(event, exchange, level: level, logger: logger) }
            } else {
                log(event, exchange, level: level, logger: logger)
            }
        }
        if let span { record(event, exchange, on: span) }
        if countsErrors { count(event, exchange) }
    }

    /// Logs the event at `level` with ``logMetadata(_:_:)``, and the error's type and text for a server's fault
    /// when the options say so. Never as swift-log's `error:`: swift-log's `StreamLogHandler` would write its
    /// text to a terminal unescaped and its Swift type over the record's `error.type` (the code).
    private func log(_ event: ClassificationEvent, _ exchange: ServerExchange, level: Logger.Level, logger: Logger) {
        var metadata = Self.logMetadata(event, exchange)
        if options.logging.carriesErrorText, exchange.isServerError {
            let error = event.error
            metadata["exception.type"] = .string(String(reflecting: type(of: error)))
            metadata["exception.message"] = .string(Self.clean(String(describing: error), limit: 4_096))
        }
        logger.log(level: level, "\(event.logMessage)", metadata: metadata)
    }

    /// The log record's metadata, in OpenTelemetry's names: `error.type` (the stable code), `error.category`,
    /// `error.reference_id` (for unexpected errors), the status (`http.response.status_code` or
    /// `rpc.response.status_code`), `http.request.method`, `http.route` and `url.path` for HTTP; `rpc.system`
    /// and `rpc.method` for gRPC. Control characters in the path and method are replaced; each value is at most
    /// 256 bytes.
    static func logMetadata(_ event: ClassificationEvent, _ exchange: ServerExchange) -> Logger.Metadata {
        var metadata: Logger.Metadata = [:]
        metadata.reserveCapacity(9)
        metadata["error.type"] = .string(event.classification.code)
        metadata["error.category"] = .string(event.classification.category.name)
        if let referenceID = event.classification.referenceID { metadata["error.reference_id"] = .string(referenceID) }
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
    /// `"NOT_FOUND"`) on the request's active span, and its status to error for a server's fault
    /// (``ServerExchange/isServerError``), with the base-language message `"Request failed: <code>"`. No span
    /// is started; no event is added.
    private func record(_ event: ClassificationEvent, _ exchange: ServerExchange, on span: any Span) {
        span.attributes["error.type"] = event.classification.code
        span.attributes["error.category"] = event.classification.category.name
        if let referenceID = event.classification.referenceID { span.attributes["error.reference_id"] = referenceID }
        // HTTP's status is the framework's tracing middleware's to set, from the response it sees.
        if exchange.medium == .grpc { span.attributes["rpc.response.status_code"] = exchange.statusText }
        if exchange.isServerError { span.setStatus(SpanStatus(code: .error, message: event.logMessage)) }
    }

    /// Adds one to `friendly_errors.errors` (when the options have a metrics factory) with the dimensions `error.type` (capped), `error.category`, the
    /// status (`http.response.status_code` or `rpc.response.status_code`) and `friendly_errors.medium`.
    ///
    /// The counter of each exchange is made once per thread (the factory keeps one handler per label and
    /// dimensions, as swift-otel's, swift-prometheus' and TestMetrics do, so every thread's counter adds to the
    /// same series) and kept in that thread's cache: a repeated error is one dictionary lookup and an
    /// `increment()`.
    private func count(_ event: ClassificationEvent, _ exchange: ServerExchange) {
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
        var medium: ServerExchange.Medium

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

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isHexDigit(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }

    /// `text` without control characters, C0 and C1 (escape sequences, new lines), nor bidirectional
    /// formatting characters (which reorder what a terminal shows): each made U+FFFD. Cut to at most `limit`
    /// bytes at a scalar boundary. What the kit logs of a request or an error's text may be a client's input.
    static func clean(_ text: String, limit: Int = 256) -> String {
        if text.utf8.count <= limit, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var result = ""
        var bytes = 0
        for scalar in text.unicodeScalars {
            let kept: Unicode.Scalar = isUnsafe(scalar) ? "\u{FFFD}" : scalar
            bytes += UTF8.width(kept)
            guard bytes <= limit else { break }
            result.unicodeScalars.append(kept)
        }
        return result
    }

    /// A control character, or one of Unicode's bidirectional formatting characters (marks, embeddings,
    /// overrides, isolates).
    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

/// Writes what a tracer injects into a dictionary, to read `traceparent` back.
private struct DictionaryInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout [String: String]) {
        carrier[key] = value
    }
}
