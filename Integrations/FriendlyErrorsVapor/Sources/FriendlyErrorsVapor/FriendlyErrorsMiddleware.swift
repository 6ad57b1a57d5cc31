@_exported public import FriendlyErrors
@_spi(RepositoryInternals) public import FriendlyErrors
@_exported public import FriendlyErrorsServerKit
public import Logging
import NIOCore
import NIOHTTP1
public import Vapor

/// A Vapor middleware that answers every error thrown below it with the core's server flow: problem+json,
/// a page for a browser or text, in the client's language; logged, recorded on the request's span and
/// counted (FriendlyErrorsServerKit's `ServerErrorReporter`). It replaces Vapor's `ErrorMiddleware`;
/// Vapor's `TracingMiddleware` goes before it (outside), so its span sees the response we answer with:
///
/// ```swift
/// app.middleware.replaceErrorMiddleware(with: FriendlyErrorsMiddleware(pipeline: pipeline))
/// app.middleware.use(TracingMiddleware(), at: .beginning)
/// ```
///
/// What it maps, the core deciding the rest:
/// - An `AbortError` keeps its status and headers (`Retry-After`, `WWW-Authenticate`, `Allow`); a
///   status below 400 (`Abort.redirect(to:)`) is sent as the error says, with no body. A client
///   error's `reason` is the detail when it says more than the status's phrase (see
///   `FriendlyErrorsServerOptions.revealsFrameworkMessages`, on in this middleware's default options);
///   a 5xx or unknown error never shows its text.
/// - `ValidationsError` becomes field problems (`errors`) with localized messages; a `DecodingError`
///   from `req.content.decode` points at its field (the core's).
/// - The error is logged through `req.logger` at its `DebuggableError.logLevel`, else the classification's,
///   with the kit's metadata (`error.type`, `error.reference_id`, …); its own text only when
///   `logsErrorValues` is on, as Vapor logs it.
public struct FriendlyErrorsMiddleware: Middleware {
    /// The pipeline given, with this integration's classifier for Vapor's errors after the app's rules.
    public let pipeline: AlertPipeline
    /// How errors are answered, logged, recorded and counted.
    public let options: FriendlyErrorsServerOptions
    /// Records each error answered on the request's span and counts it.
    private let reporter: ServerErrorReporter

    /// A middleware answering errors through `pipeline`. The catalog's diagnostics (a missing folder,
    /// a bad line, with its `file:line:column`) are logged here, at start-up, through `logger`. The default
    /// options send a client error's `Abort` reason, which Vapor documents as text for the client.
    public init(
        pipeline: AlertPipeline = AlertPipeline(),
        options: FriendlyErrorsServerOptions = FriendlyErrorsServerOptions(revealsFrameworkMessages: true),
        logger: Logger = Logger(label: "codes.vapor.friendly-errors")
    ) {
        self.pipeline = pipeline.addingClassifier(
            VaporErrorClassifier(revealsReasons: options.revealsFrameworkMessages))
        self.options = options
        reporter = ServerErrorReporter(pipeline: pipeline, options: options, logger: logger)
    }

    /// Passes the request on, and answers an error thrown below.
    public func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).flatMapErrorThrowing { error in response(for: error, request: request) }
    }

    /// The response for `error` thrown while handling `request`; logs, records and counts it. The trace is
    /// `request.serviceContext` (`TracingMiddleware`'s span), not the task's: this runs in a future's callback.
    func response(for error: any Error, request: Request) -> Response {
        let context = request.serviceContext
        var facts = ErrorRequest(
            method: request.method.rawValue, acceptLanguage: Self.joined(request.headers[.acceptLanguage]),
            accept: Self.joined(request.headers[.accept]), target: request.url.string,
            host: request.headers.first(name: .host), referer: request.headers.first(name: .referer),
            traceID: reporter.traceID(in: context))
        if pipeline.isObserved {
            facts.metadata = [
                "request.id": request.id, "request.method": request.method.rawValue, "request.path": request.url.path,
            ]
        }
        if let abort = error as? any AbortError {
            guard abort.status.code >= 400 else { return Response(status: abort.status, headers: abort.headers) }
            facts.frameworkStatus = Int(abort.status.code)
            facts.frameworkHeaders = abort.headers.map { ResponseHeader(name: $0.name, value: $0.value) }
            if options.revealsFrameworkMessages { facts.frameworkMessage = VaporErrorClassifier.userReason(of: abort) }
        }
        let response = pipeline.response(for: error, to: facts, writers: options.writers)
        let exchange = ServerExchange.http(status: response.status, method: request.method.rawValue)
        if options.logsErrors { log(response.event, exchange, request: request) }
        if options.recordsSpans { reporter.recordOnSpan(response.event, exchange, context: context) }
        if options.countsErrors { reporter.count(response.event, exchange) }
        var headers = HTTPHeaders()
        for field in response.headers where !field.name.isEmpty { headers.add(name: field.name, value: field.value) }
        var buffer = request.byteBufferAllocator.buffer(capacity: response.body.count)
        buffer.writeBytes(response.body)
        let answer = Response(
            status: HTTPResponseStatus(statusCode: response.status), headers: headers,
            body: Response.Body(buffer: buffer, byteBufferAllocator: request.byteBufferAllocator))
        // A HEAD's `Content-Length` is the core's (the length of the body a GET gets): Vapor's
        // initializer set it from the empty body.
        if let length = response.value(forHeader: "Content-Length") {
            answer.headers.replaceOrAdd(name: .contentLength, value: length)
        }
        return answer
    }

    /// Logs at the error's level with the kit's metadata. With `logsErrorValues` on, the message also carries
    /// the error's text as Vapor's `Logger.report(error:)` writes it (Vapor's console logger ignores
    /// swift-log's `error:`, passed too), cleaned of terminal escapes: an error's text can hold a client's input.
    private func log(_ event: ClassificationEvent, _ exchange: ServerExchange, request: Request) {
        let debuggable = event.error as? any DebuggableError
        // `Abort` cannot choose a level (its `.warning` is the default): the classification's says more.
        let level = debuggable.flatMap { $0 is Abort ? nil : $0.logLevel } ?? Logger.Level(event.logLevel)
        let logger = request.logger
        guard logger.logLevel <= level else { return }
        // Only for a record that is written: the route's template as Vapor's TracingMiddleware writes `http.route`.
        var exchange = exchange
        exchange.route = request.route.map { "/" + $0.path.map { "\($0)" }.joined(separator: "/") }
        exchange.path = request.url.path
        var message = event.logMessage
        if options.logsErrorValues {
            var text: String
            if let debuggable {
                text = debuggable.debuggableHelp(format: logger.logLevel <= .trace ? .long : .short)
                while text.last?.isNewline == true { text.removeLast() }
            } else {
                text = (event.error as? any AbortError)?.reason ?? String(reflecting: event.error)
            }
            message += ": " + TerminalSanitizer.sanitize(text)
        }
        let source = debuggable?.source
        logger.log(
            level: level, "\(message)", error: options.logsErrorValues ? event.error : nil,
            metadata: ServerErrorReporter.logMetadata(event, exchange), file: source?.file ?? #fileID,
            function: source?.function ?? #function, line: source?.line ?? #line)
    }

    /// Several header fields as one list, or `nil` for none.
    private static func joined(_ values: [String]) -> String? { values.isEmpty ? nil : values.joined(separator: ", ") }
}
