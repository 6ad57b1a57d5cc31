extension AlertPipeline {
    /// The response to a request whose handling threw `error`: the one server flow every framework
    /// integration uses.
    ///
    /// ```swift
    /// let response = pipeline.response(for: error, to: ErrorRequest(acceptLanguage: "ja"))
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
    ///   response, and sent as `Content-Language`.
    /// - The body is written by the writer the request's `Accept` prefers among `writers`: by
    ///   default problem+json (``JSONPresenter``), a web page when `Accept` prefers `text/html` (a
    ///   browser's navigation, `HTMLPresenter()`), or plain text when it prefers
    ///   `text/plain` (``PlainTextBodyWriter``). The highest quality wins, then the more specific
    ///   range (`text/plain` before `text/*` before `*/*`), then the earlier writer; the first writer
    ///   answers when `Accept` names none. Every body gets the same status and headers
    ///   (`Vary: Accept, Accept-Language`) but for its `Content-Type` and the writer's own.
    /// - `HEAD` gets the headers alone, with the `Content-Length` the body would have had.
    /// - Observers see the error once, with the request's metadata; ``ErrorResponse/event`` is what
    ///   they saw, for the integration's logger.
    ///
    /// To set the problems' `type` base URI, a page's home, title suffix or brand, or to answer in a
    /// format of the app's own, pass the writers:
    ///
    /// ```swift
    /// let writers: [any ErrorBodyWriter] = [
    ///     JSONPresenter(typeBaseURI: "https://errors.example.com/"),
    ///     HTMLPresenter(home: "/", titleSuffix: "Shop"),
    ///     PlainTextBodyWriter(),
    /// ]
    /// let response = pipeline.response(for: error, to: request, writers: writers)
    /// ```
    ///
    /// - Parameters:
    ///   - error: the error thrown.
    ///   - request: what the server knows about the request: for a page, also its target, `Host` and
    ///     `Referer` (its links).
    ///   - writers: the bodies the server can answer with, in order of preference on a tie; the
    ///     first also answers a client that accepts none of them. None (the default): problem+json
    ///     (``JSONPresenter``, also the answer when `Accept` names none), the page of
    ///     `HTMLPresenter()` and ``PlainTextBodyWriter``.
    public func response(
        for error: any Error, to request: ErrorRequest, writers: [any ErrorBodyWriter] = []
    ) -> ErrorResponse {
        let (alert, event) = serverAnswer(for: error, to: request)
        let writers = writers.isEmpty ? StandardBodyWriters.all : writers
        let writer =
            writers[
                BodyNegotiation.choice(
                    for: request.accept, among: writers)]
        // The alert and the event are moved into the response (`consume`): the optimizer copies them
        // otherwise, each a few hundred instructions to copy and as many to destroy.
        let language = alert.language
        let body = writer.responseBody(for: alert, to: request)
        let writerHeaders = writer.responseHeaders(for: alert, to: request)
        let response = ErrorResponse(
            alert: consume alert, contentType: writer.contentType, contentLanguage: language, body: body,
            event: consume event, writerHeaders: writerHeaders)
        guard request.method == "HEAD" else { return response }
        // RFC 9110, section 8.6: a HEAD response's Content-Length is the length a GET's body would have.
        var headers = response.headers
        headers.append(ResponseHeader(uncheckedName: "Content-Length", value: String(body.count)))
        return ErrorResponse(
            status: response.status, headers: headers, body: [], alert: response.alert, event: response.event)
    }
}

/// The writers of a response whose app gives none, made once.
package enum StandardBodyWriters {
    package static let all: [any ErrorBodyWriter] = [JSONPresenter(), HTMLPresenter.standard, PlainTextBodyWriter()]
}
