/// Writes an error response's body as plain text, for a client that asks for `text/plain` (`curl -H
/// 'Accept: text/plain'`, a chat bot): the console presenter's plain layout, uncoloured, unwrapped,
/// one part of the alert per line.
///
/// ```swift
/// let response = pipeline.response(for: error, to: request, writers: [JSONPresenter(), PlainTextBodyWriter()])
/// ```
public struct PlainTextBodyWriter: ErrorBodyWriter {
    /// A writer; it has no settings.
    public init() {}

    /// `text/plain; charset=utf-8`; `text/*` and `*/*` ask for it too.
    public var contentType: String { "text/plain; charset=utf-8" }

    /// `text/plain`.
    public var mediaTypes: [String] { Self.mediaTypes }

    /// The alert's texts, one part per line, and the request's ``ErrorRequest/traceID`` after the reference ID,
    /// as UTF-8 bytes.
    public func responseBody(for alert: Alert, to request: ErrorRequest) -> [UInt8] {
        let renderer = ConsoleRenderer(columns: nil, usesColor: false, isPlain: true, texts: alert.presenterTexts)
        let traceID = request.traceID.flatMap(ErrorRequest.cleanTraceID)
        return Array(renderer.render(alert, choices: [], notAsking: nil, traceID: traceID).utf8)
    }

    private static let mediaTypes = ["text/plain"]
}
