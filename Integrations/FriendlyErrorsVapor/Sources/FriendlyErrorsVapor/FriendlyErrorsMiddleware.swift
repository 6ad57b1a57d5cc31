@_exported public import FriendlyErrors
import FriendlyErrorsAdapters
@_exported public import FriendlyErrorsServerKit
import Instrumentation
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
///   inside the request's `serviceContext` (its trace, for swift-otel's log handler), with the kit's metadata
///   (`error.type`, `error.reference_id`, …) and, for a 5xx, the error's type and text (the kit's
///   `ErrorLogging`).
public struct FriendlyErrorsMiddleware: Middleware {
    /// The pipeline given, with this integration's classifier for Vapor's errors after the app's rules.
    public let pipeline: AlertPipeline
    /// How errors are answered, logged, recorded and counted.
    public let options: FriendlyErrorsServerOptions
    /// What answers errors, behind one reference: the future's callback captures it alone, not a copy of
    /// every field (Vapor's `ErrorMiddleware`, a class, costs its callback one reference too).
    private let answerer: ErrorAnswerer

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
        answerer = ErrorAnswerer(
            pipeline: self.pipeline, options: options,
            reporter: ServerErrorReporter(pipeline: pipeline, options: options, logger: logger))
    }

    /// Passes the request on, and answers an error thrown below.
    public func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        let answerer = answerer
        return next.respond(to: request).flatMapErrorThrowing { error in
            answerer.response(for: error, request: request)
        }
    }

    /// The response for `error` thrown while handling `request`; logs, records and counts it.
    func response(for error: any Error, request: Request) -> Response {
        answerer.response(for: error, request: request)
    }
}

/// The middleware's answer to an error, made once with the middleware and shared by its requests.
private final class ErrorAnswerer: Sendable {
    let pipeline: AlertPipeline
    let options: FriendlyErrorsServerOptions
    /// Records each error answered on the request's span and counts it.
    let reporter: ServerErrorReporter
    /// Whether the writer that answers a request with no `Accept` header may read the request's target: the
    /// page's "Try again" link is all it is for, and reading it (`URI.string`, through Foundation) costs.
    let firstWriterReadsTarget: Bool

    init(pipeline: AlertPipeline, options: FriendlyErrorsServerOptions, reporter: ServerErrorReporter) {
        self.pipeline = pipeline
        self.options = options
        self.reporter = reporter
        // The writers this integration knows never read it; an app's own may.
        firstWriterReadsTarget =
            options.writers.first.map { !($0 is JSONPresenter || $0 is PlainTextBodyWriter) } ?? false
    }

    /// The response for `error` thrown while handling `request`; logs, records and counts it. The trace is
    /// `request.serviceContext` (`TracingMiddleware`'s span), not the task's: this runs in a future's callback.
    func response(for error: any Error, request: Request) -> Response {
        // Each of `Request`'s properties is read under its lock: each is read once.
        let method = request.method.rawValue
        let fields = RequestFields(request.headers)
        // An empty context (no tracer bootstrapped, or a no-op one) has no trace ID and no span: no tracer is asked.
        let serviceContext = request.serviceContext
        let context = serviceContext.isEmpty ? nil : serviceContext
        // With no `Accept` header the first writer answers (the core's negotiation).
        let readsTarget = fields.accept != nil || firstWriterReadsTarget
        var facts = ErrorRequest(
            method: method, acceptLanguage: fields.acceptLanguage, accept: fields.accept,
            target: readsTarget ? request.url.string : nil, host: fields.host, referer: fields.referer,
            traceID: context.flatMap { reporter.traceID(in: $0) })
        if pipeline.isObserved {
            facts.metadata = ["request.id": request.id, "request.method": method, "request.path": request.url.path]
        }
        // `Abort` itself first: a cast to the struct costs less than one to the protocol.
        let vaporAbort = error as? Abort
        let abort: (any AbortError)? = if let vaporAbort { vaporAbort } else { error as? any AbortError }
        if let abort {
            guard abort.status.code >= 400 else { return Response(status: abort.status, headers: abort.headers) }
            facts.frameworkStatus = Int(abort.status.code)
            let headers = abort.headers
            if !headers.isEmpty {
                facts.frameworkHeaders = headers.map { ResponseHeader(name: $0.name, value: $0.value) }
            }
            if options.revealsFrameworkMessages { facts.frameworkMessage = VaporErrorClassifier.userReason(of: abort) }
        }
        let response = pipeline.response(for: error, to: facts, writers: options.writers)
        // `Abort` cannot choose a level (its `.warning` is the default): the classification's says more.
        let level = vaporAbort == nil ? (error as? any DebuggableError)?.logLevel : nil
        reporter.report(response.event, logger: request.logger, context: context, level: level) {
            // Made only when recorded: the route's template as Vapor's TracingMiddleware writes `http.route`.
            .http(
                status: response.status, method: method,
                route: request.route.map { "/" + $0.path.map { "\($0)" }.joined(separator: "/") },
                path: request.url.path)
        }
        var headers = HTTPHeaders()
        headers.reserveCapacity(response.headers.count + 1)
        // A HEAD's `Content-Length` is the core's (the length of the body a GET gets); any other's, the body's.
        var hasLength = false
        for field in response.headers where !field.name.isEmpty {
            if field.name.utf8.count == 14 && field.name == "Content-Length" { hasLength = true }
            headers.add(name: field.name, value: field.value)
        }
        if !hasLength { headers.add(name: .contentLength, value: String(response.body.count)) }
        let allocator = request.byteBufferAllocator
        let body = Response.Body(buffer: allocator.buffer(bytes: response.body), byteBufferAllocator: allocator)
        return Response(
            status: HTTPResponseStatus(statusCode: response.status), version: HTTPVersion(major: 1, minor: 1),
            headersNoUpdate: headers, body: body)
    }
}

/// The request's fields the core reads, found in one pass over its headers: `HTTPHeaders`' subscript scans them
/// all and makes an array for each name asked. Several `Accept` or `Accept-Language` fields are one list.
private struct RequestFields {
    var acceptLanguage: String?
    var accept: String?
    var host: String?
    var referer: String?

    init(_ headers: HTTPHeaders) {
        for (name, value) in headers {
            // By length first: most fields are none of these.
            switch name.utf8.count {
            case 4 where equalIgnoringASCIICase(name.utf8, "host".utf8): host = host ?? value
            case 6 where equalIgnoringASCIICase(name.utf8, "accept".utf8):
                accept = accept.map { $0 + ", " + value } ?? value
            case 7 where equalIgnoringASCIICase(name.utf8, "referer".utf8): referer = referer ?? value
            case 15 where equalIgnoringASCIICase(name.utf8, "accept-language".utf8):
                acceptLanguage = acceptLanguage.map { $0 + ", " + value } ?? value
            default: break
            }
        }
    }
}
