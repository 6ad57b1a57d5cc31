extension JSONPresenter: ErrorBodyWriter {
    /// `application/problem+json` (``ErrorResponse/contentType``).
    public var contentType: String { ErrorResponse.contentType }

    /// `application/problem+json` and `application/json`; `application/*` and `*/*` ask for it too.
    public var mediaTypes: [String] { Self.mediaTypes }

    /// The problem details object for `alert` with a fresh `instance`: a response's body.
    public func responseBody(for alert: Alert, to request: ErrorRequest) -> [UInt8] {
        bodyWithNewInstance(for: alert)
    }

    private static let mediaTypes = ["application/problem+json", "application/json"]
}
