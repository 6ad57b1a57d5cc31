package import Foundation

/// A problem a server answered with, received by a client: an error the client throws and presents
/// like any other (the pipeline knows it, as it knows `URLError`), which keeps what the server said —
/// its status, code, category, reference and trace IDs, retry delay, problem type, and its title in
/// its language.
///
/// Made from a response's status, headers and body bytes (``init(status:headers:body:requestURL:defaultLanguage:)``),
/// whatever the server is: a problem+json body of this library's servers, a plain RFC 9457 body of
/// another stack, or any other body (HTML, text, binary, nothing), which gives the status's generic
/// alert.
///
/// ```swift
/// let (body, response) = try await session.data(for: request)
/// if response.statusCode >= 400 {
///     throw RemoteProblem(status: response.statusCode, headers: headers, body: body, requestURL: request.url)
/// }
/// ```
///
/// The server's texts are already in the language the client asked for (see
/// ``LanguagePreference/acceptLanguageValue``): they are never looked up in the client's catalogs,
/// and the alert made from them (``AlertPipeline/alert(for:in:context:)``: its message, reason,
/// suggestion, field problems and links) is in their language (`language`), its labels (OK,
/// Cancel, the console's `reason:`) included — never a mix of the server's language and the client's.
public struct RemoteProblem: Error, Sendable, CustomStringConvertible {
    /// The HTTP status the response had.
    public let status: Int
    /// The server's stable code (`"order.insufficientFunds"`), or `http.<status>` when the body had
    /// none that could be read.
    public let code: String
    /// What kind of failure it is: the server's category when it names one, else the category of a
    /// code the library knows, else the status's (``ErrorCategory/forHTTPStatus(_:)``).
    public let category: ErrorCategory
    /// The server's severity, ``Severity/error`` when it said none.
    package let severity: Severity
    /// The server's title as sent, never looked up; when the alert is the status's generic one, no
    /// text: the client's for `http.<status>` or the category.
    package let titleText: LocalizableText
    /// The server's `detail` as sent, or no text, as for ``titleText``.
    package let message: LocalizableText
    /// The server's reason as sent, if any.
    package let reason: LocalizableText
    /// The server's suggestion as sent, if any.
    package let suggestion: LocalizableText
    /// The server's field problems, their messages as sent.
    package let fieldProblems: [FieldProblem]
    /// What the user can do: the server's links (only `http(s)` or relative links, resolved against
    /// the request's URL), and a retry that first waits ``retryDelay`` when the server asked for one
    /// or the category is transient.
    package let recoveries: [Recovery]
    /// The reference ID the server gave the failure (its logs have it), shown in the alert.
    public let referenceID: String?
    /// The trace ID the server sent (`traceId`), for a support ticket.
    public let traceID: String?
    /// The language the server's texts are in (its `language` member or `Content-Language`), the
    /// alert's language; `nil` when the alert is the status's generic one, in the client's language.
    package let language: String?
    /// How many seconds the server asked the client to wait before trying again (`Retry-After`);
    /// see ``retryDelay``.
    let retryDelaySeconds: Int64?
    /// The problem type the server named, when it is an absolute `http(s)` URI (RFC 9457's `type`).
    public let type: String?
    /// The URL of the request that got the response, if it was given: what relative links were
    /// resolved against.
    package let requestURL: URL?
    /// Whether the body was read as problem details whose texts are shown; `false` for the status's
    /// generic alert.
    package let showsServerTexts: Bool

    init(
        status: Int, code: String, category: ErrorCategory, severity: Severity, titleText: LocalizableText,
        message: LocalizableText, reason: LocalizableText, suggestion: LocalizableText,
        fieldProblems: [FieldProblem], recoveries: [Recovery], referenceID: String?, traceID: String?,
        language: String?, retryDelaySeconds: Int64?, type: String?, requestURL: URL?, showsServerTexts: Bool
    ) {
        self.status = status
        self.code = code
        self.category = category
        self.severity = severity
        self.titleText = titleText
        self.message = message
        self.reason = reason
        self.suggestion = suggestion
        self.fieldProblems = fieldProblems
        self.recoveries = recoveries
        self.referenceID = referenceID
        self.traceID = traceID
        self.language = language
        self.retryDelaySeconds = retryDelaySeconds
        self.type = type
        self.requestURL = requestURL
        self.showsServerTexts = showsServerTexts
    }

    /// The server's title, in `language`, when its texts are shown; `nil` for the status's generic
    /// alert (whose title is the client's own) and when the server sent none.
    public var title: String? {
        guard showsServerTexts, let text = titleText.defaultValue, !text.isEmpty else { return nil }
        return text
    }

    /// A relayed `Retry-After`, so that a service answering its own client with this problem passes
    /// the server's delay on.
    package var responseHeaders: [ResponseHeader] {
        guard let retryDelaySeconds else { return [] }
        return [.retryAfter(seconds: Int(retryDelaySeconds))]
    }

    /// How long the server asked the client to wait before trying again (`Retry-After`, gRPC's
    /// `RetryInfo`). A wait of more than 5 minutes gets no retry offered in the alert: a retry sooner
    /// than the server said would fail again.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public var retryDelay: Duration? { retryDelaySeconds.map { .seconds($0) } }

    /// The status and code, for developers' logs; never the server's texts.
    public var description: String {
        "RemoteProblem(status: \(status), code: \(code)\(referenceID.map { ", reference: \($0)" } ?? ""))"
    }

    /// How long a retry waits at most: a server asking for more gets no retry offered, as a retry
    /// sooner than it said would fail again.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    package static var maximumRetryDelay: Duration { .seconds(maximumRetryDelaySeconds) }
    static let maximumRetryDelaySeconds: Int64 = 300
}
