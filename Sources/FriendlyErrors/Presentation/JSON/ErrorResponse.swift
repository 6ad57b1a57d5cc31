/// The HTTP response for an error thrown while handling a request: a status, headers and a body,
/// made by ``AlertPipeline/response(for:to:presenter:)`` for any server framework to send as it is.
///
/// A framework integration is a few lines around it:
///
/// ```swift
/// } catch {
///     let response = pipeline.response(for: error, to: ServerRequest(
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
public struct ErrorResponse: Sendable, Hashable {
    public static func == (lhs: ErrorResponse, rhs: ErrorResponse) -> Bool {
        lhs.status == rhs.status && lhs.headers == rhs.headers && lhs.body == rhs.body && lhs.alert == rhs.alert
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(status)
        hasher.combine(headers)
        hasher.combine(body)
    }

    /// What the pipeline made of the error, for the integration's log: the error itself, its
    /// classification, ``ClassificationEvent/logLevel``, ``ClassificationEvent/logMessage`` and
    /// ``ClassificationEvent/logMetadata(_:)``. Not part of the response's equality.
    public let event: ClassificationEvent
    /// The media type of the body. No `charset` parameter: the media type has none defined, and JSON
    /// exchanged between systems is always UTF-8 (RFC 8259, section 8.1).
    public static let contentType = "application/problem+json"

    /// The HTTP status, always 400–599.
    public let status: Int
    /// The headers, in order: `Content-Type`, `Content-Language` (when known), `Vary: Accept,
    /// Accept-Language`, a page's `Content-Security-Policy`, then the alert's own
    /// (``Alert/responseHeaders``): the same whatever the body's format, but for `Content-Type` and
    /// the page's policy.
    public let headers: [ResponseHeader]
    /// The body, UTF-8: the problem details object, a page or plain text (see ``Format``); empty for
    /// `HEAD`.
    public let body: [UInt8]
    /// The alert the response was made from, for logging and tests.
    public let alert: Alert

    /// A response; a status outside 400–599 becomes 500.
    package init(status: Int, headers: [ResponseHeader], body: [UInt8], alert: Alert, event: ClassificationEvent? = nil) {
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

    /// The response for an alert already made — for a server that looks at the alert (or its
    /// classification) first: its status, the format's `Content-Type`, `Content-Language` when given
    /// (the alert's ``Alert/language`` for an alert a pipeline made; a value that is not a language
    /// tag is left out), `Vary: Accept, Accept-Language`, for a page its `Content-Security-Policy`
    /// (unless the page request carries a style nonce: the app sends its own policy then), the
    /// alert's own ``Alert/responseHeaders``, and the presenter's body with a fresh `instance`.
    ///
    /// ```swift
    /// let alert = pipeline.alert(localizing: classification, in: .acceptLanguage(header))
    /// let problem = ErrorResponse(alert: alert, contentLanguage: alert.language, presenter: presenter)
    /// ```
    ///
    /// The alert is written as it was made: one made with `alert(for:in:)` shows foreign
    /// `LocalizedError` texts when ``AlertPipeline/Configuration/showsForeignLocalizedDescriptions``
    /// is on, so a server that makes its alerts itself classifies with a context
    /// (``AlertPipeline/classify(_:context:)``), which never shows them.
    ///
    /// - Parameters:
    ///   - alert: the alert to answer with.
    ///   - contentLanguage: the `Content-Language` header's value, or `nil` for none.
    ///   - presenter: the presenter that writes the body: its type base URI and limits.
    ///   - format: problem+json (the default), a page or plain text (see ``Format/init(accept:)``).
    ///   - htmlPresenter: writes a page; `nil` answers a page's request with problem+json.
    ///   - pageRequest: what the page's links are made from.
    package init(
        alert: Alert, contentLanguage: String?, presenter: JSONPresenter = JSONPresenter(),
        format: Format = .problemJSON, event: ClassificationEvent? = nil, htmlPresenter: HTMLPresenter? = nil,
        pageRequest: HTMLPresenter.PageRequest = HTMLPresenter.PageRequest()
    ) {
        if format.isHTML, let htmlPresenter {
            self.init(
                alert: alert, contentType: format.contentType, contentLanguage: contentLanguage,
                body: htmlPresenter.pageBytes(for: alert, request: pageRequest), event: event,
                contentSecurityPolicy: pageRequest.styleNonce == nil ? htmlPresenter.contentSecurityPolicy : nil)
            return
        }
        guard format.isPlainText else {
            self.init(
                alert: alert, contentType: Self.contentType, contentLanguage: contentLanguage,
                body: presenter.bodyWithNewInstance(for: alert), event: event)
            return
        }
        let renderer = ConsoleRenderer(columns: nil, usesColor: false, isPlain: true, texts: alert.presenterTexts)
        let text = renderer.render(alert, choices: [], notAsking: nil)
        self.init(
            alert: alert, contentType: format.contentType, contentLanguage: contentLanguage, body: Array(text.utf8),
            event: event)
    }

    /// The response for an alert with a body in another format: the headers as for problem+json
    /// (see ``init(alert:contentLanguage:presenter:format:event:htmlPresenter:pageRequest:)``) with
    /// `contentType`, and a page's policy after `Vary`.
    init(
        alert: Alert, contentType: String, contentLanguage: String?, body: [UInt8], event: ClassificationEvent?,
        contentSecurityPolicy: String? = nil
    ) {
        var headers: [ResponseHeader] = []
        headers.reserveCapacity(4 + alert.responseHeaders.count)
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
        if let contentSecurityPolicy {
            headers.append(ResponseHeader(name: "Content-Security-Policy", value: contentSecurityPolicy))
        }
        // The error's own headers, but never one that describes the body: this response's body is ours.
        for header in alert.responseHeaders
        where !Self.bodyHeaderNames.contains(where: { header.hasName($0) }) && !header.name.isEmpty
            && !(contentSecurityPolicy != nil && header.hasName("Content-Security-Policy"))
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
        if (2...3).contains(utf8.count), text.allUTF8Bytes(satisfy: { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) {
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
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
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
