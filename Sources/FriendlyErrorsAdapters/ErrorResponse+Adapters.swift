extension ErrorResponse {
    /// The response for an alert already made — for an integration that looks at the alert (or its
    /// classification) first: its status, the writer's `Content-Type`, `Content-Language` when given
    /// (the alert's `language` for an alert a pipeline made; a value that is not a language tag is left
    /// out), `Vary: Accept, Accept-Language`, the writer's own headers (a page's
    /// `Content-Security-Policy`), the alert's own `responseHeaders`, and the writer's body.
    ///
    /// ```swift
    /// let context = ClassificationContext(audience: .serverClient)
    /// let alert = pipeline.alert(for: error, in: .acceptLanguage(header), context: context)
    /// let response = ErrorResponse(alert: alert, contentLanguage: alert.language, writer: JSONPresenter())
    /// ```
    ///
    /// An alert made for a server's client (`ClassificationContext.Audience.serverClient`) never shows an
    /// unknown error's own text, nor foreign `LocalizedError` texts.
    ///
    /// - Parameters:
    ///   - alert: the alert to answer with.
    ///   - contentLanguage: the `Content-Language` header's value, or `nil` for none.
    ///   - writer: writes the body: `JSONPresenter`, `HTMLPresenter`, `PlainTextBodyWriter` or the app's own.
    ///   - request: the request answered: what a page's links are made from.
    ///   - event: what the pipeline's observers saw, or `nil` for an event made from the alert alone.
    public init(
        alert: Alert, contentLanguage: String?, writer: some ErrorBodyWriter, request: ErrorRequest = ErrorRequest(),
        event: ClassificationEvent? = nil
    ) {
        self.init(
            alert: alert, contentLanguage: contentLanguage, bodyWriter: writer, request: request, event: event)
    }
}
