/// What a server knows about the request an error was thrown for: everything
/// ``AlertPipeline/response(for:to:presenter:)`` reads, in the framework's neutral terms. A framework
/// integration fills one from its own request and error types; nothing else is needed.
///
/// ```swift
/// let request = ServerRequest(
///     method: "POST", acceptLanguage: "ja, en;q=0.5", accept: "application/json",
///     metadata: ["request.id": id, "request.path": "/orders"])
/// ```
public struct ServerRequest: Sendable, Hashable {
    /// The request's method (`"GET"`, `"HEAD"`…). A `HEAD` request is answered with the headers alone.
    public var method: String
    /// The `Accept-Language` header as received (several joined with `", "`), or `nil`. Parsing is
    /// bounded, so the header can be passed as it came.
    public var acceptLanguage: String?
    /// The `Accept` header as received, or `nil`: it chooses the body's format.
    public var accept: String?
    /// Metadata for the pipeline's observers (`"request.id"`, `"request.method"`, `"request.path"`).
    /// Never shown to the client.
    public var metadata: [String: String]
    /// The status the framework itself answers this error with (Hummingbird's `HTTPError`, Vapor's
    /// `Abort`), if any. In 400–599 it wins over the pipeline's; below 400 it is not an error
    /// response and the integration passes the framework's own response through.
    public var frameworkStatus: Int?
    /// The headers of the framework's own response for the error (`Allow`, `Retry-After`,
    /// `WWW-Authenticate`…), kept on the response; those describing the framework's body are dropped.
    public var frameworkHeaders: [ResponseHeader]
    /// The framework error's own text, used as the message of an error classified by the framework's
    /// client error status. An error's own text may hold internals: pass it only when the app said
    /// these texts are for users (the integrations' `revealsFrameworkMessages` option).
    public var frameworkMessage: String?

    /// A request; everything but the method is optional.
    public init(
        method: String = "GET", acceptLanguage: String? = nil, accept: String? = nil,
        metadata: [String: String] = [:], frameworkStatus: Int? = nil, frameworkHeaders: [ResponseHeader] = [],
        frameworkMessage: String? = nil
    ) {
        self.method = method
        self.acceptLanguage = acceptLanguage
        self.accept = accept
        self.metadata = metadata
        self.frameworkStatus = frameworkStatus
        self.frameworkHeaders = frameworkHeaders
        self.frameworkMessage = frameworkMessage
    }
}

extension AlertPipeline {
    /// The response to a request whose handling threw `error`: the one server flow every framework
    /// integration uses.
    ///
    /// ```swift
    /// let response = pipeline.response(for: error, to: ServerRequest(acceptLanguage: "ja"))
    /// response.status                   // 404
    /// response.value(forHeader: "Content-Language")   // "ja"
    /// response.event.logLevel           // .notice: log it with the request's logger
    /// ```
    ///
    /// - The error is classified for a server's client (``ClassificationContext/Audience/serverClient``):
    ///   an unknown error's own text, and another library's `LocalizedError` texts, never reach the
    ///   body; an unknown error gets a generic message and a reference ID, which the event carries too.
    /// - The framework's status and headers win over the pipeline's; an error no classifier knows
    ///   that the framework answers with a 4xx is classified by that status (code `http.<status>`,
    ///   whose texts say what the status means).
    /// - The language is negotiated from `Accept-Language` over the catalog's languages, one per
    ///   response, and sent as `Content-Language`; the body is problem+json, or plain text when
    ///   `Accept` prefers `text/plain` (``ErrorResponse/Format/init(accept:)``); `HEAD` gets no body.
    /// - Observers see the error once, with the request's metadata; ``ErrorResponse/event`` is what
    ///   they saw, for the integration's logger.
    ///
    /// - Parameters:
    ///   - error: the error thrown.
    ///   - request: what the server knows about the request.
    ///   - presenter: writes the problem+json body: its `type` base URI and limits.
    public func response(
        for error: any Error, to request: ServerRequest, presenter: JSONPresenter = JSONPresenter()
    ) -> ErrorResponse {
        let context = ClassificationContext(
            audience: .serverClient, metadata: request.metadata, httpStatus: request.frameworkStatus,
            responseHeaders: request.frameworkHeaders, message: request.frameworkMessage)
        let classification = classify(error, context: context)
        let alert = self.alert(
            localizing: classification, in: request.acceptLanguage.map(LanguagePreference.acceptLanguage) ?? .base)
        let event = ClassificationEvent(error: error, classification: classification, context: context)
        let response = ErrorResponse(
            alert: alert, contentLanguage: alert.language, presenter: presenter,
            format: ErrorResponse.Format(accept: request.accept), event: event)
        guard request.method == "HEAD" else { return response }
        return ErrorResponse(status: response.status, headers: response.headers, body: [], alert: alert, event: event)
    }
}
