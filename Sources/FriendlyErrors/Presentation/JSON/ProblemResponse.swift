/// An HTTP error response that any server framework can send: a status, headers and a problem+json
/// body. Built for an error by ``AlertPipeline/problemResponse(for:acceptLanguage:presenter:format:context:)``,
/// and for an alert already made by ``init(alert:contentLanguage:presenter:format:)``.
///
/// A Hummingbird middleware is a few lines around it:
///
/// ```swift
/// } catch {
///     let problem = pipeline.problemResponse(for: error, acceptLanguage: request.headers[.acceptLanguage])
///     var headers = HTTPFields()
///     for header in problem.headers { headers[HTTPField.Name(header.name)!] = header.value }
///     return Response(
///         status: .init(code: problem.status), headers: headers,
///         body: .init(byteBuffer: ByteBuffer(bytes: problem.body)))
/// }
/// ```
///
/// The values keep their invariants whoever builds them: the status is always 400–599, and no header
/// name or value holds CR, LF, NUL or any other control character (see ``Header``).
public struct ProblemResponse: Sendable, Hashable {
    /// One response header: the same type an error's headers have, cleaned when it is made.
    public typealias Header = ResponseHeader

    /// The media type of the body. No `charset` parameter: the media type has none defined, and JSON
    /// exchanged between systems is always UTF-8 (RFC 8259, section 8.1).
    public static let contentType = "application/problem+json"

    /// The HTTP status, always 400–599.
    public let status: Int
    /// The headers, in order: `Content-Type`, `Content-Language` (when known), `Vary`, then the
    /// alert's own (``Alert/responseHeaders``).
    public let headers: [Header]
    /// The problem details object, UTF-8.
    public let body: [UInt8]
    /// The alert the response was made from, for logging and tests.
    public let alert: Alert

    /// A response; a status outside 400–599 becomes 500, and the headers are cleaned.
    public init(status: Int, headers: [Header], body: [UInt8], alert: Alert) {
        self.status = (400...599).contains(status) ? status : 500
        self.headers = headers
        self.body = body
        self.alert = alert
    }

    /// The response for an alert already made — for a server that looks at the alert (or its
    /// classification) first: its status, `Content-Type: application/problem+json`,
    /// `Content-Language` when given (the alert's ``Alert/language`` for an alert a pipeline made; a
    /// value that is not a language tag is left out), `Vary: Accept-Language`, the alert's own
    /// ``Alert/responseHeaders``, and the presenter's body with a fresh `instance`.
    ///
    /// ```swift
    /// let alert = pipeline.alert(localizing: classification, in: .acceptLanguage(header))
    /// let problem = ProblemResponse(alert: alert, contentLanguage: alert.language, presenter: presenter)
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
    ///   - format: problem+json (the default), or plain text (see ``Format/init(accept:)``).
    public init(
        alert: Alert, contentLanguage: String?, presenter: JSONPresenter = JSONPresenter(),
        format: Format = .problemJSON
    ) {
        guard format.isPlainText else {
            self.init(
                alert: alert, contentType: Self.contentType, contentLanguage: contentLanguage,
                body: presenter.body(for: alert, instance: JSONPresenter.newInstance()))
            return
        }
        let renderer = ConsoleRenderer(columns: nil, usesColor: false, isPlain: true, texts: alert.presenterTexts)
        let text = renderer.render(alert, choices: [], notAsking: nil)
        self.init(
            alert: alert, contentType: format.contentType, contentLanguage: contentLanguage, body: Array(text.utf8))
    }

    /// The response for an alert with a body in another format: the headers as for problem+json
    /// (see ``init(alert:contentLanguage:presenter:format:)``) with `contentType`.
    init(alert: Alert, contentType: String, contentLanguage: String?, body: [UInt8]) {
        var headers = [
            contentType == Self.contentType
                ? Self.problemContentTypeHeader : Header(name: "Content-Type", value: contentType)
        ]
        if let contentLanguage, Self.isLanguageTag(contentLanguage) {
            headers.append(Header(name: "Content-Language", value: contentLanguage))
        }
        var vary = Self.varyAcceptLanguageHeader
        for header in alert.responseHeaders where header.hasName("Vary") && !header.value.isEmpty {
            vary = Header(name: "Vary", value: vary.value + ", " + header.value)
        }
        headers.append(vary)
        // The error's own headers, but never one that describes the body: this response's body is ours.
        headers += alert.responseHeaders.filter { header in
            !Self.bodyHeaderNames.contains { header.hasName($0) } && !header.name.isEmpty
        }
        self.init(status: alert.httpStatus, headers: headers, body: body, alert: alert)
    }

    // Made once: cleaning a header's name and value costs more than the rest of its use.
    private static let problemContentTypeHeader = Header(name: "Content-Type", value: contentType)
    private static let varyAcceptLanguageHeader = Header(name: "Vary", value: "Accept-Language")

    /// Whether `text` is a language tag in its canonical spelling; a bare primary language (`en`,
    /// `ja`: two or three lowercase letters) is one without parsing.
    private static func isLanguageTag(_ text: String) -> Bool {
        let utf8 = text.utf8
        if (2...3).contains(utf8.count), utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) {
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
