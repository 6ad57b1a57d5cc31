public import Foundation

extension RemoteProblem {
    /// What a server said about a problem through a medium other than an HTTP body — a gRPC status's
    /// `google.rpc.Status` details (`ErrorInfo`, `LocalizedMessage`, `BadRequest`, `Help`, `RetryInfo`,
    /// `RequestInfo`), a message on a socket — for ``init(status:parts:requestURL:defaultLanguage:)``.
    ///
    /// Every value is checked and capped as a body's would be: an identifier that is none is dropped, a
    /// text cut at 2 KiB, a link that is not `http(s)` or relative dropped.
    public struct Parts: Sendable {
        /// The stable code (`ErrorInfo`'s `code` metadata); `http.<status>` without one.
        public var code: String?
        /// The category's name (`"unavailable"`); the code's or the status's without one.
        public var category: String?
        /// The language of the texts (`LocalizedMessage`'s locale); without one, the texts are not shown.
        public var language: String?
        /// The headline.
        public var title: String?
        /// What happened (`LocalizedMessage`'s message).
        public var message: String?
        /// Why it happened.
        public var reason: String?
        /// What the user can do.
        public var suggestion: String?
        /// Problems with single fields (`BadRequest`'s violations): a field path or JSON pointer, a
        /// code, and the message in ``language``.
        public var fieldProblems: [(field: String, code: String?, message: String?)]
        /// Links that carry the problem's recovery out (`Help`'s links): an id, a label in
        /// ``language``, and the link.
        public var links: [(id: String, label: String, href: String)]
        /// Seconds to wait before trying again (`RetryInfo`).
        public var retryAfterSeconds: Int?
        /// The server's reference ID (`RequestInfo`'s request ID, `ErrorInfo`'s `referenceId`).
        public var referenceID: String?
        /// The trace ID.
        public var traceID: String?

        /// No parts: the status's generic problem.
        public init() {
            fieldProblems = []
            links = []
        }
    }

    /// The problem a server described in parts rather than in a body (see ``Parts``), checked as a
    /// body's would be: the same problem, and the same alert, as a problem+json body saying the same.
    ///
    /// ```swift
    /// var parts = RemoteProblem.Parts()
    /// parts.code = "shop.outOfStock"
    /// parts.language = "ja"
    /// parts.message = "在庫がありません。"
    /// let problem = RemoteProblem(status: 409, parts: parts)
    /// ```
    ///
    /// - Parameters:
    ///   - status: the HTTP status the medium's status stands for (gRPC's `NOT_FOUND`: 404).
    ///   - parts: what the server said.
    ///   - requestURL: the URL that was asked for, which relative links are resolved against.
    ///   - defaultLanguage: the language of texts that state none; `nil` not to show them.
    public init(status: Int, parts: Parts, requestURL: URL? = nil, defaultLanguage: String? = nil) {
        self.init(
            status: status, code: parts.code, category: parts.category, language: parts.language,
            title: parts.title, message: parts.message, reason: parts.reason, suggestion: parts.suggestion,
            fieldProblems: parts.fieldProblems, links: parts.links, retryAfterSeconds: parts.retryAfterSeconds,
            referenceID: parts.referenceID, traceID: parts.traceID, requestURL: requestURL,
            defaultLanguage: defaultLanguage)
    }
}
