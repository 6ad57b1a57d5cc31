extension AlertPipeline {
    /// The HTTP response for an error thrown while handling a request: the alert in the best of the
    /// catalog's languages for the request's `Accept-Language`, as problem+json.
    ///
    /// ```swift
    /// let problem = pipeline.problemResponse(
    ///     for: error, acceptLanguage: request.headers[.acceptLanguage],
    ///     presenter: JSONPresenter(typeBaseURI: "https://errors.example.com/"))
    /// // problem.status 402, problem.headers [Content-Type, Content-Language, Vary], problem.body
    /// ```
    ///
    /// - The status is the error's own when it carries one in 400–599 (a rule returned
    ///   ``Classification/httpStatus``, as for a framework's 404), else its category's: always 4xx or 5xx.
    /// - `Content-Language` is the language the alert was put in — always one of the catalog's own
    ///   languages, never text from the request.
    /// - The debug detail is written only when this pipeline was configured with
    ///   ``Configuration/includesDebugDetails``.
    /// - Observers see the error with the same reference ID that the body carries as `referenceId`.
    /// - Another library's `LocalizedError` text is never shown (it is often technical: "RouteNotFound.404:
    ///   Not Found"): such an error gets the generic `unexpected` alert and a reference ID, unless the app
    ///   listed its type with ``showingTexts(of:code:)``, which also gives it a stable code.
    ///
    /// - Parameters:
    ///   - error: the error thrown.
    ///   - acceptLanguage: the request's `Accept-Language` header as received (several headers joined
    ///     with `,`), or `nil` for the catalog's base language. Parsing is bounded.
    ///   - presenter: the presenter that writes the body: its type base URI and limits.
    ///   - format: problem+json (the default), or plain text (see ``ProblemResponse/Format/init(accept:)``).
    ///   - context: the request's metadata for observers, and the framework's own status and
    ///     headers for this error (see ``ClassificationContext``).
    public func problemResponse(
        for error: any Error, acceptLanguage: String?, presenter: JSONPresenter = JSONPresenter(),
        format: ProblemResponse.Format = .problemJSON, context: ClassificationContext = .none
    ) -> ProblemResponse {
        let preference = acceptLanguage.map(LanguagePreference.acceptLanguage) ?? .base
        // Classified with a request's context: foreign texts stay off the response.
        let alert = self.alert(localizing: classify(error, context: context), in: preference)
        return ProblemResponse(alert: alert, contentLanguage: alert.language, presenter: presenter, format: format)
    }

    /// The HTTP response for an alert this pipeline made.
    ///
    /// An alert's language outside the catalog's is answered with the base language in
    /// `Content-Language`; a debug detail is dropped unless the pipeline includes debug details.
    @available(*, deprecated, message: "use ProblemResponse(alert:contentLanguage:presenter:format:)")
    public func problemResponse(
        for alert: Alert, presenter: JSONPresenter = JSONPresenter(), format: ProblemResponse.Format = .problemJSON
    ) -> ProblemResponse {
        var alert = alert
        if !configuration.includesDebugDetails { alert.debugDetail = nil }
        let language = catalog.offers(alert.language) ? alert.language : catalog.baseLanguage
        return ProblemResponse(alert: alert, contentLanguage: language, presenter: presenter, format: format)
    }
}
