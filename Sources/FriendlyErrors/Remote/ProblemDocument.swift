/// What a problem details body (RFC 9457) says, as read by ``ProblemDocumentReader``: the members
/// a ``RemoteProblem`` is made from, each as sent (capped), before any of them is trusted.
///
/// It reads this library's own members (`code`, `category`, `severity`, `reason`, `suggestion`,
/// `referenceId`, `actions`, `errors`, `language`), ASP.NET Core's (`traceId`, `errors` as an
/// object of arrays of messages by field) and RFC 9457's example extension (`invalid-params`).
struct ProblemDocument: Sendable {
    var type: String?
    var title: String?
    var status: Int?
    var detail: String?
    var code: String?
    var category: String?
    var severity: String?
    var reason: String?
    var suggestion: String?
    var referenceID: String?
    var traceID: String?
    var language: String?
    var actions: [Action] = []
    var fieldProblems: [Field] = []

    struct Action: Sendable {
        var id: String?
        var title: String?
        var role: String?
        var href: String?
    }

    struct Field: Sendable {
        /// A JSON pointer (`#/items/2/price`) or a field's name.
        var field: String
        var code: String?
        var detail: String?
    }

    /// `text`, cut before a character (a grapheme cluster: never between a letter and its accent or inside
    /// an emoji) and ended with one `…` when it is longer than `limit` UTF-8 bytes.
    static func capped(_ text: String, limit: Int) -> String {
        text.cappedAtGraphemeBoundary(maxUTF8Bytes: limit)
    }
}

/// The limits a received body is read within, so that a hostile body — huge, deeply nested, with
/// thousands of members — costs fixed time and memory and still gives a clean alert.
enum ProblemReadingLimits {
    /// Bytes of a body that are read; a longer body is not read at all (the status's generic alert).
    static let maximumBodyBytes = 64 * 1024
    /// Nesting of arrays and objects; deeper is not a problem document.
    static let maximumDepth = 16
    /// Members of one object; more is not a problem document.
    static let maximumMembers = 256
    /// UTF-8 bytes kept of each text (title, detail, reason, suggestion, an action's title, a field
    /// problem's message and field); a longer one is cut at a character and ends with `…`.
    static let maximumTextBytes = 2048
    /// UTF-8 bytes kept of an identifier (code, category, id, reference and trace IDs, language);
    /// a longer one is cut, then refused by its check.
    static let maximumIdentifierBytes = 256
    /// Actions kept; the rest are ignored.
    static let maximumActions = 16
    /// Field problems kept; the rest are ignored.
    static let maximumFieldProblems = 100
}
