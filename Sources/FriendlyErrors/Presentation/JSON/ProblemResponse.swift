/// An HTTP error response that any server framework can send: a status, headers and a problem+json
/// body. Built by ``AlertPipeline/problemResponse(for:acceptLanguage:presenter:)``.
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
    /// One response header; its name and value are cleaned when it is made, so it can never split a
    /// response or smuggle another header.
    public struct Header: Sendable, Hashable {
        /// The field name, made only of RFC 9110 token characters (other characters are dropped).
        public let name: String
        /// The field value: printable ASCII, spaces and tabs only; every other byte — CR, LF, NUL,
        /// controls, non-ASCII — is dropped, and leading and trailing spaces are trimmed.
        public let value: String

        /// A header, cleaned.
        ///
        /// ```swift
        /// ProblemResponse.Header(name: "Content-Language", value: "en\r\nSet-Cookie: a").value
        /// // "enSet-Cookie: a" — one harmless value, never a second header
        /// ```
        public init(name: String, value: String) {
            self.name = String(decoding: name.utf8.filter(Self.isTokenByte), as: UTF8.self)
            let kept = value.utf8.filter { $0 == 0x09 || (0x20...0x7E).contains($0) }
            let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
            let start = kept.firstIndex { !isSpace($0) } ?? kept.endIndex
            let end = kept.lastIndex { !isSpace($0) }.map { $0 + 1 } ?? start
            self.value = String(decoding: kept[start..<max(start, end)], as: UTF8.self)
        }

        /// Whether a byte may appear in a field name (RFC 9110 `tchar`).
        private static func isTokenByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default:
                return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
            }
        }
    }

    /// The media type of the body. No `charset` parameter: the media type has none defined, and JSON
    /// exchanged between systems is always UTF-8 (RFC 8259, section 8.1).
    public static let contentType = "application/problem+json"

    /// The HTTP status, always 400–599.
    public let status: Int
    /// The headers, in order: `Content-Type`, `Content-Language` (when known), `Vary`.
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

    /// The response for an alert: its status, `Content-Type: application/problem+json`,
    /// `Content-Language` when given (it should be one of the catalog's languages; a value that is
    /// not a language tag is left out), `Vary: Accept-Language`, and the presenter's body with a fresh
    /// `instance`.
    public init(alert: Alert, contentLanguage: String?, presenter: JSONPresenter = JSONPresenter()) {
        var headers = [Header(name: "Content-Type", value: Self.contentType)]
        if let contentLanguage, let tag = LanguageTag(contentLanguage), tag.description == contentLanguage {
            headers.append(Header(name: "Content-Language", value: contentLanguage))
        }
        headers.append(Header(name: "Vary", value: "Accept-Language"))
        self.init(
            status: alert.httpStatus, headers: headers,
            body: presenter.problemDetails(for: alert, instance: JSONPresenter.newInstance()), alert: alert)
    }

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
