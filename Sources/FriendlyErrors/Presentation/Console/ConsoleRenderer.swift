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
    var catalog: TranslationCatalog
    var language: String

    /// The continuation indent of the headline and of labelled parts: deeper than the message's
    /// indent of 2, so a wrapped part stands out as one.
    static let hangingIndent = 4
    static let bodyIndent = 2

    init(columns: Int?, usesColor: Bool, isPlain: Bool, catalog: TranslationCatalog, language: String) {
        // The plain layout is for screen readers and logs, which need neither.
        self.columns = isPlain ? nil : columns
        self.usesColor = isPlain ? false : usesColor
        self.isPlain = isPlain
        self.catalog = catalog
        self.language = language
    }

    // MARK: The alert

    /// The alert, ending with a newline; with the numbered `choices` when there are any, and the
    /// note that nothing is asked when `asking` is false.
    func render(_ alert: Alert, choices: [AlertAction], asking: Bool) -> String {
        var lines: [String] = []
        let title = Self.clean(alert.title).ifVisible ?? ""
        let message = Self.clean(alert.message).ifVisible ?? ""
        var headline = title.isEmpty ? message : title
        if alert.occurrences > 1 {
            let count = text("console.occurrences", .integer(alert.occurrences))
            headline = headline.isEmpty ? count : headline + " " + count
        }
        let severity = text("severity.\(alert.severity.rawValue)")
        if headline.isEmpty {
            lines.append(style(severity, .severity(alert.severity)))
        } else {
            lines += block(
                prefix: [(severity, .severity(alert.severity)), (": ", nil)], text: headline, style: .title,
                indent: Self.hangingIndent)
        }

        if !title.isEmpty, !message.isEmpty, message != title {
            if isPlain {
                lines += field(label: text("console.message"), text: message)
            } else {
                lines += block(prefix: [(indentation(Self.bodyIndent), nil)], text: message, indent: Self.bodyIndent)
            }
        }
        if let reason = alert.reason.flatMap(\.ifVisible).map(Self.clean) {
            lines += field(label: text("console.reason"), text: reason)
        }
        if let suggestion = alert.suggestion.flatMap(\.ifVisible).map(Self.clean) {
            lines += field(label: text("console.help"), text: suggestion)
        }
        if let reference = alert.referenceID.flatMap(\.ifVisible).map(Self.clean) {
            lines += field(label: text("console.reference"), text: reference)
        }
        if let detail = alert.debugDetail.flatMap(\.ifVisible).map(Self.clean) {
            lines += field(label: "debug", text: detail)
        }

        if !choices.isEmpty {
            if !isPlain { lines.append("") }
            if !asking {
                lines += block(prefix: [(lead, nil)], text: text("console.notInteractive"), indent: leadWidth)
            }
            for (index, action) in choices.enumerated() {
                let number = "\(index + 1))"
                lines += block(
                    prefix: [(lead, nil), (number, .number), (" ", nil)], text: Self.clean(action.label),
                    style: action.role == .destructive ? .destructive : nil,
                    indent: leadWidth + DisplayWidth.columns(of: number) + 1)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The question after the choices, ending with a space where the cursor waits (no newline).
    func prompt(choices: [AlertAction]) -> String {
        let enter =
            choices.firstIndex { $0.role == .cancel }.map { String($0 + 1) }
            ?? Self.clean(catalog.text("action.cancel", language: language) ?? "Cancel")
        let question = text("console.prompt", .string(range(of: choices)), .string(enter))
        return block(prefix: [(lead, nil)], text: question, indent: leadWidth).joined(separator: "\n") + " "
    }

    /// The note after an answer that is not one of the numbers, ending with a newline.
    func invalidChoice(choices: [AlertAction]) -> String {
        let note = text("console.invalidChoice", .string(range(of: choices)))
        return block(prefix: [(lead, nil)], text: note, indent: leadWidth).joined(separator: "\n") + "\n"
    }

    /// A line of the tool's own, wrapped without indentation, ending with a newline.
    func line(_ text: String) -> String {
        block(prefix: [], text: Self.clean(text), indent: 0).joined(separator: "\n") + "\n"
    }

    private func range(of choices: [AlertAction]) -> String {
        choices.count == 1 ? "1" : "1-\(choices.count)"
    }

    // MARK: Building lines

    /// What the lines of the body start with: two spaces, or nothing in the plain layout.
    private var lead: String { isPlain ? "" : indentation(Self.bodyIndent) }
    private var leadWidth: Int { isPlain ? 0 : Self.bodyIndent }

    /// A labelled part: `  reason: text`, its later lines indented deeper.
    private func field(label: String, text: String) -> [String] {
        block(
            prefix: [(lead, nil), (label + ":", .label), (" ", nil)], text: text,
            indent: isPlain ? 0 : Self.hangingIndent)
    }

    /// `text` wrapped after `prefix` on the first line and after `indent` spaces on the others,
    /// each line styled on its own. The plain layout does not wrap and indents a field's own later
    /// lines by two spaces, so each one still reads as part of the field above it.
    private func block(prefix: [(String, Style?)], text: String, style textStyle: Style? = nil, indent: Int)
        -> [String]
    {
        let prefixWidth = prefix.reduce(0) { $0 + DisplayWidth.columns(of: $1.0) }
        let continuation = isPlain ? Self.bodyIndent : indent
        // Tabs measure 0 columns but a terminal moves to its next tab stop: spaces keep lines exact.
        let body = isPlain ? text : text.replacingTabs()
        var wrapped = LineWrapper.wrap(body, width: columns, indent: continuation, firstLinePrefixWidth: prefixWidth)
        var lines: [String] = []
        if let columns, let first = wrapped.first, prefixWidth + DisplayWidth.columns(of: first) > columns,
            prefixWidth > continuation
        {
            // A word too long to follow the label (a reference, a path) may still fit on a line of its
            // own: the label then stands alone, as `reason:` does before a long path.
            let below = LineWrapper.wrap(body, width: columns, indent: continuation, firstLinePrefixWidth: continuation)
            if let moved = below.first, continuation + DisplayWidth.columns(of: moved) <= columns {
                lines.append(Self.trimmingTrailingSpaces(prefix).map { style($0.0, $0.1) }.joined())
                wrapped = below
            }
        }
        lines.reserveCapacity(lines.count + wrapped.count)
        for piece in wrapped {
            var line = lines.isEmpty ? prefix.map { style($0.0, $0.1) }.joined() : indentation(continuation)
            line += style(piece, textStyle)
            lines.append(line)
        }
        return lines
    }

    /// The prefix without the spaces that would end a line.
    private static func trimmingTrailingSpaces(_ prefix: [(String, Style?)]) -> [(String, Style?)] {
        var pieces = prefix
        while let last = pieces.last {
            var text = last.0
            while text.last == " " { text.removeLast() }
            if text.isEmpty {
                pieces.removeLast()
            } else {
                pieces[pieces.count - 1].0 = text
                break
            }
        }
        return pieces
    }

    private func text(_ key: String, _ arguments: LocalizableText.Argument...) -> String {
        // Translations come from files an app ships: they are as untrusted as any other text.
        Self.clean(catalog.text(key, language: language, arguments: arguments) ?? key)
    }

    private func indentation(_ width: Int) -> String {
        String(repeating: " ", count: width)
    }

    static func clean(_ text: String) -> String {
        TerminalSanitizer.sanitize(text)
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

        var sgr: String {
            switch self {
            case .severity(.error): "1;31"
            case .severity(.warning): "1;33"
            case .severity(.info): "1;36"
            case .title, .number: "1"
            case .label: "2"
            case .destructive: "31"
            }
        }
    }

    /// `text` in `style`, or as it is when colour is off, there is no style or nothing visible to colour.
    func style(_ text: String, _ style: Style?) -> String {
        guard usesColor, let style, !text.allSatisfy({ $0 == " " }) else { return text }
        return "\u{1B}[\(style.sgr)m\(text)\u{1B}[0m"
    }
}

extension String {
    /// The string, or `nil` when it has nothing but white space: such a part is left out.
    fileprivate var ifVisible: String? {
        allSatisfy(\.isWhitespace) ? nil : self
    }

    /// The string with each tab replaced by four spaces.
    fileprivate func replacingTabs() -> String {
        guard utf8.contains(0x09) else { return self }  // bytes: no grapheme breaking
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        for character in self {
            if character == "\t" { result += "    " } else { result.append(character) }
        }
        return result
    }
}
