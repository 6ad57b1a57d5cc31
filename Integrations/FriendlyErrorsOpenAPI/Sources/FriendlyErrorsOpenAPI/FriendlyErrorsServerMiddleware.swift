@_exported public import FriendlyErrors
import FriendlyErrorsAdapters
@_exported public import FriendlyErrorsServerKit
public import HTTPTypes
public import Logging
public import OpenAPIRuntime

/// A swift-openapi-runtime server middleware that answers every error thrown below it — an operation
/// handler's own, a request that does not decode, the runtime's — with the core's server response
/// (``AlertPipeline/response(for:to:writers:)``): RFC 9457 problem+json, a page for a
/// browser (`Accept: text/html`) or text, in the language of `Accept-Language`; logged through `logger`,
/// recorded on the request's span and counted (FriendlyErrorsServerKit's `ServerErrorReporter`).
///
/// ```swift
/// try handler.registerHandlers(on: router, middlewares: [FriendlyErrorsServerMiddleware(pipeline: pipeline)])
/// ```
///
/// - The runtime wraps every error in a `ServerError`; the middleware answers the handler's own error
///   (`underlyingError`), so a `FriendlyError` keeps its category's status, texts and field problems.
/// - An `HTTPResponseConvertible` error keeps its status and headers (`Retry-After`, `WWW-Authenticate`…);
///   only its body is replaced. One below 400 (a redirect) is its own response, passed through.
/// - A request body that does not decode is a 400 whose `errors` point into the body (`"#/items/0/price"`);
///   the runtime's other request errors (a missing parameter, a wrong `Content-Type`) keep their status.
/// - Put it first in `middlewares`, so it also answers what the other middlewares throw. The request's span is
///   the server's (Hummingbird's `TracingMiddleware`, outside the OpenAPI handlers), found in the task's
///   `ServiceContext`; the problem's `traceId` names its trace.
public struct FriendlyErrorsServerMiddleware: ServerMiddleware {
    /// Classifies errors and holds the texts.
    public let pipeline: AlertPipeline
    /// How errors are answered, logged, recorded and counted.
    public let options: FriendlyErrorsServerOptions
    /// Where every error answered is logged, with the kit's metadata (`error.type`, `error.category`,
    /// `error.reference_id`, `http.response.status_code`, `http.request.method`, `url.path`) and
    /// `openapi.operation_id`.
    public let logger: Logger
    /// Logs, records on the request's span and counts each error answered.
    private let reporter: ServerErrorReporter
    /// `Content-Type`, `Content-Language`, `Vary` as every response starts, made once per catalog
    /// language: copying them costs less than making three fields per response. A list: a catalog has
    /// a few languages, and comparing short tags costs less than hashing one.
    private let leadingFields: [(language: String, fields: HTTPFields)]

    /// A middleware answering errors through `pipeline` and logging them through `logger`. The catalog's
    /// diagnostics (a missing folder, a bad line, with its `file:line:column`) are logged here, at start-up.
    public init(
        pipeline: AlertPipeline = AlertPipeline(), options: FriendlyErrorsServerOptions = FriendlyErrorsServerOptions(),
        logger: Logger = Logger(label: "FriendlyErrorsOpenAPI")
    ) {
        self.pipeline = pipeline
        self.options = options
        self.logger = logger
        reporter = ServerErrorReporter(pipeline: pipeline, options: options, logger: logger)
        leadingFields = pipeline.catalog.languages.map {
            ($0, [.contentType: problemContentType, .contentLanguage: $0, .vary: "Accept, Accept-Language"])
        }
    }

    /// Calls `next`; when it throws, answers the error as the core's server response and logs it. Never
    /// throws itself.
    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        do {
            return try await next(request, body, metadata)
        } catch {
            return response(for: error, request: request, operationID: operationID)
        }
    }

    /// The response for `error` thrown while handling `request`; logged in the request's trace, recorded and
    /// counted.
    private func response(for error: any Error, request: HTTPRequest, operationID: String) -> (
        HTTPResponse, HTTPBody?
    ) {
        let read = ReadFields(request.headerFields)
        // Read once, for the trace ID, the span and the log record: a task-local lookup.
        let serviceContext = ServerErrorReporter.currentContext
        var server = ErrorRequest(
            method: request.method.rawValue, acceptLanguage: read.acceptLanguage, accept: read.accept,
            target: request.path, host: request.authority, referer: read.referer,
            traceID: reporter.traceID(in: serviceContext))
        if pipeline.isObserved {
            let path = request.path.map { $0.split(separator: "?", maxSplits: 1).first.map(String.init) ?? $0 }
            server.metadata = ["request.method": request.method.rawValue, "openapi.operation_id": operationID]
            server.metadata["request.path"] = path
        }
        var answered = error
        if let serverError = error as? ServerError {
            answered = serverError.underlyingError
            // The runtime's status is the error's own when it is `HTTPResponseConvertible`, or the runtime's
            // answer to a request it could not read (400, 415…). Otherwise it is a 500 that says nothing
            // the core does not know better: a `FriendlyError` keeps its category's status.
            // (The status first: the conformance check costs more than the rest of this adapter.)
            if serverError.httpStatus.code != 500 || answered is any HTTPResponseConvertible {
                if let passedThrough = frameworkAnswer(
                    status: serverError.httpStatus, headers: serverError.httpHeaderFields,
                    body: serverError.httpBody, into: &server)
                {
                    return passedThrough
                }
            }
        } else if let convertible = error as? any HTTPResponseConvertible {
            // Thrown by a middleware after this one, not wrapped by the runtime.
            if let passedThrough = frameworkAnswer(
                status: convertible.httpStatus, headers: convertible.httpHeaderFields, body: convertible.httpBody,
                into: &server)
            {
                return passedThrough
            }
        }
        let response = pipeline.response(
            for: answered, to: server, writers: options.writers)
        var logger = logger
        // Checked first: an event filtered out costs a comparison, not a copy of the logger's metadata.
        if logger.logLevel <= Logger.Level(response.event.logLevel) {
            logger[metadataKey: "openapi.operation_id"] = .string(operationID)
        }
        reporter.report(response.event, logger: logger, context: serviceContext) {
            // Made only when recorded: the path without its query.
            let path = request.path.map { $0.split(separator: "?", maxSplits: 1).first.map(String.init) ?? $0 }
            return .http(status: response.status, method: request.method.rawValue, path: path)
        }
        var fields = HTTPFields()
        var rest = response.headers[...]
        // Only when the response starts exactly as the prepared fields do.
        if rest.count >= 3, rest[1].name == "Content-Language", let prepared = preparedFields(for: rest[1].value),
            rest[0].name == "Content-Type", rest[0].value == problemContentType,
            rest[2].name == "Vary", rest[2].value == "Accept, Accept-Language"
        {
            (fields, rest) = (prepared, rest.dropFirst(3))
        }
        for header in rest {
            // The core's names are tokens already (an empty one is skipped).
            let name =
                header.name == "Content-Type"
                ? .contentType : header.name == "Vary" ? .vary : HTTPField.Name(header.name)
            if let name { fields.append(HTTPField(name: name, value: header.value)) }
        }
        return (
            HTTPResponse(status: HTTPResponse.Status(code: response.status), headerFields: fields),
            response.body.isEmpty ? nil : HTTPBody(response.body)
        )
    }

    /// The leading fields prepared for `language`, if it is one of the catalog's.
    private func preparedFields(for language: String) -> HTTPFields? {
        for prepared in leadingFields where prepared.language == language { return prepared.fields }
        return nil
    }

    /// Hands the framework's status and headers to the core; returns the error's own response when it is
    /// not an error response (below 400), to be passed through as the runtime would.
    private func frameworkAnswer(
        status: HTTPResponse.Status, headers: HTTPFields, body: HTTPBody?, into server: inout ErrorRequest
    ) -> (HTTPResponse, HTTPBody?)? {
        if status.code < 400 { return (HTTPResponse(status: status, headerFields: headers), body) }
        server.frameworkStatus = status.code
        // The error's `Content-Type` and `Content-Length` describe its own body, which the response
        // replaces (the core would drop them): left out here, they cost nothing.
        for field in headers where field.name != .contentType && field.name != .contentLength {
            server.frameworkHeaders.append(ResponseHeader(name: field.name.rawName, value: field.value))
        }
        return nil
    }
}

/// The request fields the core reads, in one pass over the fields; several of one name are read as
/// one list, joined with `", "`, as the fields' subscript gives them — without its generic joining of a
/// lazy sequence, which costs more than the rest of reading a request (about 4,000 instructions for
/// each field present), and one pass however many fields the request has.
private struct ReadFields {
    var acceptLanguage: String?
    var accept: String?
    var referer: String?

    init(_ fields: HTTPFields) {
        for field in fields {
            switch field.name {
            case .acceptLanguage: Self.add(field.value, to: &acceptLanguage)
            case .accept: Self.add(field.value, to: &accept)
            case .referer: Self.add(field.value, to: &referer)
            default: continue
            }
        }
    }

    private static func add(_ value: String, to list: inout String?) {
        list = list.map { $0 + ", " + value } ?? value
    }
}

/// The `Content-Type` of the core's problem+json answers (`JSONPresenter().contentType`): the prepared fields'
/// first, and what a response is compared with before they are used.
private let problemContentType = JSONPresenter().contentType
