extension JSONPresenter: ErrorBodyWriter {
    /// `application/problem+json` (`contentType`).
    public var contentType: String { ErrorResponse.contentType }

    /// `application/problem+json` and `application/json`; `application/*` and `*/*` ask for it too.
    public var mediaTypes: [String] { Self.mediaTypes }

    /// The problem details object for `alert` with a fresh `instance`, and the request's
    /// ``ErrorRequest/traceID`` as `traceId`: a response's body.
    public func responseBody(for alert: Alert, to request: ErrorRequest) -> [UInt8] {
        guard let traceID = request.traceID else { return bodyWithNewInstance(for: alert) }
        // Each trace's body is its own: no template.
        return body(for: alert, instance: Self.newInstance(), traceID: traceID)
    }

    private static let mediaTypes = ["application/problem+json", "application/json"]
}
