/// Turns an alert into the console presenter's text for one width, colour setting and layout.
///
/// Every text is sanitized before it is measured or styled, so escape sequences in it are shown,
/// never obeyed, and styling is added per line after wrapping, so no colour runs over a line break
/// (a pager or a log viewer that shows one line alone still resets it).
struct ConsoleRenderer {
    /// The columns lines may take; `nil` for no wrapping.
    var columns: Int?
    var usesColor: Bool
    var isPlain: Bool
    /// The labels, in the alert's language from the alert's catalog.
    var texts: PresenterTexts

    /// The continuation indent of the headline and of labelled parts: deeper than the message's
    /// indent of 2, so a wrapped part stands out as one.
    static let hangingIndent = 4
    static let bodyIndent = 2

    init(columns: Int?, usesColor: Bool, isPlain: Bool, texts: PresenterTexts) {
        // The plain layout is for screen readers and logs, which need neither.
        self.columns = isPlain ? nil : columns
        self.usesColor = isPlain ? false : usesColor
        self.isPlain = isPlain
        self.texts = texts
    }

    // MARK: The alert

    /// The alert, ending with a newline; with the numbered `choices` when there are any, and the
    /// note that says why nothing is asked when `notAsking` is given; with the request's trace ID after the
    /// reference ID when `traceID` is given (a server's plain-text body).
    func render(
        _ alert: Alert, choices: [AlertAction], notAsking: TerminalEnvironment.NotAsking?, traceID: String? = nil
    ) -> String {
        let title = Self.clean(alert.title).ifVisible ?? ""
        let message = Self.clean(alert.message).ifVisible ?? ""
        let reason = alert.reason.flatMap(\.ifVisible).map(Self.clean)
        let suggestion = alert.suggestion.flatMap(\.ifVisible).map(Self.clean)
        let reference = alert.referenceID.flatMap(\.ifVisible).map(Self.clean)
        let detail = alert.debugDetail.flatMap(\.ifVisible).map(Self.clean)

        // Every line is appended to one buffer, each followed by its newline, instead of an array of
        // lines joined at the end; the buffer is sized for the usual alert up front.
        var output = OutputBytes(usesColor: usesColor)
        var textBytes = title.utf8.count + message.utf8.count
        for part in [reason, suggestion, reference, detail] { textBytes += part?.utf8.count ?? 0 }
        output.bytes.reserveCapacity(textBytes + 64 * (5 + choices.count))

        var headline = title.isEmpty ? message : title
        if alert.occurrences > 1 {
            let count = text("console.occurrences", .integer(alert.occurrences))
            headline = headline.isEmpty ? count : headline + " " + count
        }
        let severity = text("severity.\(alert.severity.rawValue)")
        if headline.isEmpty {
            output.append(severity, style: .severity(alert.severity))
            output += "\n"
        } else {
            appendBlock(
                to: &output, prefix: Prefix(styled: severity, style: .severity(alert.severity), tail: ": "),
                text: headline, style: .title, indent: Self.hangingIndent)
        }

        if !title.isEmpty, !message.isEmpty, message != title {
            if isPlain {
                appendField(to: &output, label: text("console.message"), text: message)
            } else {
                appendBlock(
                    to: &output, prefix: Prefix(lead: indentation(Self.bodyIndent)), text: message,
                    indent: Self.bodyIndent)
            }
        }
        if let location = alert.location {
            appendLocation(location, severity: alert.severity, to: &output)
        }
        for problem in alert.fieldProblems {
            // Each problem on its own line under the message: its field, then what is wrong with it,
            // then the place in a file it is about.
            appendField(to: &output, label: "- " + Self.cleanLabel(problem.field), text: Self.clean(problem.message))
            if let location = problem.location {
                appendLocation(location, severity: alert.severity, to: &output)
            }
        }
        if let reason {
            appendField(to: &output, label: text("console.reason"), text: reason)
        }
        if let suggestion {
            appendField(to: &output, label: text("console.help"), text: suggestion)
        }
        if let reference {
            appendField(to: &output, label: text("console.reference"), text: reference)
        }
        if let traceID {
            appendField(to: &output, label: text("console.trace"), text: Self.clean(traceID))
        }
        if let detail {
            appendField(to: &output, label: "debug", text: detail)
        }

        if !choices.isEmpty {
            if !isPlain { output += "\n" }
            if let notAsking {
                appendBlock(to: &output, prefix: Prefix(lead: lead), text: text(notAsking.noteKey), indent: leadWidth)
            }
            for (index, action) in choices.enumerated() {
                let number = "\(index + 1))"
                appendBlock(
                    to: &output, prefix: Prefix(lead: lead, styled: number, style: .number, tail: " "),
                    text: Self.clean(action.label),
                    style: action.role == .destructive ? .destructive : nil,
                    indent: leadWidth + DisplayWidth.columns(of: number) + 1)
            }
        }
        return output.string
    }

    /// The question after the choices, ending with a space where the cursor waits (no newline).
    func prompt(choices: [AlertAction]) -> String {
        let enter =
            choices.firstIndex { $0.role == .cancel }.map { String($0 + 1) }
            ?? Self.clean(texts.text("action.cancel") ?? "Cancel")
        let question = text("console.prompt", .string(range(of: choices)), .string(enter))
        var output = OutputBytes(usesColor: usesColor)
        appendBlock(to: &output, prefix: Prefix(lead: lead), text: question, indent: leadWidth)
        // The cursor waits after a space on the last line, not on a line of its own.
        output.bytes.removeLast()
        output += " "
        return output.string
    }

    /// The note after an answer that is not one of the numbers, ending with a newline.
    func invalidChoice(choices: [AlertAction]) -> String {
        let note = text("console.invalidChoice", .string(range(of: choices)))
        var output = OutputBytes(usesColor: usesColor)
        appendBlock(to: &output, prefix: Prefix(lead: lead), text: note, indent: leadWidth)
        return output.string
    }

    /// A line of the tool's own, wrapped without indentation, ending with a newline.
    func line(_ text: String) -> String {
        var output = OutputBytes(usesColor: usesColor)
        appendBlock(to: &output, prefix: Prefix(), text: Self.clean(text), indent: 0)
        return output.string
    }

    private func range(of choices: [AlertAction]) -> String {
        choices.count == 1 ? "1" : "1-\(choices.count)"
    }

    // MARK: Building lines

    /// What the lines of the body start with: two spaces, or nothing in the plain layout.
    var lead: String { isPlain ? "" : indentation(Self.bodyIndent) }
    var leadWidth: Int { isPlain ? 0 : Self.bodyIndent }

    /// What a block's first line starts with: `lead`, then `styled` in `style`, then `tail`, such as
    /// `"  "`, `"reason:"` dimmed and `" "`. Any of them may be empty.
    struct Prefix {
        var lead = ""
        var styled = ""
        var style: Style? = nil
        var tail = ""

        var columns: Int {
            DisplayWidth.columns(of: lead) + DisplayWidth.columns(of: styled) + DisplayWidth.columns(of: tail)
        }

        /// The prefix without the spaces that would end a line: spaces are dropped from the end of
        /// `tail`, then, once it is empty, from `styled`, then from `lead`.
        var trimmingTrailingSpaces: Prefix {
            var prefix = self
            while prefix.tail.last == " " { prefix.tail.removeLast() }
            guard prefix.tail.isEmpty else { return prefix }
            while prefix.styled.last == " " { prefix.styled.removeLast() }
            guard prefix.styled.isEmpty else { return prefix }
            while prefix.lead.last == " " { prefix.lead.removeLast() }
            return prefix
        }
    }

    /// A labelled part: `  reason: text`, its later lines indented deeper.
    func appendField(to output: inout OutputBytes, label: String, text: String) {
        appendBlock(
            to: &output, prefix: Prefix(lead: lead, styled: label + ":", style: .label, tail: " "), text: text,
            indent: isPlain ? 0 : Self.hangingIndent)
    }

    /// Appends `text` wrapped after `prefix` on the first line and after `indent` spaces on the
    /// others, each line styled on its own and followed by a newline. The plain layout does not wrap
    /// and indents a field's own later lines by two spaces, so each one still reads as part of the
    /// field above it.
    private func appendBlock(
        to output: inout OutputBytes, prefix: Prefix, text: String, style textStyle: Style? = nil, indent: Int
    ) {
        let prefixWidth = prefix.columns
        let continuation = isPlain ? Self.bodyIndent : indent
        // Tabs measure 0 columns but a terminal moves to its next tab stop: spaces keep lines exact.
        let body = isPlain ? text : text.replacingTabs()
        // Most parts are one line that fits after the prefix: what LineWrapper answers then is the
        // text as it is (one paragraph, no trailing spaces to place, narrow enough), so the wrapper
        // and the check below, which only acts on a first line that is too wide, are skipped.
        if !body.consoleContainsByte(0x0A), body.utf8.last != 0x20,
            columns.map({ prefixWidth + DisplayWidth.columns(of: body) <= $0 }) ?? true
        {
            appendPrefix(prefix, to: &output)
            output.append(body, style: textStyle)
            output += "\n"
            return
        }
        var wrapped = LineWrapper.wrap(body, width: columns, indent: continuation, firstLinePrefixWidth: prefixWidth)
        var isFirst = true
        if let columns, let first = wrapped.first, prefixWidth + DisplayWidth.columns(of: first) > columns,
            prefixWidth > continuation
        {
            // A word too long to follow the label (a reference, a path) may still fit on a line of its
            // own: the label then stands alone, as `reason:` does before a long path.
            let below = LineWrapper.wrap(body, width: columns, indent: continuation, firstLinePrefixWidth: continuation)
            if let moved = below.first, continuation + DisplayWidth.columns(of: moved) <= columns {
                appendPrefix(prefix.trimmingTrailingSpaces, to: &output)
                output += "\n"
                wrapped = below
                isFirst = false
            }
        }
        for piece in wrapped {
            if isFirst {
                appendPrefix(prefix, to: &output)
                isFirst = false
            } else {
                output += indentation(continuation)
            }
            output.append(piece, style: textStyle)
            output += "\n"
        }
    }

    private func appendPrefix(_ prefix: Prefix, to output: inout OutputBytes) {
        output += prefix.lead
        output.append(prefix.styled, style: prefix.style)
        output += prefix.tail
    }

    func text(_ key: String, _ arguments: LocalizableText.Argument...) -> String {
        // Translations come from files an app ships: they are as untrusted as any other text.
        Self.clean(texts.text(key, arguments: arguments) ?? key)
    }

    private func indentation(_ width: Int) -> String {
        // The two widths the layout uses are literals: no string to build for every line.
        switch width {
        case Self.bodyIndent: "  "
        case Self.hangingIndent: "    "
        default: String(repeating: " ", count: width)
        }
    }

    static func clean(_ text: String) -> String {
        TerminalSanitizer.sanitize(text)
    }

    /// A label from outside (a field's name, a pointer from a request), made harmless and kept on
    /// one line: a line break or tab in it is shown as `\u{0A}`, `\u{0D}`, `\u{09}`, so it cannot
    /// start a line of its own that reads as another part of the alert.
    static func cleanLabel(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { return clean(text) }
        var oneLine = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": oneLine += "\\u{0A}"
            case "\r": oneLine += "\\u{0D}"
            case "\t": oneLine += "\\u{09}"
            default: oneLine.unicodeScalars.append(scalar)
            }
        }
        return clean(oneLine)
    }

    // MARK: Colour

    /// What a run of text is, which picks its colour. Modest on purpose: one colour per severity,
    /// bold for what to read first, dim for labels.
    enum Style {
        case severity(Severity)
        case title
        case label
        case number
        case destructive
        /// The gutter of an excerpt: `-->`, `|` and the line number.
        case gutter

        var sgr: String {
            switch self {
            case .severity(.error): "1;31"
            case .severity(.warning): "1;33"
            case .severity(.info): "1;36"
            case .title, .number: "1"
            case .label: "2"
            case .destructive: "31"
            case .gutter: "1;34"
            }
        }
    }

    /// The renderer's output under construction, as UTF-8 bytes. Appending to a `[UInt8]` is a
    /// copy; appending to a `String` also re-checks its storage and flags every time, which cost
    /// a quarter of a render when a render made some twenty appends.
    struct OutputBytes {
        var bytes: [UInt8] = []
        let usesColor: Bool

        init(usesColor: Bool) {
            self.usesColor = usesColor
        }

        static func += (output: inout OutputBytes, text: String) {
            output.bytes.append(contentsOf: text.utf8)
        }

        /// Appends `text` in `style`, or as it is when colour is off, there is no style or nothing
        /// visible to colour.
        mutating func append(_ text: String, style: Style?) {
            guard usesColor, let style, !text.utf8.allSatisfy({ $0 == 0x20 }) else {
                self += text
                return
            }
            self += "\u{1B}["
            self += style.sgr
            self += "m"
            self += text
            self += "\u{1B}[0m"
        }

        /// The bytes as a string; they are valid UTF-8, being made of whole strings.
        var string: String { String(decoding: bytes, as: UTF8.self) }
    }
}

extension String {
    /// The string, or `nil` when it has nothing but white space: such a part is left out.
    fileprivate var ifVisible: String? {
        // A Character is white space when its first scalar is, so a text whose first scalar is not
        // (nearly every text) is visible without walking its graphemes. No White_Space scalar is
        // visible ASCII or above U+3000, which spares most texts the property lookup too.
        if let first = unicodeScalars.first,
            (0x21...0x7E).contains(first.value) || first.value > 0x3000 || !first.properties.isWhitespace
        {
            return self
        }
        return allSatisfy(\.isWhitespace) ? nil : self
    }

    /// The string with each tab replaced by four spaces.
    fileprivate func replacingTabs() -> String {
        guard consoleContainsByte(0x09) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        for character in self {
            if character == "\t" { result += "    " } else { result.append(character) }
        }
        return result
    }
}

extension StringProtocol {
    /// Whether the text's UTF-8 holds `byte`: a loop over the contiguous bytes, far cheaper than
    /// walking the `UTF8View` index by index. Meant for ASCII bytes, which never occur inside a
    /// multi-byte scalar. (The console's own copy, so that it does not depend on Localization's.)
    func consoleContainsByte(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(byte) } ?? utf8.contains(byte)
    }
}
