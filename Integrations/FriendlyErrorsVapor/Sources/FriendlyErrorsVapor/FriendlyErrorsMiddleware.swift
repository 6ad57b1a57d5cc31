public import FriendlyErrors
import Logging
import NIOCore
import NIOHTTP1
public import Vapor

/// A Vapor middleware that answers every error thrown below it — the app's own, Vapor's, anything —
/// with an RFC 9457 problem+json response in the client's language, and logs it through the
/// request's logger. It replaces Vapor's `ErrorMiddleware`, in one line:
///
/// ```swift
/// app.middleware.replaceErrorMiddleware(with: FriendlyErrorsMiddleware(pipeline: pipeline))
/// ```
///
/// What it keeps and what it decides:
/// - An `AbortError` (`Abort`, `RouteNotFound`, `ValidationsError`, `DecodingError`…) keeps its
///   status and headers (`Retry-After`, `WWW-Authenticate`, `Allow`); only the body is replaced. A
///   status below 400 (`Abort.redirect(to:)`) is sent as the error says, status and headers, no body.
/// - A client error's `reason` is the problem's detail when it says more than the status's phrase
///   (Vapor documents it as text for clients; see ``FriendlyErrorsOptions/sendsAbortReasons``); a
///   server error (5xx) or an unknown error gets a generic message and a reference ID — never its
///   own text.
/// - `ValidationsError` becomes field problems (`errors`), one per failed key with a JSON pointer and
///   a localized message for Vapor's validators; a `DecodingError` from `req.content.decode` points
///   at the field it failed at.
/// - The language comes from `Accept-Language`; the body is problem+json, or plain text when the
///   client prefers `text/plain`.
/// - The error is logged through `req.logger` (so Vapor's `request-id` is on the line) at the
///   error's `DebuggableError.logLevel`, else the classification's level (client errors at
///   `notice`, server errors at `error`), with the error's text as Vapor logs it and `error.code`,
///   `error.category` and `error.reference_id` metadata.
public struct FriendlyErrorsMiddleware: Middleware {
    /// Classifies errors and holds the texts: the pipeline given, with this integration's classifier
    /// for Vapor's errors after the app's rules. The validators' texts (`validation.email.message`…)
    /// are in the library's built-in catalog, under the app's.
    public let pipeline: AlertPipeline
    /// How errors are answered and logged.
    public let options: FriendlyErrorsOptions

    /// A middleware answering errors through `pipeline`.
    public init(pipeline: AlertPipeline = AlertPipeline(), options: FriendlyErrorsOptions = FriendlyErrorsOptions()) {
        self.pipeline = pipeline.addingClassifier(VaporErrorClassifier(sendsAbortReasons: options.sendsAbortReasons))
        self.options = options
    }

    /// Passes the request on, and answers an error thrown below with a problem response.
    public func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).flatMapErrorThrowing { error in
            response(for: error, request: request)
        }
    }

    /// The response for `error` thrown while handling `request`; logs it.
    func response(for error: any Error, request: Request) -> Response {
        let framework = FrameworkFacts(error)
        if let passThrough = framework.passThrough { return passThrough }

        let context = ClassificationContext(
            metadata: pipeline.isObserved ? Self.metadata(of: request) : [:],
            httpStatus: framework.status, responseHeaders: framework.headers)
        let classification = pipeline.classify(error, context: context)
        if options.logsErrors { log(error, classification, request: request) }

        let acceptLanguage = request.headers[.acceptLanguage].joined(separator: ", ")
        let alert = pipeline.alert(
            localizing: classification, in: acceptLanguage.isEmpty ? .base : .acceptLanguage(acceptLanguage))
        let accept = request.headers[.accept]
        let problem = ErrorResponse(
            alert: alert, contentLanguage: alert.language, presenter: options.presenter,
            format: ErrorResponse.Format(accept: accept.isEmpty ? nil : accept.joined(separator: ", ")))
        return Response(problem, allocator: request.byteBufferAllocator)
    }

    /// Logs the error at its level, with dotted metadata and, for Vapor's debuggable errors, the place
    /// they were thrown. The message is the error's text as Vapor's `Logger.report(error:)` writes it
    /// (Vapor's console logger ignores swift-log's `error:`, which is passed too for handlers that
    /// record it), cleaned of terminal escapes: an error's text can hold a client's input.
    private func log(_ error: any Error, _ classification: Classification, request: Request) {
        let debuggable = error as? any DebuggableError
        let level = Self.level(of: debuggable) ?? Logger.Level(classification.logLevel)
        let logger = request.logger
        guard logger.logLevel <= level else { return }
        var metadata: Logger.Metadata = [
            "error.code": .string(classification.code),
            "error.category": .string(classification.category.name),
            "http.response.status_code": .stringConvertible(classification.effectiveHTTPStatus),
        ]
        if let referenceID = classification.referenceID { metadata["error.reference_id"] = .string(referenceID) }
        var text: String
        if let debuggable {
            // The long form, at trace, lists causes and fixes on lines of their own and ends with one.
            text = debuggable.debuggableHelp(format: logger.logLevel <= .trace ? .long : .short)
            while text.last?.isNewline == true { text.removeLast() }
        } else if let abort = error as? any AbortError {
            text = abort.reason
        } else {
            text = String(reflecting: error)
        }
        let source = debuggable?.source
        logger.log(
            level: level, "Request failed: \(classification.code): \(TerminalSanitizer.sanitize(text))", error: error,
            metadata: metadata, file: source?.file ?? #fileID, function: source?.function ?? #function,
            line: source?.line ?? #line)
    }

    /// A debuggable error's own level, as Vapor's `Logger.report(error:)` uses it — except `Abort`'s,
    /// which cannot choose one (its `.warning` is the protocol's default): the classification's
    /// level says more (a 404 at `notice`, a 500 at `error`).
    private static func level(of error: (any DebuggableError)?) -> Logger.Level? {
        guard let error, !(error is Abort) else { return nil }
        return error.logLevel
    }

    /// The request's id, method and path, for the pipeline's observers (only when there are any).
    private static func metadata(of request: Request) -> [String: String] {
        ["request.id": request.id, "request.method": request.method.rawValue, "request.path": request.url.path]
    }
}

extension Logger.Level {
    /// The swift-log level of the same name.
    init(_ level: LogLevel) {
        self = Logger.Level(rawValue: level.rawValue) ?? .error
    }
}

extension Response {
    /// A Vapor response with the problem's status, headers and body.
    convenience init(_ problem: ErrorResponse, allocator: ByteBufferAllocator) {
        var headers = HTTPHeaders()
        headers.reserveCapacity(problem.headers.count + 1)
        for header in problem.headers where !header.name.isEmpty {
            headers.add(name: header.name, value: header.value)
        }
        var buffer = allocator.buffer(capacity: problem.body.count)
        buffer.writeBytes(problem.body)
        self.init(
            status: HTTPResponseStatus(statusCode: problem.status), headers: headers,
            body: Response.Body(buffer: buffer, byteBufferAllocator: allocator))
    }
}
