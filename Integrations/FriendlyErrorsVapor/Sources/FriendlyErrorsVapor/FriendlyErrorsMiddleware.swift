@_exported public import FriendlyErrors
@_spi(RepositoryInternals) public import FriendlyErrors
public import Logging
import NIOCore
import NIOHTTP1
public import Vapor

/// A Vapor middleware that answers every error thrown below it with the core's server flow: problem+json,
/// a page for a browser or text, in the client's language. It replaces Vapor's `ErrorMiddleware`:
///
/// ```swift
/// app.middleware.replaceErrorMiddleware(with: FriendlyErrorsMiddleware(pipeline: pipeline))
/// ```
///
/// What it maps, the core deciding the rest:
/// - An `AbortError` keeps its status and headers (`Retry-After`, `WWW-Authenticate`, `Allow`); a
///   status below 400 (`Abort.redirect(to:)`) is sent as the error says, with no body. A client
///   error's `reason` is the detail when it says more than the status's phrase (see
///   ``FriendlyErrorsOptions/revealsFrameworkMessages``); a 5xx or unknown error never shows its text.
/// - `ValidationsError` becomes field problems (`errors`) with localized messages; a `DecodingError`
///   from `req.content.decode` points at its field (the core's).
/// - The error is logged through `req.logger` at its `DebuggableError.logLevel`, else the classification's,
///   with the event's metadata (`error.code`, `error.reference_id`, …) and its text as Vapor logs it.
public struct FriendlyErrorsMiddleware: Middleware {
    /// The pipeline given, with this integration's classifier for Vapor's errors after the app's rules.
    public let pipeline: AlertPipeline
    /// How errors are answered and logged.
    public let options: FriendlyErrorsOptions

    /// A middleware answering errors through `pipeline`. The catalog's diagnostics (a missing folder,
    /// a bad line, with its `file:line:column`) are logged here, at start-up, through `logger`.
    public init(
        pipeline: AlertPipeline = AlertPipeline(), options: FriendlyErrorsOptions = FriendlyErrorsOptions(),
        logger: Logger = Logger(label: "codes.vapor.friendly-errors")
    ) {
        self.pipeline = pipeline.addingClassifier(
            VaporErrorClassifier(revealsReasons: options.revealsFrameworkMessages))
        self.options = options
        for diagnostic in pipeline.catalog.diagnostics {
            logger.log(level: diagnostic.severity == .error ? .error : .warning, "\(diagnostic)")
        }
    }

    /// Passes the request on, and answers an error thrown below.
    public func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).flatMapErrorThrowing { error in response(for: error, request: request) }
    }

    /// The response for `error` thrown while handling `request`; logs it.
    func response(for error: any Error, request: Request) -> Response {
        var facts = ErrorRequest(
            method: request.method.rawValue, acceptLanguage: Self.joined(request.headers[.acceptLanguage]),
            accept: Self.joined(request.headers[.accept]), target: request.url.string,
            host: request.headers.first(name: .host), referer: request.headers.first(name: .referer))
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
        let response = pipeline.response(
            for: error, to: facts, writers: options.writers)
        if options.logsErrors { log(response.event, request: request) }
        var headers = HTTPHeaders()
        for header in response.headers where !header.name.isEmpty {
            headers.add(name: header.name, value: header.value)
        }
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

    /// Logs at the error's level with the event's metadata. The message carries the error's text as
    /// Vapor's `Logger.report(error:)` writes it (Vapor's console logger ignores swift-log's `error:`,
    /// passed too), cleaned of terminal escapes: an error's text can hold a client's input.
    private func log(_ event: ClassificationEvent, request: Request) {
        let debuggable = event.error as? any DebuggableError
        // `Abort` cannot choose a level (its `.warning` is the default): the classification's says more.
        let level = debuggable.flatMap { $0 is Abort ? nil : $0.logLevel } ?? Logger.Level(event.logLevel)
        let logger = request.logger
        guard logger.logLevel <= level else { return }
        var text: String
        if let debuggable {
            text = debuggable.debuggableHelp(format: logger.logLevel <= .trace ? .long : .short)
            while text.last?.isNewline == true { text.removeLast() }
        } else {
            text = (event.error as? any AbortError)?.reason ?? String(reflecting: event.error)
        }
        let source = debuggable?.source
        logger.log(
            level: level, "\(event.logMessage): \(TerminalSanitizer.sanitize(text))", error: event.error,
            metadata: event.logMetadata { .string($0) }, file: source?.file ?? #fileID,
            function: source?.function ?? #function, line: source?.line ?? #line)
    }

    /// Several header fields as one list, or `nil` for none.
    private static func joined(_ values: [String]) -> String? {
        values.isEmpty ? nil : values.joined(separator: ", ")
    }
}

extension Logger.Level {
    /// The swift-log level of the same name.
    init(_ level: LogLevel) {
        self = Logger.Level(rawValue: level.rawValue) ?? .error
    }
}
