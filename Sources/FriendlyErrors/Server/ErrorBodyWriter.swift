/// Writes the body of an error response in one media type: what
/// ``AlertPipeline/response(for:to:writers:)`` chooses among by the request's `Accept` header.
///
/// The library has three: ``JSONPresenter`` (RFC 9457 problem+json), ``HTMLPresenter`` (a page for a
/// browser) and ``PlainTextBodyWriter``. An app writes its own to answer in another format, or to
/// replace one of them — a page from its own template, say:
///
/// ```swift
/// struct ShopErrorPage: ErrorBodyWriter {
///     var contentType: String { "text/html; charset=utf-8" }
///
///     func responseBody(for alert: Alert, to request: ErrorRequest) -> [UInt8] {
///         // Every text of an alert is the app's or the catalog's, but still escaped: it can quote input.
///         let page = "<!doctype html><html lang=\"\(alert.language)\"><title>\(escaped(alert.title))</title>"
///             + "<h1>\(escaped(alert.title))</h1><p>\(escaped(alert.message))</p></html>"
///         return Array(page.utf8)
///     }
///
///     private func escaped(_ text: String) -> String {
///         text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing("\"", with: "&quot;")
///     }
/// }
///
/// let response = pipeline.response(for: error, to: request, writers: [JSONPresenter(), ShopErrorPage()])
/// ```
///
/// The response's status and headers are the same whichever writer is chosen (`Content-Type`
/// excepted, and the writer's own ``responseHeaders(for:to:)``), and a `HEAD` request gets them
/// without the body.
public protocol ErrorBodyWriter: Sendable {
    /// The `Content-Type` of the bodies written: `"text/html; charset=utf-8"`.
    var contentType: String { get }

    /// The media types of an `Accept` header that ask for these bodies, lowercase, without
    /// parameters; by default the type of ``contentType`` alone.
    var mediaTypes: [String] { get }

    /// Whether a range, `text/*` or `*/*`, asks for these bodies too (`true` by default): the built-in
    /// page says `false`, so a client that takes anything is not sent a page it did not ask for.
    var answersMediaRanges: Bool { get }

    /// The body for `alert`, the answer to `request`.
    func responseBody(for alert: Alert, to request: ErrorRequest) -> [UInt8]

    /// Headers sent with this writer's body, after the response's own and before the alert's (a
    /// page's `Content-Security-Policy`); none by default. A header the response sets itself
    /// (`Content-Type`, `Content-Language`, `Content-Length`, `Vary`…) is not taken.
    func responseHeaders(for alert: Alert, to request: ErrorRequest) -> [ResponseHeader]
}

extension ErrorBodyWriter {
    public var mediaTypes: [String] {
        let type = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return [String(type).trimmingSpacesAndTabs().lowercased()]
    }

    public var answersMediaRanges: Bool { true }

    public func responseHeaders(for alert: Alert, to request: ErrorRequest) -> [ResponseHeader] { [] }
}
