extension HTMLPresenter: ErrorBodyWriter {
    /// `text/html; charset=utf-8`.
    public var contentType: String { "text/html; charset=utf-8" }

    /// `text/html` and `application/xhtml+xml`: what a browser's navigation asks for.
    public var mediaTypes: [String] { Self.mediaTypes }

    /// `false`: a client that takes anything (`*/*`, `text/*`) is not sent a page it did not ask for.
    public var answersMediaRanges: Bool { false }

    /// The page for `alert`, the answer to `request`, as UTF-8 bytes.
    public func responseBody(for alert: Alert, to request: ErrorRequest) -> [UInt8] {
        pageBytes(for: alert, request: request)
    }

    /// The page's `Content-Security-Policy` (its style's hash), unless the request carries a style nonce: the app sends
    /// its own policy then.
    public func responseHeaders(for alert: Alert, to request: ErrorRequest) -> [ResponseHeader] {
        guard request.styleNonce == nil else { return [] }
        return [ResponseHeader(name: "Content-Security-Policy", value: contentSecurityPolicy)]
    }

    private static let mediaTypes = ["text/html", "application/xhtml+xml"]
}
