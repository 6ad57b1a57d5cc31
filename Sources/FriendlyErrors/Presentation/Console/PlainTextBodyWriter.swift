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

    /// The alert's texts, one part per line, and the request's ``ErrorRequest/traceID`` on the last, as UTF-8
    /// bytes. Each text is capped as a problem+json body's are (2 KiB, cut before a whole character with one
    /// `…`; the debug detail 8 KiB; at most 100 field problems), so the body is as bounded as the JSON one.
    public func responseBody(for alert: Alert, to request: ErrorRequest) -> [UInt8] {
        let renderer = ConsoleRenderer(columns: nil, usesColor: false, isPlain: true, texts: alert.presenterTexts)
        var text = renderer.render(Self.capped(alert, PresenterLimits.standard), choices: [], notAsking: nil)
        if let traceID = request.traceID.flatMap(ErrorRequest.cleanTraceID) {
            text += renderer.field("console.trace", text: traceID)
        }
        return Array(text.utf8)
    }

    private static let mediaTypes = ["text/plain"]

    /// `alert` with its texts cut at `limits`, as `JSONPresenter` writes them; an alert whose texts fit (nearly
    /// every one) is returned as it is.
    static func capped(_ alert: Alert, _ limits: PresenterLimits) -> Alert {
        let text = limits.maximumTextBytes
        func fits(_ value: String?, _ limit: Int) -> Bool { (value?.utf8.count ?? 0) <= limit }
        guard
            fits(alert.title, text) && fits(alert.message, text) && fits(alert.reason, text)
                && fits(alert.suggestion, text) && fits(alert.debugDetail, limits.maximumDebugDetailBytes)
                && fits(alert.referenceID, limits.maximumIdentifierBytes)
                && alert.fieldProblems.count <= limits.maximumFieldProblems
                && alert.fieldProblems.allSatisfy({ fits($0.field, text) && fits($0.message, text) })
        else {
            var capped = alert
            capped.title = alert.title.cappedAtGraphemeBoundary(maxUTF8Bytes: text)
            capped.message = alert.message.cappedAtGraphemeBoundary(maxUTF8Bytes: text)
            capped.reason = alert.reason?.cappedAtGraphemeBoundary(maxUTF8Bytes: text)
            capped.suggestion = alert.suggestion?.cappedAtGraphemeBoundary(maxUTF8Bytes: text)
            capped.debugDetail = alert.debugDetail?.cappedAtGraphemeBoundary(
                maxUTF8Bytes: limits.maximumDebugDetailBytes)
            capped.referenceID = alert.referenceID?.cappedAtGraphemeBoundary(
                maxUTF8Bytes: limits.maximumIdentifierBytes)
            capped.fieldProblems = alert.fieldProblems.prefix(limits.maximumFieldProblems).map { problem in
                var problem = problem
                problem.field = problem.field.cappedAtGraphemeBoundary(maxUTF8Bytes: text)
                problem.message = problem.message.cappedAtGraphemeBoundary(maxUTF8Bytes: text)
                return problem
            }
            return capped
        }
        return alert
    }
}
