public import FriendlyErrors
public import Hummingbird
import HTTPTypes
import Logging
import NIOCore

/// A Hummingbird middleware that answers every error thrown below it — the app's own, Hummingbird's,
/// anything — with an RFC 9457 problem+json response in the client's language, and logs it through
/// the request's logger. One line:
///
/// ```swift
/// router.add(middleware: FriendlyErrorsMiddleware(pipeline: pipeline))
/// ```
///
/// What it keeps and what it decides:
/// - An error that is an `HTTPResponseError` (`HTTPError`, `NIOTooManyBytesError`'s 413, the
///   `EditedHTTPError` of `CORSMiddleware`, hummingbird-auth's denials…) keeps the status and the
///   headers of the response it makes itself (`Allow`, `Retry-After`, `WWW-Authenticate`,
///   `Location`); only the body is replaced. A status below 400 (a redirect) passes through untouched.
/// - The pipeline classifies the error; one it does not know but whose framework status is a 4xx
///   is answered with that status's generic texts (code `http.<status>`), so Hummingbird's 404 stays
///   a 404. An unknown error gets a 500, a generic message and a reference ID — never its own text.
/// - The language comes from `Accept-Language`; the body is problem+json, or plain text when the
///   client prefers `text/plain`.
/// - The error is logged through `context.logger` (so `hb.request.id` is on the line) at the
///   classification's level — client errors at `notice`, server errors at `error` — with the error,
///   and `error.code`, `error.category` and `error.reference_id` metadata.
public struct FriendlyErrorsMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Classifies errors and holds the texts.
    public let pipeline: AlertPipeline
    /// How errors are answered and logged.
    public let options: FriendlyErrorsOptions
    /// The response fields, prepared for the catalog's languages.
    private let problemFields: ProblemFields

    /// A middleware answering errors through `pipeline`.
    public init(pipeline: AlertPipeline = AlertPipeline(), options: FriendlyErrorsOptions = FriendlyErrorsOptions()) {
        self.pipeline = pipeline
        self.options = options
        problemFields = ProblemFields(catalog: pipeline.catalog)
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return response(for: error, request: request, context: context)
        }
    }

    /// The response for `error` thrown while handling `request`; logs it. Package access, so the
    /// instruction-count driver (`ErrorRouteCounts`) can call it without a task.
    package func response(for error: any Error, request: Request, context: Context) -> Response {
        let framework = FrameworkFacts(error, request: request, context: context)
        if let passThrough = framework.passThrough { return passThrough }

        let classificationContext = ClassificationContext(
            metadata: pipeline.isObserved ? Self.metadata(of: request, context: context) : [:],
            httpStatus: framework.status,
            responseHeaders: framework.headers,
            message: options.revealsHTTPErrorMessages ? framework.message : nil)
        let classification = pipeline.classify(error, context: classificationContext)
        if options.logsErrors { log(error, classification, context: context) }

        // Several Accept-Language fields are read as one list, joined with ", ".
        let acceptLanguage = request.headers[.acceptLanguage]
        let alert = pipeline.alert(
            localizing: classification, in: acceptLanguage.map(LanguagePreference.acceptLanguage) ?? .base)
        let problem = ErrorResponse(
            alert: alert, contentLanguage: alert.language, presenter: options.presenter,
            format: ErrorResponse.Format(accept: request.headers[.accept]))
        return Response(
            status: HTTPResponse.Status(code: problem.status), headers: problemFields.fields(of: problem),
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: problem.body)))
    }

    /// Logs the error at its classification's level, with swift-log's `error:` and dotted metadata.
    private func log(_ error: any Error, _ classification: Classification, context: Context) {
        let level = Logger.Level(classification.logLevel)
        guard context.logger.logLevel <= level else { return }
        var metadata: Logger.Metadata = [
            "error.code": .string(classification.code),
            "error.category": .string(classification.category.name),
            "http.response.status_code": .stringConvertible(classification.effectiveHTTPStatus),
        ]
        if let referenceID = classification.referenceID { metadata["error.reference_id"] = .string(referenceID) }
        context.logger.log(
            level: level, "Request failed: \(classification.code)", error: error,
            metadata: metadata)
    }

    /// The request's id, method and path, for the pipeline's observers (only when there are any:
    /// reading the id back from the logger costs more than the rest of an error response's metadata).
    private static func metadata(of request: Request, context: Context) -> [String: String] {
        var metadata = ["request.method": request.method.rawValue, "request.path": request.uri.path]
        if let id = context.logger[metadataKey: "hb.request.id"] { metadata["request.id"] = id.description }
        return metadata
    }
}

extension Logger.Level {
    /// The swift-log level of the same name.
    init(_ level: LogLevel) {
        // A switch, not `init(rawValue: level.rawValue)`: comparing names costs more than the rest of a
        // filtered-out log call.
        switch level {
        case .trace: self = .trace
        case .debug: self = .debug
        case .info: self = .info
        case .notice: self = .notice
        case .warning: self = .warning
        case .error: self = .error
        case .critical: self = .critical
        }
    }
}
