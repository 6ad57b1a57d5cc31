import Foundation

/// Presents alerts as RFC 9457 problem details (`application/problem+json`), extended with what the
/// alert knows: for servers, which send one object as a response body, and for scripts, which read
/// one object per line (JSON Lines) from standard output.
///
/// ```swift
/// // A script's tool: every alert becomes one line on standard output.
/// AlertPresentationSystem.bootstrap(JSONPresenter())
///
/// // A server: a response for an error, its body written by this presenter.
/// let presenter = JSONPresenter(typeBaseURI: "https://errors.example.com/")
/// let problem = pipeline.response(for: error, to: ErrorRequest(acceptLanguage: acceptLanguage), writers: [presenter])
/// ```
///
/// One object looks like this (members in this order; absent values are left out, never `null`):
///
/// ```json
/// {"type":"https://errors.example.com/account/insufficient-funds","title":"Insufficient funds",
///  "status":402,"detail":"You need 42 more credits.","instance":"urn:uuid:9b2c…",
///  "code":"account.insufficientFunds","category":"paymentRequired","severity":"error",
///  "reason":"…","suggestion":"…","referenceId":"7K3Q-9X2M",
///  "actions":[{"id":"cancel","title":"Cancel","role":"cancel"},{"id":"topUp","title":"Top up","role":"default"}],
///  "language":"en"}
/// ```
///
/// - `type`: `about:blank` without a `typeBaseURI`, and always for unexpected errors (they have no
///   type of their own); otherwise the base with the code as a path: `account.insufficientFunds` →
///   `account/insufficient-funds`.
/// - `title`: the alert's title, the same for every occurrence of a code in one language. With
///   `about:blank`, RFC 9457 would like the HTTP status phrase; the alert's title is kept because it
///   says more, and the RFC allows it to be localized. Clients tell problems apart by `code`.
/// - `status`: ``Alert/httpStatus``, always 400–599 — the status the response is sent with.
/// - `detail`: the alert's message for this occurrence.
/// - `instance`: when given, a `urn:uuid:` URI naming this occurrence.
/// - `code`, `category`, `severity`, `reason`, `suggestion`: from the alert.
/// - `referenceId`: the reference ID of an unexpected error, which observers also received with the
///   original error, so a log line can be found from a response.
/// - `actions`: the alert's actions in order, each `{"id", "title", "role"}` and, for an action with a
///   link (``AlertAction/href``: an `http(s)` URL or a relative reference), `"href"`; the id is never
///   localized. A link longer than the text limit is left out rather than cut.
/// - `errors`: only when the alert has ``Alert/fieldProblems``: one object per problem (an RFC 9457
///   extension member, as in the RFC's own example), `{"pointer": "#/items/2/price", "code", "detail"}`
///   for a JSON pointer (percent-encoded as a URI fragment, see `pointerFragment`),
///   or `{"field": "limit", "code", "detail"}` for a field's name.
/// - `language`: the catalog language of the texts (in a response, also in `Content-Language`; JSON
///   Lines have no headers, so it is in the object); `und` for an alert made by hand whose language
///   is no language tag.
/// - `occurrences`: only when a burst of identical alerts was coalesced into this one (2 or more).
/// - `location`: the place in a file the error is about (``Alert/location``), as
///   `{"line", "column", "length"}`, with `"file"` only when `revealsFilePaths` is on; each item of
///   `errors` has its field problem's own. The line's text is never written: it is the file's
///   content, which a response must not reveal.
/// - `debugDetail`: the error's own description, only when the alert carries one, which the pipeline
///   does only when the app turned on ``AlertPipeline/Configuration/includesDebugDetails``.
///
/// The output is described by the JSON Schema `Schemas/problem-details.v1.schema.json`. Every string is
/// escaped so the output is valid JSON for every input and safe inside an HTML `<script>` element, and
/// every text is capped (at the presenters' limits), so a multi-megabyte message cannot blow up a response.
public struct JSONPresenter: AlertPresenter {
    /// The base URI under which problem types are named (`"https://errors.example.com/"`), or `nil`
    /// for `about:blank`. A `/` is added when it does not end in one.
    package var typeBaseURI: String?
    /// The largest sizes written.
    package var limits: PresenterLimits
    /// Where ``present(_:)`` writes its JSON Lines.
    package var output: TextOutput
    /// Whether a location's `file` is written. Off by default: a server's paths are its own
    /// business. A command-line tool whose users name the files turns it on.
    package var revealsFilePaths: Bool

    /// A presenter writing JSON Lines to `output` (standard output by default).
    ///
    /// ```swift
    /// let presenter = JSONPresenter(typeBaseURI: "https://errors.example.com/", output: .standardError)
    /// ```
    public init(typeBaseURI: String? = nil, output: TextOutput = .standardOutput, revealsFilePaths: Bool = false) {
        self.init(typeBaseURI: typeBaseURI, limits: .standard, output: output, revealsFilePaths: revealsFilePaths)
    }

    /// A presenter with caps of its own, for the library's tests.
    package init(
        typeBaseURI: String? = nil, limits: PresenterLimits, output: TextOutput = .standardOutput,
        revealsFilePaths: Bool = false
    ) {
        self.typeBaseURI = typeBaseURI
        self.limits = limits
        self.output = output
        self.revealsFilePaths = revealsFilePaths
    }

    /// Writes `alert` as one line of JSON (a fresh `instance` included) to `output` in one write,
    /// and answers `nil`: a script reads the actions' ids and decides itself.
    public func present(_ alert: Alert) async -> String? {
        output.write(String(decoding: line(for: alert, instance: Self.newInstance()), as: UTF8.self))
        return nil
    }

    /// The problem details object for `alert`, as UTF-8 bytes: a response's body.
    ///
    /// A pure function: the same alert and instance give the same bytes. `instance` names the
    /// occurrence (`newInstance()` makes one); `nil` leaves the member out.
    package func body(for alert: Alert, instance: String? = nil) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 768)
        write(alert, instance: instance, to: &writer)
        return writer.bytes
    }

    /// The problem details object for `alert` with the request's trace ID as `traceId`, after
    /// `referenceId`; without it when `traceID` is not 1–64 letters, digits, `.`, `_` or `-`.
    func body(for alert: Alert, instance: String?, traceID: String) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 768)
        write(alert, instance: instance, traceID: ErrorRequest.cleanTraceID(traceID), to: &writer)
        return writer.bytes
    }

    /// The problem details object for `alert` with a fresh `newInstance()`: the bytes
    /// `body(for:instance:)` writes, from a template when the same alert was written
    /// recently with the same settings (see ``ProblemBodyTemplate``), as a server answers the same
    /// error again and again.
    func bodyWithNewInstance(for alert: Alert) -> [UInt8] {
        guard alert.referenceID == nil else {
            // An alert with its own reference ID, which no later response repeats.
            return body(for: alert, instance: Self.newInstance())
        }
        return ProblemBodyTemplate.cached(for: alert, presenter: self).body()
    }

    /// The template of the problem details for `alert`: the object with a placeholder `instance`,
    /// and where that value is.
    func template(for alert: Alert) -> ProblemBodyTemplate {
        var writer = JSONWriter(reservingCapacity: 768)
        let range = write(alert, instance: ProblemBodyTemplate.placeholderInstance, to: &writer)!
        return ProblemBodyTemplate(bytes: writer.bytes, instance: range)
    }

    /// The problem details object for `alert` followed by a newline: one record of JSON Lines, as
    /// ``present(_:)`` writes it. The object itself never holds a line break (every control
    /// character and U+2028/U+2029 is escaped).
    package func line(for alert: Alert, instance: String? = nil) -> [UInt8] {
        var bytes = body(for: alert, instance: instance)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// The `type` member for `alert`: `about:blank`, or the code under ``typeBaseURI``.
    ///
    /// ```swift
    /// JSONPresenter(typeBaseURI: "https://errors.example.com").type(for: alert)
    /// // "https://errors.example.com/account/insufficient-funds" for code "account.insufficientFunds"
    /// ```
    package func type(for alert: Alert) -> String {
        guard let base = typeBaseURI, !base.isEmpty, !alert.isUnexpected else {
            return "about:blank"
        }
        let code = alert.code.cappedAtGraphemeBoundary(maxUTF8Bytes: limits.maximumIdentifierBytes)
        // Built as bytes in one buffer: this runs for every response.
        var type: [UInt8] = []
        type.reserveCapacity(base.utf8.count + code.utf8.count + 8)
        type.append(contentsOf: base.utf8)
        if base.utf8.last != UInt8(ascii: "/") { type.append(UInt8(ascii: "/")) }
        ProblemType.appendPath(forCode: code, to: &type)
        return String(decoding: type, as: UTF8.self)
    }

    /// A fresh `urn:uuid:` URI naming one occurrence of a problem, for the `instance` member.
    package static func newInstance() -> String {
        var text: [UInt8] = []
        text.reserveCapacity(45)
        text.append(contentsOf: "urn:uuid:".utf8)
        RandomUUID.append(to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Writes the object; answers where the `instance` value (its quotes included) is in the bytes.
    @discardableResult
    private func write(
        _ alert: Alert, instance: String?, traceID: String? = nil, to writer: inout JSONWriter
    ) -> Range<Int>? {
        let text = limits.maximumTextBytes
        let identifier = limits.maximumIdentifierBytes
        writer.beginObject()
        writer.string(type(for: alert), forKey: memberNames.type)
        // What the schema requires non-empty is never written empty, whoever made the alert. Each text is
        // written where it is (`string(_:cappedAt:forKey:)`), not copied out of the alert first.
        if alert.title.isEmpty {
            writer.string(alert.code, orIfEmpty: "unknown", cappedAt: text, forKey: memberNames.title)
        } else {
            writer.string(alert.title, cappedAt: text, forKey: memberNames.title)
        }
        writer.int(alert.httpStatus, forKey: memberNames.status)
        writer.string(alert.message, cappedAt: text, forKey: memberNames.detail)
        var instanceRange: Range<Int>?
        if let instance {
            writer.key(memberNames.instance)
            let start = writer.bytes.count
            // Never capped: a cut `urn:uuid:` would break the schema, and the library makes it (45 bytes).
            writer.string(instance)
            instanceRange = start..<writer.bytes.count
        }
        writer.string(alert.code, orIfEmpty: "unknown", cappedAt: identifier, forKey: memberNames.code)
        writer.string(alert.category.name, orIfEmpty: "unknown", cappedAt: identifier, forKey: memberNames.category)
        writer.member(Self.member(alert.severity))
        if let reason = alert.reason { writer.string(reason, cappedAt: text, forKey: memberNames.reason) }
        if let suggestion = alert.suggestion {
            writer.string(suggestion, cappedAt: text, forKey: memberNames.suggestion)
        }
        if let referenceID = alert.referenceID, !referenceID.isEmpty {
            writer.string(referenceID, cappedAt: identifier, forKey: memberNames.referenceId)
        }
        if let traceID { writer.string(traceID, forKey: memberNames.traceId) }
        writer.key(memberNames.actions)
        writer.beginArray()
        // Each action read where it is: `for action in` copied each one out (its texts retained and released).
        for index in alert.actions.indices.prefix(limits.maximumActions) {
            writer.beginObject()
            writer.string(alert.actions[index].id, orIfEmpty: "unknown", cappedAt: identifier, forKey: memberNames.id)
            writer.string(alert.actions[index].label, cappedAt: text, forKey: memberNames.title)
            writer.member(Self.member(alert.actions[index].role))
            // A cut link would lead elsewhere: one over the limit is left out.
            if let href = LinkReference.validated(alert.actions[index].href), href.utf8.count <= text {
                writer.string(href, forKey: memberNames.href)
            }
            writer.endObject()
        }
        writer.endArray()
        if !alert.fieldProblems.isEmpty {
            let title = Self.nonEmpty(alert.title, or: Self.nonEmpty(alert.code, or: "unknown"))
            writer.key(memberNames.errors)
            writer.beginArray()
            for problem in alert.fieldProblems.prefix(limits.maximumFieldProblems) {
                writer.beginObject()
                if let pointer = problem.pointerFragment(maximumBytes: text) {
                    writer.string(pointer, forKey: memberNames.pointer)
                } else {
                    writer.string(problem.field, cappedAt: text, forKey: memberNames.field)
                }
                writer.string(problem.code, orIfEmpty: "unknown", cappedAt: identifier, forKey: memberNames.code)
                writer.string(problem.message, orIfEmpty: title, cappedAt: text, forKey: memberNames.detail)
                if let location = problem.location { write(location, to: &writer) }
                writer.endObject()
            }
            writer.endArray()
        }
        writer.string(Self.languageTag(alert.language, maximumBytes: identifier), forKey: memberNames.language)
        if alert.occurrences > 1 { writer.int(alert.occurrences, forKey: memberNames.occurrences) }
        if let location = alert.location { write(location, to: &writer) }
        if let detail = alert.debugDetail {
            writer.string(detail, cappedAt: limits.maximumDebugDetailBytes, forKey: memberNames.debugDetail)
        }
        writer.endObject()
        return instanceRange
    }

    private static func nonEmpty(_ text: String, or fallback: String) -> String {
        text.isEmpty ? fallback : text
    }

    /// The `severity` member with `severity`: a fixed word, written with one copy.
    private static func member(_ severity: Severity) -> JSONWriter.FixedMember {
        switch severity {
        case .error: memberNames.severities[0]
        case .warning: memberNames.severities[1]
        case .info: memberNames.severities[2]
        }
    }

    /// The `role` member with `role`.
    private static func member(_ role: AlertAction.Role) -> JSONWriter.FixedMember {
        switch role {
        case .cancel: memberNames.roles[0]
        case .default: memberNames.roles[1]
        case .destructive: memberNames.roles[2]
        }
    }

    /// `language` when it is a language tag as the schema has it (`^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$`)
    /// within `maximumBytes`, else `und` (BCP 47's "undetermined"): a pipeline's alerts always have
    /// one, an alert made by hand may hold anything.
    static func languageTag(_ language: String, maximumBytes: Int) -> String {
        let utf8 = language.utf8
        guard utf8.count <= maximumBytes else { return "und" }
        // The common case, a two-letter language (`en`, `ja`), read without the general walk below.
        if utf8.count == 2, language.allUTF8Bytes(satisfy: Self.isASCIILetter) { return language }
        var subtagLength = 0
        var isFirst = true
        for byte in utf8 {
            let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            if byte == UInt8(ascii: "-") {
                guard subtagLength >= (isFirst ? 2 : 1) else { return "und" }
                isFirst = false
                subtagLength = 0
            } else if isLetter || (isDigit && !isFirst) {
                subtagLength += 1
                guard subtagLength <= 8 else { return "und" }
            } else {
                return "und"
            }
        }
        return subtagLength >= (isFirst ? 2 : 1) ? language : "und"
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// The `location` member: line, column and length, and the file only when ``revealsFilePaths``
    /// is on. The file's text is never written.
    private func write(_ location: FileLocation, to writer: inout JSONWriter) {
        writer.key(memberNames.location)
        writer.beginObject()
        if revealsFilePaths {
            writer.string(location.file, cappedAt: limits.maximumTextBytes, forKey: memberNames.file)
        }
        // The fields are public and settable: values below the schema's minimums are raised to them.
        writer.int(max(1, location.line), forKey: memberNames.line)
        writer.int(max(1, location.column), forKey: memberNames.column)
        if let length = location.length { writer.int(max(0, length), forKey: memberNames.length) }
        writer.endObject()
    }
}

/// The members of a problem details object, each quoted and escaped once; one value, so that writing an
/// object checks once that they are made (a lazy global's `swift_once`), not once per name.
private let memberNames = MemberNames()

private struct MemberNames: Sendable {
    let type = JSONWriter.Key("type")
    let title = JSONWriter.Key("title")
    let status = JSONWriter.Key("status")
    let detail = JSONWriter.Key("detail")
    let instance = JSONWriter.Key("instance")
    let code = JSONWriter.Key("code")
    let category = JSONWriter.Key("category")
    let reason = JSONWriter.Key("reason")
    let suggestion = JSONWriter.Key("suggestion")
    let referenceId = JSONWriter.Key("referenceId")
    let traceId = JSONWriter.Key("traceId")
    let actions = JSONWriter.Key("actions")
    let id = JSONWriter.Key("id")
    let href = JSONWriter.Key("href")
    let errors = JSONWriter.Key("errors")
    let pointer = JSONWriter.Key("pointer")
    let field = JSONWriter.Key("field")
    let language = JSONWriter.Key("language")
    let occurrences = JSONWriter.Key("occurrences")
    let location = JSONWriter.Key("location")
    let debugDetail = JSONWriter.Key("debugDetail")
    let file = JSONWriter.Key("file")
    let line = JSONWriter.Key("line")
    let column = JSONWriter.Key("column")
    let length = JSONWriter.Key("length")
    /// `severity` with each severity, `role` with each role, in their cases' order.
    let severities = [Severity.error, .warning, .info].map { JSONWriter.FixedMember("severity", $0.rawValue) }
    let roles = [AlertAction.Role.cancel, .default, .destructive].map { JSONWriter.FixedMember("role", $0.rawValue) }
}
