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
    /// The `Accept` header as received, or `nil`: it chooses the body's format (problem+json, a web
    /// page or plain text; see ``ErrorResponse/Format/init(accept:)``).
    public var accept: String?
    /// The request target, path and query as received (`"/orders/7?tab=items"`), or `nil`: where a
    /// page's "Try again" leads, for `GET` and `HEAD`.
    public var target: String?
    /// The `Host` header (HTTP/2's `:authority`), or `nil`: a page's Cancel follows the `Referer`
    /// only when it names this host and port.
    public var host: String?
    /// The `Referer` header, or `nil`: a page's Cancel leads back there when it is a page of ``host``
    /// (its path and query alone are written: never another site).
    public var referer: String?
    /// A nonce for a page's style element, when the app sends its own Content-Security-Policy with
    /// styles allowed by nonce; `nil` (the default) sends the page with a policy allowing its style
    /// by hash (``HTMLPresenter/contentSecurityPolicy``).
    public var styleNonce: String?
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
        method: String = "GET", acceptLanguage: String? = nil, accept: String? = nil, target: String? = nil,
        host: String? = nil, referer: String? = nil, styleNonce: String? = nil,
        metadata: [String: String] = [:], frameworkStatus: Int? = nil, frameworkHeaders: [ResponseHeader] = [],
        frameworkMessage: String? = nil
    ) {
        self.method = method
        self.acceptLanguage = acceptLanguage
        self.accept = accept
        self.target = target
        self.host = host
        self.referer = referer
        self.styleNonce = styleNonce
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
    ///   response, and sent as `Content-Language`; the body is problem+json, a web page when `Accept`
    ///   prefers `text/html` (a browser's navigation), or plain text when it prefers `text/plain`
    ///   (``ErrorResponse/Format/init(accept:)``), with the same status and headers
    ///   (`Vary: Accept, Accept-Language`); `HEAD` gets the headers alone.
    /// - Observers see the error once, with the request's metadata; ``ErrorResponse/event`` is what
    ///   they saw, for the integration's logger.
    ///
    /// - Parameters:
    ///   - error: the error thrown.
    ///   - request: what the server knows about the request.
    ///   - presenter: writes the problem+json body: its `type` base URI and limits.
    ///
    /// A browser gets the page of ``HTMLPresenter/standard``; to set its home, title suffix or brand,
    /// or to answer browsers with problem+json too, pass one: ``response(for:to:presenter:htmlPresenter:)``.
    public func response(
        for error: any Error, to request: ServerRequest, presenter: JSONPresenter = JSONPresenter()
    ) -> ErrorResponse {
        response(for: error, to: request, presenter: presenter, htmlPresenter: .standard)
    }

    /// The response to a request whose handling threw `error`, with the page a browser gets written
    /// by `htmlPresenter`: ``response(for:to:presenter:)`` with the app's page settings.
    ///
    /// ```swift
    /// let pages = HTMLPresenter(home: "/", titleSuffix: "Shop")
    /// let response = pipeline.response(for: error, to: request, htmlPresenter: pages)
    /// ```
    ///
    /// - Parameters:
    ///   - error: the error thrown.
    ///   - request: what the server knows about the request: for a page, also its target, `Host` and
    ///     `Referer` (its links).
    ///   - presenter: writes the problem+json body: its `type` base URI and limits.
    ///   - htmlPresenter: writes the page for a browser: its home, title suffix and brand; `nil` to
    ///     answer browsers with problem+json too.
    public func response(
        for error: any Error, to request: ServerRequest, presenter: JSONPresenter = JSONPresenter(),
        htmlPresenter: HTMLPresenter?
    ) -> ErrorResponse {
        let (alert, event) = serverAnswer(for: error, to: request)
        let format = ErrorResponse.Format(accept: request.accept)
        let isHead = request.method == "HEAD"
        // The alert and the event are moved into the response (`consume`): the optimizer copies them
        // otherwise, each a few hundred instructions to copy and as many to destroy.
        let language = alert.language
        let response: ErrorResponse
        if format.isHTML, let htmlPresenter {
            let page = HTMLPresenter.PageRequest(
                method: request.method, target: request.target, host: request.host, referer: request.referer,
                styleNonce: request.styleNonce)
            response = ErrorResponse(
                alert: consume alert, contentLanguage: language, format: format, event: consume event,
                htmlPresenter: htmlPresenter, pageRequest: page)
        } else if format.isPlainText {
            response = ErrorResponse(
                alert: consume alert, contentLanguage: language, format: format, event: consume event)
        } else {
            // Problem+json, also for a page's request without an HTML presenter.
            let body = presenter.bodyWithNewInstance(for: alert)
            response = ErrorResponse(
                alert: consume alert, contentType: ErrorResponse.contentType, contentLanguage: language, body: body,
                event: consume event)
        }
        guard isHead else { return response }
        return ErrorResponse(
            status: response.status, headers: response.headers, body: [], alert: response.alert, event: response.event)
    }
}

extension AlertPipeline {
    /// The server flow up to the body, for every server medium (``response(for:to:presenter:htmlPresenter:)``,
    /// ``serverAlert(for:to:)``): classified for a server's client with the framework's facts, put into
    /// the one language negotiated from `Accept-Language`, and the observers' event, which holds the
    /// classification.
    func serverAnswer(for error: any Error, to request: ServerRequest) -> (alert: Alert, event: ClassificationEvent) {
        let context = ClassificationContext(
            audience: .serverClient, metadata: request.metadata, httpStatus: request.frameworkStatus,
            responseHeaders: request.frameworkHeaders, message: request.frameworkMessage)
        let classification = classify(error, context: context)
        let alert = self.alert(
            localizing: classification, in: request.acceptLanguage.map(LanguagePreference.acceptLanguage) ?? .base)
        let event = ClassificationEvent(error: error, classification: classification, context: context)
        return (alert, event)
    }
}
