public import Foundation

extension RemoteProblem {
    /// The problem a server answered with, from the response's status, headers and body.
    ///
    /// ```swift
    /// let problem = RemoteProblem(
    ///     status: 422, headers: [("Content-Type", "application/problem+json"), ("Content-Language", "ja")],
    ///     body: Array(#"{"title":"残高不足","detail":"あと42クレジット必要です。","code":"account.insufficientFunds"}"#.utf8),
    ///     requestURL: URL(string: "https://shop.example.com/orders"))
    /// problem.code   // "account.insufficientFunds"
    /// ```
    ///
    /// What is read, and what is shown:
    /// - The body is read only when it is problem details (`Content-Type: application/problem+json`)
    ///   of at most 64 KiB holding one well-formed JSON object; its texts are capped, its nesting,
    ///   members, actions and field problems bounded. Any other body — HTML from a proxy, text, a
    ///   framework's own JSON such as Vapor's `{"error":true,"reason":…}` (whose reason may be an
    ///   error's own description), binary, nothing — gives the status's generic alert, in the
    ///   client's language: its text is never shown.
    /// - The server's texts (`title`, `detail`, `reason`, `suggestion`, field problems' `detail`,
    ///   actions' `title`) are shown only when it is known which language they are in: the body's
    ///   `language` member (this library's servers), else the `Content-Language` header, else
    ///   `defaultLanguage`, which the app passes for a server it knows to write its problem texts
    ///   for users in one language. Problem details with no language (the defaults of Spring Boot
    ///   and ASP.NET Core, whose `detail` is often written for developers) keep their field problems'
    ///   fields, their trace ID and their status's category, with generic texts in the client's language.
    /// - Links (`actions` with an `href`) become link recoveries, only for `http(s)` and relative
    ///   links, resolved against `requestURL`; `javascript:` and every other scheme are dropped. An
    ///   action without a link is dropped too (the client cannot run the server's code), but for
    ///   `retry`.
    /// - `Retry-After` (seconds or an IMF-fixdate), a `retry` action or a transient category gives a
    ///   retry recovery that first waits the delay asked for; a server asking for more than
    ///   `maximumRetryDelay` (5 minutes) gets none.
    ///
    /// - Parameters:
    ///   - status: the response's HTTP status.
    ///   - headers: the response's headers, as names and values; names are compared ignoring case.
    ///   - body: the response's body; only its first 64 KiB are read.
    ///   - requestURL: the URL that was asked for, which relative links are resolved against.
    ///   - defaultLanguage: the language of problem texts that state none; `nil` not to show them.
    public init(
        status: Int, headers: some Sequence<(String, String)>, body: some Sequence<UInt8>, requestURL: URL? = nil,
        defaultLanguage: String? = nil
    ) {
        var contentType: String?
        var contentLanguage: String?
        var retryAfter: String?
        for (name, value) in headers {
            if contentType == nil, Self.isName(name, "content-type") {
                contentType = value
            } else if contentLanguage == nil, Self.isName(name, "content-language") {
                contentLanguage = value
            } else if retryAfter == nil, Self.isName(name, "retry-after") {
                retryAfter = value
            }
        }
        let document: ProblemDocument?
        if let contentType, Self.isProblemJSON(contentType) {
            document = ProblemDocumentReader.read(Self.prefix(of: body))
        } else {
            document = nil
        }
        self = Self.make(
            status: status, document: document, contentLanguage: contentLanguage,
            retryDelaySeconds: retryAfter.flatMap { RetryAfter.seconds($0) }, requestURL: requestURL,
            defaultLanguage: defaultLanguage)
    }

    /// The problem from what the response said, read and checked.
    static func make(
        status: Int, document: ProblemDocument?, contentLanguage: String?, retryDelaySeconds: Int64?, requestURL: URL?,
        defaultLanguage: String?
    ) -> RemoteProblem {
        let statusCode = "http.\(status)"
        let code = document?.code.flatMap { Self.identifier($0, maximumBytes: 256) } ?? statusCode
        let category = Self.category(named: document?.category, code: code, status: status)
        // The texts' language: only a known one lets them be shown.
        let language = document.flatMap { document in
            document.language.flatMap(Self.languageTag) ?? contentLanguage.flatMap(Self.firstLanguageTag)
                ?? defaultLanguage.flatMap(Self.languageTag)
        }
        let showsTexts = language != nil
        let retryDelay = retryDelaySeconds.map { max(0, $0) }
        let waitsTooLong = retryDelay.map { $0 > maximumRetryDelaySeconds } ?? false

        var recoveries: [Recovery] = []
        var retryLabel: LocalizableText?
        if showsTexts, let document {
            for action in document.actions {
                guard let id = action.id.flatMap({ Self.identifier($0, maximumBytes: 64) }),
                    id != AlertAction.okID, id != AlertAction.cancelID, !recoveries.contains(where: { $0.id == id })
                else { continue }
                let label = LocalizableText.verbatim(nonEmpty(action.title) ?? id)
                if let href = action.href {
                    guard let link = Self.link(href, against: requestURL) else { continue }
                    var recovery = Recovery.link(id: id, label: label, href: link)
                    recovery.isDestructive = action.role == "destructive"
                    recoveries.append(recovery)
                } else if id == Self.retryID {
                    retryLabel = label
                }
            }
        }
        if !waitsTooLong, retryLabel != nil || retryDelay != nil || category.isTransient {
            recoveries.insert(Self.retry(after: retryDelay, label: retryLabel), at: 0)
        }

        let fieldProblems = (document?.fieldProblems ?? []).map { field in
            FieldProblem(
                field.field, code: field.code.flatMap { Self.identifier($0, maximumBytes: 256) } ?? code,
                message: showsTexts ? .verbatim(field.detail ?? "") : .empty)
        }
        // Without the server's texts, the client's for the code (`http.404.title`), else the category's.
        func text(_ value: String?) -> LocalizableText {
            showsTexts ? .verbatim(value ?? "") : LocalizableText()
        }
        return RemoteProblem(
            status: status, code: code, category: category,
            severity: document?.severity.flatMap(Severity.init(rawValue:)) ?? .error,
            titleText: text(document?.title), message: text(document?.detail),
            reason: showsTexts ? .verbatim(document?.reason ?? "") : .empty,
            suggestion: showsTexts ? .verbatim(document?.suggestion ?? "") : .empty,
            fieldProblems: fieldProblems, recoveries: recoveries,
            referenceID: document?.referenceID.flatMap { Self.identifier($0, maximumBytes: 128, extra: ":|") },
            traceID: document?.traceID.flatMap { Self.identifier($0, maximumBytes: 128, extra: ":|") },
            language: language, retryDelaySeconds: retryDelay,
            type: document?.type.flatMap { Self.isAbsoluteHTTP($0) && LinkReference.isSafe($0) ? $0 : nil },
            requestURL: requestURL, showsServerTexts: showsTexts)
    }

    /// The bytes of `body` a reader looks at: one more than it reads, so that it can tell a longer
    /// body. The usual bodies (`[UInt8]`, `Data`, `ArraySlice<UInt8>`) are copied whole, by a
    /// comparison of types: copying a sequence of another module byte by byte, through its generic
    /// iterator, costs about 900 instructions a byte.
    static func prefix(of body: some Sequence<UInt8>) -> [UInt8] {
        let count = ProblemReadingLimits.maximumBodyBytes + 1
        if let array = ExactTypeCast.cast(body, to: [UInt8].self) { return Array(array.prefix(count)) }
        if let data = ExactTypeCast.cast(body, to: Data.self) { return Array(data.prefix(count)) }
        if let slice = ExactTypeCast.cast(body, to: ArraySlice<UInt8>.self) { return Array(slice.prefix(count)) }
        var bytes: [UInt8] = []
        for byte in body {
            bytes.append(byte)
            if bytes.count == count { break }
        }
        return bytes
    }

    /// The id of the stock retry, and of a server's action asking for one.
    private static let retryID = "retry"

    /// The retry recovery: it waits `delay` (a cancelled wait throws `CancellationError`), then asks
    /// for the operation to run again. Labelled with the server's words when it sent a `retry`
    /// action, else with the catalog's `action.retry` in the alert's language.
    private static func retry(after delay: Int64?, label: LocalizableText?) -> Recovery {
        guard let delay, delay > 0 else {
            return label.map { Recovery.retry(label: $0) } ?? Recovery.retry()
        }
        let label = label ?? LocalizableText(key: Recovery.retryLabelKey, default: "Try Again")
        return Recovery(id: retryID, label: label) {
            try await Task.sleep(nanoseconds: UInt64(delay) * 1_000_000_000)
            return .retry
        }
    }

    /// The category: the server's when it names one (a category of its own keeps the status's exit
    /// status and transience), else the one of a code the library knows, else the status's.
    private static func category(named name: String?, code: String, status: Int) -> ErrorCategory {
        let statusCategory = ErrorCategory.forHTTPStatus(status)
        if let name = name.flatMap({ identifier($0, maximumBytes: 64) }) {
            if let builtIn = ErrorCategory.builtIn.first(where: { $0.name == name }) { return builtIn }
            return ErrorCategory(
                name, httpStatus: status, exitStatus: statusCategory.exitStatus, isTransient: statusCategory.isTransient
            )
        }
        if let known = Classification.builtIn(code: code) { return known.category }
        return statusCategory
    }

    /// `href` when it may be followed: an `http(s)` link, or a relative one resolved against
    /// `requestURL` (kept relative without one).
    private static func link(_ href: String, against requestURL: URL?) -> String? {
        guard LinkReference.isSafe(href) else { return nil }
        guard let requestURL, !isAbsoluteHTTP(href) else { return href }
        guard let resolved = URL(string: href, relativeTo: requestURL)?.absoluteURL.absoluteString,
            isAbsoluteHTTP(resolved), LinkReference.isSafe(resolved)
        else { return nil }
        return resolved
    }

    /// Whether `text` starts with `http://` or `https://`, in any case.
    private static func isAbsoluteHTTP(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        for letter in [UInt8(ascii: "h"), UInt8(ascii: "t"), UInt8(ascii: "t"), UInt8(ascii: "p")] {
            guard let byte = bytes.next(), byte | 0x20 == letter else { return false }
        }
        var next = bytes.next()
        if let byte = next, byte | 0x20 == UInt8(ascii: "s") { next = bytes.next() }
        return next == UInt8(ascii: ":") && bytes.next() == UInt8(ascii: "/") && bytes.next() == UInt8(ascii: "/")
    }

    /// `text` when it is an identifier — letters, digits, `.`, `_`, `-` and the `extra` ASCII
    /// bytes, within `maximumBytes` — else `nil`.
    private static func identifier(_ text: String, maximumBytes: Int, extra: String = "") -> String? {
        let utf8 = text.utf8
        guard !utf8.isEmpty, utf8.count <= maximumBytes else { return nil }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                continue
            default:
                guard extra.utf8.contains(byte) else { return nil }
            }
        }
        return text
    }

    /// A language tag in its canonical spelling; `nil` for text that is none, and for `und`.
    private static func languageTag(_ text: String) -> String? {
        guard let tag = LanguageTag(text), tag.language != "und" else { return nil }
        return tag.description
    }

    /// The first tag of a `Content-Language` value (`"de-DE, en"` → `de-DE`).
    private static func firstLanguageTag(_ value: String) -> String? {
        let first = value.utf8.prefix(256).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true).first
        guard let first else { return nil }
        let trimmed = first.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
        return languageTag(String(decoding: trimmed, as: UTF8.self))
    }

    /// Whether a `Content-Type` value is problem details (`application/problem+json`, parameters allowed).
    private static func isProblemJSON(_ value: String) -> Bool {
        let mediaType = value.utf8.prefix { $0 != UInt8(ascii: ";") }
        let trimmed = mediaType.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }
        return equalsIgnoringASCIICase(trimmed.reversed(), "application/problem+json")
    }

    /// Whether a header's name is `lowercased`, ignoring ASCII case.
    private static func isName(_ name: String, _ lowercased: String) -> Bool {
        equalsIgnoringASCIICase(name.utf8, lowercased)
    }

    private static func equalsIgnoringASCIICase(_ bytes: some Collection<UInt8>, _ lowercased: String) -> Bool {
        guard bytes.count == lowercased.utf8.count else { return false }
        return zip(bytes, lowercased.utf8).allSatisfy { byte, wanted in
            ((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte) == wanted
        }
    }
}

private func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
}

extension RemoteProblem {
    /// The problem a server described in parts rather than in a body — a gRPC status's `google.rpc.Status`
    /// details (`ErrorInfo`, `LocalizedMessage`, `BadRequest`, `Help`, `RetryInfo`, `RequestInfo`), a message
    /// on a socket — checked and capped as a body's would be: an identifier that is none is dropped, a text
    /// cut at 2 KiB, a link that is not `http(s)` or relative dropped. FriendlyErrorsAdapters'
    /// `RemoteProblem(status:parts:requestURL:defaultLanguage:)` is this, for integrations.
    package init(
        status: Int, code: String?, category: String?, language: String?, title: String?, message: String?,
        reason: String?, suggestion: String?, fieldProblems: [(field: String, code: String?, message: String?)],
        links: [(id: String, label: String, href: String)], retryAfterSeconds: Int?, referenceID: String?,
        traceID: String?, requestURL: URL?, defaultLanguage: String?
    ) {
        let text = ProblemReadingLimits.maximumTextBytes
        let identifier = ProblemReadingLimits.maximumIdentifierBytes
        func capped(_ value: String?, _ limit: Int) -> String? {
            value.map { ProblemDocument.capped($0, limit: limit) }
        }
        var document = ProblemDocument()
        document.code = capped(code, identifier)
        document.category = capped(category, identifier)
        document.language = capped(language, identifier)
        document.title = capped(title, text)
        document.detail = capped(message, text)
        document.reason = capped(reason, text)
        document.suggestion = capped(suggestion, text)
        document.referenceID = capped(referenceID, identifier)
        document.traceID = capped(traceID, identifier)
        document.fieldProblems = fieldProblems.prefix(ProblemReadingLimits.maximumFieldProblems).map {
            ProblemDocument.Field(
                field: ProblemDocument.capped($0.field, limit: text), code: capped($0.code, identifier),
                detail: capped($0.message, text))
        }
        document.actions = links.prefix(ProblemReadingLimits.maximumActions).map {
            ProblemDocument.Action(
                id: capped($0.id, identifier), title: capped($0.label, text), role: "default",
                href: capped($0.href, text))
        }
        self = Self.make(
            status: status, document: document, contentLanguage: nil,
            retryDelaySeconds: retryAfterSeconds.map(Int64.init), requestURL: requestURL,
            defaultLanguage: defaultLanguage)
    }
}
