@_exported public import FriendlyErrors
import FriendlyErrorsAdapters
@_exported public import FriendlyErrorsServerKit
import HTTPTypes
public import Hummingbird
public import Logging
import NIOCore

/// A Hummingbird middleware that answers every error thrown below it — the app's own, Hummingbird's,
/// anything — with the core's server response (`AlertPipeline.response(for:to:writers:)`):
/// RFC 9457 problem+json in the client's language, a web page for a browser (`Accept: text/html`),
/// plain text, or the app's own body writers, logged through the request's `context.logger`, recorded on
/// the request's span and counted (FriendlyErrorsServerKit's `ServerErrorReporter`). A `HEAD` request gets
/// the headers, with the `Content-Length` the body would have had.
///
/// ```swift
/// router.add(middleware: TracingMiddleware())      // outside: its span sees the response we answer with
/// router.add(middleware: MetricsMiddleware())
/// router.add(middleware: FriendlyErrorsMiddleware(pipeline: pipeline))
/// ```
///
/// An `HTTPResponseError` (`HTTPError`, the 413 of a too-large body, `CORSMiddleware`'s edited
/// errors, hummingbird-auth's denials) keeps the status and headers of the response it makes itself;
/// one below 400 (a redirect) is that response, passed through. The rest is the core's.
public struct FriendlyErrorsMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Classifies errors and holds the texts.
    public let pipeline: AlertPipeline
    /// How errors are answered and logged.
    public let options: FriendlyErrorsServerOptions
    /// Logs, records on the request's span and counts each error answered.
    private let reporter: ServerErrorReporter
    /// The three fields every response starts with, made once per catalog language.
    private let leadingFields: [String: HTTPFields]

    /// A middleware answering errors through `pipeline`. The catalog's diagnostics (a missing folder,
    /// a bad line, with its `file:line:column`) are logged here, at start-up, through `logger`.
    public init(
        pipeline: AlertPipeline = AlertPipeline(), options: FriendlyErrorsServerOptions = FriendlyErrorsServerOptions(),
        logger: Logger = Logger(label: "FriendlyErrorsHummingbird")
    ) {
        self.pipeline = pipeline
        self.options = options
        reporter = ServerErrorReporter(pipeline: pipeline, options: options, logger: logger)
        leadingFields = Dictionary(
            uniqueKeysWithValues: pipeline.catalog.languages.map {
                ($0, [.contentType: problemContentType, .contentLanguage: $0, .vary: "Accept, Accept-Language"])
            })
    }

    /// Passes the request on, and answers an error thrown below it.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return response(for: error, request: request, context: context)
        }
    }

    /// The response for `error` thrown by `request`; logged in the request's trace, recorded and counted.
    private func response(for error: any Error, request: Request, context: Context) -> Response {
        // Read once, for the trace ID and the span: a task-local lookup.
        let serviceContext = ServerErrorReporter.currentContext
        var server = ErrorRequest(
            method: request.method.rawValue, acceptLanguage: request.headers[.acceptLanguage],
            accept: request.headers[.accept], target: request.head.path, host: request.head.authority,
            referer: request.headers[.referer], traceID: reporter.traceID(in: serviceContext))
        if pipeline.isObserved {
            // Only for observers: reading the id back from the logger costs more than the rest.
            server.metadata = ["request.method": request.method.rawValue, "request.path": request.uri.path]
            server.metadata["request.id"] = context.logger[metadataKey: "hb.request.id"]?.description
        }
        if let httpError = error as? HTTPError, httpError.status.code >= 400 {
            // Read directly: asking it for its response would encode a JSON body only to drop it.
            server.frameworkStatus = httpError.status.code
            server.frameworkHeaders = httpError.headers.map { ResponseHeader(name: $0.name.rawName, value: $0.value) }
            server.frameworkMessage = options.revealsFrameworkMessages ? httpError.body : nil
        } else if let responseError = error as? any HTTPResponseError {
            server.frameworkStatus = responseError.status.code
            let own = try? responseError.response(from: request, context: context)
            if responseError.status.code < 400 { return own ?? Response(status: responseError.status) }
            if let own {
                server.frameworkStatus = own.status.code
                server.frameworkHeaders = own.headers.map { ResponseHeader(name: $0.name.rawName, value: $0.value) }
            }
        }
        let response = pipeline.response(
            for: error, to: server, writers: options.writers)
        reporter.report(response.event, logger: context.logger, context: serviceContext) {
            // Made only when recorded: reading the route and the path costs.
            .http(
                status: response.status, method: request.method.rawValue, route: context.endpointPath,
                path: request.uri.path)
        }
        var fields = HTTPFields()
        var rest = response.headers[...]
        // Only when the response starts exactly as the prepared fields do.
        if rest.count >= 3, rest[1].name == "Content-Language", let prepared = leadingFields[rest[1].value],
            rest[0].name == "Content-Type", rest[0].value == problemContentType,
            rest[2].name == "Vary", rest[2].value == "Accept, Accept-Language"
        {
            (fields, rest) = (prepared, rest.dropFirst(3))
        }
        for header in rest {
            // The core's names are tokens already (an empty one is skipped); the usual ones are not made again.
            let name =
                header.name == "Content-Type"
                ? .contentType : header.name == "Vary" ? .vary : HTTPField.Name(header.name)
            if let name { fields.append(HTTPField(name: name, value: header.value)) }
        }
        return Response(
            status: HTTPResponse.Status(code: response.status), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: response.body)))
    }
}

/// The `Content-Type` of the core's problem+json answers (`JSONPresenter().contentType`): the prepared fields'
/// first, and what a response is compared with before they are used.
private let problemContentType = JSONPresenter().contentType
