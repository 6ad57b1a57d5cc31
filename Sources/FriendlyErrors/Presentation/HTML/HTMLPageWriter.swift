/// Writes one alert's page or fragment as UTF-8 bytes: fixed markup appended as it is, every text
/// through ``HTMLEscaper``, every link checked by ``LinkReference``.
///
/// The alert, the presenter and the request are parameters of the methods, not fields: a writer that kept
/// them copied each (every text and table retained, then released).
struct HTMLPageWriter {
    let limits: PresenterLimits
    private(set) var bytes: [UInt8] = []

    init(limits: PresenterLimits, reservingCapacity capacity: Int) {
        self.limits = limits
        bytes.reserveCapacity(capacity)
    }

    private var textLimit: Int { limits.maximumTextBytes }

    mutating func writePage(_ alert: Alert, presenter: HTMLPresenter, request: ErrorRequest) {
        let language = JSONPresenter.languageTag(alert.language, maximumBytes: limits.maximumIdentifierBytes)
        raw("<!DOCTYPE html>\n<html lang=\"")
        string(language)
        if TextDirection.isRightToLeft(language) {
            raw("\" dir=\"rtl\">\n")
        } else {
            raw("\" dir=\"ltr\">\n")
        }
        // One literal (no concatenation at run time).
        raw(
            """
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta name="referrer" content="same-origin">
            <meta name="robots" content="noindex">
            <title>
            """)
        title(alert)
        if let suffix = presenter.titleSuffix, !suffix.isEmpty {
            raw(" – ")
            text(suffix, cappedAt: textLimit)
        }
        // Fixed markup in as few pieces as the page allows: each append costs about 100 instructions, however short.
        if let nonce = request.styleNonce.flatMap(Self.nonce) {
            raw("</title>\n<style nonce=\"")
            string(nonce)
            raw("\">")
        } else {
            raw("</title>\n<style>")
        }
        bytes.append(contentsOf: presenter.styleSheet.bytes)
        raw("</style>\n</head>\n<body class=\"fe-page\">\n<main>\n")
        writeFragment(alert, request: request, homeHref: presenter.homeHref, headingLevel: 1)
        raw("</main>\n</body>\n</html>\n")
    }

    mutating func writeFragment(_ alert: Alert, request: ErrorRequest, homeHref: String, headingLevel: Int) {
        let texts = alert.presenterTexts
        let level = min(6, max(1, headingLevel)) - 1
        switch alert.severity {
        case .warning:
            raw("<section class=\"fe-alert fe-warning\" aria-labelledby=\"fe-title\">\n<p class=\"fe-status\">")
        case .info: raw("<section class=\"fe-alert fe-info\" aria-labelledby=\"fe-title\">\n<p class=\"fe-status\">")
        default: raw("<section class=\"fe-alert fe-error\" aria-labelledby=\"fe-title\">\n<p class=\"fe-status\">")
        }
        text(texts.text("html.status", arguments: [.integer(alert.httpStatus)]) ?? "Error \(alert.httpStatus)")
        raw(Self.headingOpenings[level])
        title(alert)
        raw(Self.headingClosings[level])
        if alert.message != alert.title { paragraph("<p class=\"fe-message\" dir=\"auto\">", alert.message) }
        if let reason = alert.reason { paragraph("<p class=\"fe-reason\" dir=\"auto\">", reason) }
        if let suggestion = alert.suggestion {
            paragraph("<p class=\"fe-suggestion\" dir=\"auto\">", suggestion)
        }
        writeFieldProblems(alert, texts)
        if let detail = alert.debugDetail {
            raw("<pre class=\"fe-debug\" dir=\"auto\">")
            text(detail, cappedAt: limits.maximumDebugDetailBytes)
            raw("</pre>\n")
        }
        if let reference = alert.referenceID, !reference.isEmpty {
            raw("<p class=\"fe-reference\"><span>")
            text(texts.text("html.reference") ?? "Reference ID")
            raw("</span> <code dir=\"ltr\">")
            text(reference, cappedAt: limits.maximumIdentifierBytes)
            raw("</code></p>\n")
        }
        if let traceID = request.traceID.flatMap(ErrorRequest.cleanTraceID) {
            raw("<p class=\"fe-reference fe-trace\"><span>")
            text(texts.text("html.trace") ?? "Trace ID")
            raw("</span> <code dir=\"ltr\">")
            text(traceID)
            raw("</code></p>\n")
        }
        writeActions(alert, request: request, homeHref: homeHref, texts)
        raw("</div>\n</section>\n")
    }

    /// The status line's end and the heading's start, and the heading's end, for levels 1 to 6.
    private static let headingOpenings: [StaticString] = [
        "</p>\n<h1 class=\"fe-title\" id=\"fe-title\" dir=\"auto\">",
        "</p>\n<h2 class=\"fe-title\" id=\"fe-title\" dir=\"auto\">",
        "</p>\n<h3 class=\"fe-title\" id=\"fe-title\" dir=\"auto\">",
        "</p>\n<h4 class=\"fe-title\" id=\"fe-title\" dir=\"auto\">",
        "</p>\n<h5 class=\"fe-title\" id=\"fe-title\" dir=\"auto\">",
        "</p>\n<h6 class=\"fe-title\" id=\"fe-title\" dir=\"auto\">",
    ]
    private static let headingClosings: [StaticString] = [
        "</h1>\n", "</h2>\n", "</h3>\n", "</h4>\n", "</h5>\n", "</h6>\n",
    ]

    /// Appends the title (the code when it has none), capped.
    private mutating func title(_ alert: Alert) {
        text(alert.title.isEmpty ? alert.code : alert.title, cappedAt: textLimit)
    }

    /// `opening` (`<p class="fe-message" dir="auto">`), `value` capped and escaped, and `</p>`.
    private mutating func paragraph(_ opening: StaticString, _ value: String) {
        raw(opening)
        text(value, cappedAt: textLimit)
        raw("</p>\n")
    }

    private mutating func writeFieldProblems(_ alert: Alert, _ texts: PresenterTexts) {
        guard !alert.fieldProblems.isEmpty else { return }
        raw("<div class=\"fe-problems\">\n<p class=\"fe-problems-label\" id=\"fe-problems-label\">")
        text(texts.text("html.fieldProblems") ?? "Please check these fields:")
        raw("</p>\n<ul aria-labelledby=\"fe-problems-label\">\n")
        let problems = alert.fieldProblems.prefix(limits.maximumFieldProblems)
        for (problem, id) in zip(problems, Self.fieldIDs(problems)) {
            raw("<li id=\"")
            string(id)
            raw("\"><code class=\"fe-field\" dir=\"auto\">")
            text(Self.displayedField(problem), cappedAt: textLimit)
            raw("</code> <span dir=\"auto\">")
            text(problem.message.isEmpty ? alert.title : problem.message, cappedAt: textLimit)
            raw("</span></li>\n")
        }
        raw("</ul>\n</div>\n")
    }

    private mutating func writeActions(
        _ alert: Alert, request: ErrorRequest, homeHref: String, _ texts: PresenterTexts
    ) {
        let actions = PageActions.actions(
            for: alert, request: request, homeHref: homeHref, texts: texts,
            maximum: limits.maximumActions)
        let primary = actions.firstIndex { $0.role == .default } ?? actions.firstIndex { $0.role == .cancel }
        raw("<div class=\"fe-actions\">\n")
        // Each action read where it is: `for (index, action) in actions.enumerated()` copied it out (its texts
        // retained and released).
        for index in actions.indices {
            guard let href = actions[index].href else { continue }
            switch (actions[index].role, index == primary) {
            case (.cancel, false): raw("<a class=\"fe-button fe-cancel\" href=\"")
            case (.cancel, true): raw("<a class=\"fe-button fe-cancel fe-primary\" href=\"")
            case (.destructive, false): raw("<a class=\"fe-button fe-destructive\" href=\"")
            case (.destructive, true): raw("<a class=\"fe-button fe-destructive fe-primary\" href=\"")
            case (.default, false): raw("<a class=\"fe-button\" href=\"")
            case (.default, true): raw("<a class=\"fe-button fe-primary\" href=\"")
            }
            text(href)
            raw("\" data-action=\"")
            text(actions[index].id, cappedAt: limits.maximumIdentifierBytes)
            raw("\" dir=\"auto\">")
            text(actions[index].label, cappedAt: textLimit)
            raw("</a>\n")
        }
        // `</div>` is written with `</section>` (``writeFragment(_:request:homeHref:headingLevel:)``).
    }

    /// One element id per field problem, all different: `fe-field-` and the field's slug; a field
    /// whose slug an earlier one took gets `-2`, `-3`… (the first number from its position that is
    /// nobody's), never the id of another field, before or after it, so every item can be linked to.
    static func fieldIDs(_ problems: some Collection<FieldProblem>) -> [String] {
        let slugs = problems.enumerated().map { index, problem in
            "fe-field-" + slug(problem.field, or: String(index + 1))
        }
        // Every field's own slug is reserved up front: a suffixed id can never take a later one's.
        var taken = Set(slugs)
        var ids: [String] = []
        ids.reserveCapacity(slugs.count)
        var firstSeen: Set<String> = []
        for (index, slug) in slugs.enumerated() {
            if firstSeen.insert(slug).inserted {
                ids.append(slug)
                continue
            }
            var number = index + 1
            while taken.contains(slug + "-\(number)") { number += 1 }
            let id = slug + "-\(number)"
            taken.insert(id)
            ids.append(id)
        }
        return ids
    }

    /// A field problem as the page names it: a JSON pointer without its `#`, or the field's name.
    private static func displayedField(_ problem: FieldProblem) -> String {
        problem.field.hasPrefix("#/") ? String(problem.field.dropFirst()) : problem.field
    }

    /// The part of an element id made of `field`: its ASCII letters, digits, `_` and `-`, each run of
    /// anything else one `-`, at most 64 characters; `fallback` when nothing is left.
    static func slug(_ field: String, or fallback: String) -> String {
        var slug: [UInt8] = []
        var pendingDash = false
        for byte in field.utf8 {
            let isWord =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-")
            if isWord {
                if pendingDash, !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                pendingDash = false
                slug.append(byte)
                if slug.count >= 64 { break }
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? fallback : String(decoding: slug, as: UTF8.self)
    }

    /// `nonce` when it is made of base64 (or base64url) characters only, as CSP nonces are.
    private static func nonce(_ nonce: String) -> String? {
        let utf8 = nonce.utf8
        guard !utf8.isEmpty, utf8.count <= 256 else { return nil }
        let isBase64 = utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
        return isBase64 ? nonce : nil
    }

    /// Appends fixed markup: a literal's bytes, copied as they are.
    private mutating func raw(_ markup: StaticString) {
        markup.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends markup the writer made itself (an id, a checked language tag or nonce), unescaped.
    private mutating func string(_ markup: String) {
        bytes.append(contentsOf: markup.utf8)
    }

    private mutating func text(_ value: String) {
        HTMLEscaper.appendEscaped(value, to: &bytes)
    }

    /// Appends `value` escaped, capped at `maxUTF8Bytes` bytes (`cappedAtGraphemeBoundary`): a text that
    /// fits, as nearly every one does, is escaped where it is, not copied (`cappedAtGraphemeBoundary` returned
    /// a retained copy of each).
    private mutating func text(_ value: String, cappedAt maxUTF8Bytes: Int) {
        if value.utf8.count <= maxUTF8Bytes {
            text(value)
        } else {
            text(value.cappedAtGraphemeBoundary(maxUTF8Bytes: maxUTF8Bytes))
        }
    }
}

/// Whether a language is written right to left, for the page's `dir`.
enum TextDirection {
    /// Whether `tag`'s script is right-to-left: an explicit script subtag (`Arab`, `Hebr`, `Thaa`,
    /// `Syrc`, `Nkoo`, `Adlm`, `Rohg`, `Mand`, `Samr`) decides; otherwise its language's usual one.
    static func isRightToLeft(_ tag: String) -> Bool {
        // The usual case, a bare language (`en`, `ja`): a switch over the literals, no allocation; the usual
        // left-to-right languages first (each literal that differs costs a comparison), the bytes scanned
        // contiguously for a `-` (through `utf8.contains`, about 130 instructions).
        if !tag.containsUTF8Byte(UInt8(ascii: "-")) {
            switch tag {
            case "en", "de", "es", "fr", "ja", "ko", "zh", "pt", "it", "nl", "und": return false
            case "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "syr", "ug", "ur", "yi", "ji", "nqo":
                return true
            default: break
            }
        }
        let subtags = tag.lowercased().split(separator: "-")
        guard let language = subtags.first else { return false }
        if let script = subtags.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            return rightToLeftScripts.contains(String(script))
        }
        return rightToLeftLanguages.contains(String(language))
    }

    private static let rightToLeftScripts: Set<String> = [
        "arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg", "mand", "samr",
    ]
    private static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "syr", "ug", "ur", "yi", "ji", "nqo",
    ]
}
