/// The HTTP response for an error thrown while handling a request: a status, headers and a body,
/// made by ``AlertPipeline/response(for:to:writers:)`` for any server framework to send as it is.
///
/// A framework integration is a few lines around it:
///
/// ```swift
/// } catch {
///     let response = pipeline.response(for: error, to: ErrorRequest(
///         method: request.method.rawValue, acceptLanguage: request.headers[.acceptLanguage],
///         accept: request.headers[.accept]))
///     logger.log(level: .init(response.event.logLevel), "\(response.event.logMessage)")
///     var fields = HTTPFields()
///     for header in response.headers { fields.append(HTTPField(name: .init(header.name)!, value: header.value)) }
///     return Response(status: .init(code: response.status), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: response.body)))
/// }
/// ```
///
/// The values keep their invariants whoever builds them: the status is always 400–599, and no header
/// name or value holds CR, LF, NUL or any other control character (see ``ResponseHeader``).
public struct ErrorResponse: Sendable {
    /// What the pipeline made of the error, for the integration's log: the error itself, its
    /// classification, ``ClassificationEvent/logLevel``, ``ClassificationEvent/logMessage`` and
    /// ``ClassificationEvent/logMetadata(_:)``.
    public let event: ClassificationEvent
    /// The media type of a problem+json body. No `charset` parameter: the media type has none defined, and JSON
    /// exchanged between systems is always UTF-8 (RFC 8259, section 8.1).
    package static let contentType = "application/problem+json"

    /// The HTTP status, always 400–599.
    public let status: Int
    /// The headers, in order: `Content-Type`, `Content-Language` (when known), `Vary: Accept,
    /// Accept-Language`, the body writer's own (a page's `Content-Security-Policy`), then the alert's
    /// own (``Alert/responseHeaders``); for `HEAD`, last, the `Content-Length` of the body a `GET`
    /// would have had. The same whatever the body's writer, but for `Content-Type` and the writer's.
    public let headers: [ResponseHeader]
    /// The body: the problem details object, a page, plain text or what the app's own
    /// ``ErrorBodyWriter`` wrote; empty for `HEAD`, whose headers then say the `Content-Length`
    /// the body would have had.
    public let body: [UInt8]
    /// The alert the response was made from, for logging and tests.
    public let alert: Alert

    /// A response; a status outside 400–599 becomes 500.
    package init(status: Int, headers: [ResponseHeader], body: [UInt8], alert: Alert, event: ClassificationEvent? = nil)
    {
        self.status = (400...599).contains(status) ? status : 500
        self.headers = headers
        self.body = body
        // A switch, not `??`: its autoclosure would capture the alert, and both would be copied.
        switch event {
        case .some(let event): self.event = event
        case .none: self.event = ClassificationEvent(alert: alert)
        }
        self.alert = alert
    }

    /// The response for an alert already made: its status, the writer's `Content-Type`, `Content-Language`
    /// when given (a value that is not a language tag is left out), `Vary: Accept, Accept-Language`, the
    /// writer's own headers (a page's `Content-Security-Policy`), the alert's own ``Alert/responseHeaders``,
    /// and the writer's body. FriendlyErrorsAdapters' `ErrorResponse(alert:contentLanguage:writer:request:event:)`
    /// is this, for integrations.
    package init(
        alert: Alert, contentLanguage: String?, bodyWriter writer: some ErrorBodyWriter,
        request: ErrorRequest = ErrorRequest(), event: ClassificationEvent? = nil
    ) {
        self.init(
            alert: alert, contentType: writer.contentType, contentLanguage: contentLanguage,
            body: writer.responseBody(for: alert, to: request), event: event,
            writerHeaders: writer.responseHeaders(for: alert, to: request))
    }

    /// The response for an alert with a body written already: the headers of
    /// ``init(alert:contentLanguage:bodyWriter:request:event:)``, the writer's after `Vary`.
    init(
        alert: Alert, contentType: String, contentLanguage: String?, body: [UInt8], event: ClassificationEvent?,
        writerHeaders: [ResponseHeader] = []
    ) {
        var headers: [ResponseHeader] = []
        headers.reserveCapacity(3 + writerHeaders.count + alert.responseHeaders.count)
        headers.append(
            contentType == Self.contentType
                ? Self.problemContentTypeHeader : ResponseHeader(name: "Content-Type", value: contentType))
        if let contentLanguage, Self.isLanguageTag(contentLanguage) {
            // A language tag is letters, digits and hyphens: nothing a header must not hold.
            headers.append(ResponseHeader(uncheckedName: "Content-Language", value: contentLanguage))
        }
        var vary = Self.varyHeader
        for header in alert.responseHeaders where header.hasName("Vary") && !header.value.isEmpty {
            vary = ResponseHeader(name: "Vary", value: vary.value + ", " + header.value)
        }
        headers.append(vary)
        for header in writerHeaders where !Self.bodyHeaderNames.contains(where: { header.hasName($0) }) {
            headers.append(header)
        }
        // The error's own headers, but never one that describes the body (this response's body is
        // ours) or that the writer set.
        for header in alert.responseHeaders
        where !Self.bodyHeaderNames.contains(where: { header.hasName($0) }) && !header.name.isEmpty
            && !writerHeaders.contains(where: { header.hasName($0.name) })
        {
            headers.append(header)
        }
        self.init(status: alert.httpStatus, headers: headers, body: body, alert: alert, event: event)
    }

    // Made once: cleaning a header's name and value costs more than the rest of its use.
    private static let problemContentTypeHeader = ResponseHeader(name: "Content-Type", value: contentType)
    /// The body depends on `Accept` (its format) and `Accept-Language` (its language).
    private static let varyHeader = ResponseHeader(name: "Vary", value: "Accept, Accept-Language")

    /// Whether `text` is a language tag in its canonical spelling; a bare primary language (`en`,
    /// `ja`: two or three lowercase letters) is one without parsing.
    private static func isLanguageTag(_ text: String) -> Bool {
        let utf8 = text.utf8
        if (2...3).contains(utf8.count),
            text.allUTF8Bytes(satisfy: { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") })
        {
            return true
        }
        return LanguageTag(text)?.description == text
    }

    /// Headers this response sets itself, or that describe a body it replaced.
    private static let bodyHeaderNames = [
        "Content-Type", "Content-Length", "Content-Language", "Content-Encoding", "Transfer-Encoding", "Vary",
    ]

    /// The value of the first header with this name, compared case-insensitively.
    ///
    /// ```swift
    /// response.value(forHeader: "content-language")   // "ja"
    /// ```
    public func value(forHeader name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// The body as text.
    package var bodyText: String { String(decoding: body, as: UTF8.self) }
}

extension ClassificationEvent {
    /// The event of a response made from an alert alone (in the library's tests): its code,
    /// category and severity, with a stand-in error.
    fileprivate init(alert: Alert) {
        var classification = Classification(code: alert.code, category: alert.category, severity: alert.severity)
        classification.httpStatusOverride = alert.httpStatusOverride
        self.init(
            error: AlertOnlyError(), classification: classification,
            context: ClassificationContext(audience: .serverClient))
    }
}

/// The stand-in error of an event made for an alert alone.
private struct AlertOnlyError: Error {}
