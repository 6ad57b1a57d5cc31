/// Makes untrusted text harmless to print on a terminal.
///
/// An error message can carry text from anywhere: a file name, a server's reply, user input. Printed
/// raw, an escape sequence in it could retitle the window (OSC 0), plant a hyperlink (OSC 8), write
/// the clipboard (OSC 52), clear the screen (CSI 2J) or hide text (`\r`), and a bidi override could
/// make the text read differently from what it is (Trojan Source). So before the console presenter
/// measures or styles anything, each such scalar is replaced by its visible Swift escape, e.g. the
/// ESC byte by the six characters `\u{1B}`, whether colour is on or off.
///
/// Escaping the introducer is enough to defuse a whole sequence: without ESC (or a C1 control) the
/// rest of it, such as `]0;title` or `[2J`, is plain text that a terminal prints as it is. Keeping it
/// visible shows the reader what the text tried to do instead of silently dropping it.
///
/// Escaped:
/// - C0 controls except `\n` and `\t`, DEL, and the C1 controls U+0080–U+009F (U+009B is an 8-bit CSI,
///   U+009D an 8-bit OSC for terminals that honour them);
/// - the bidi embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069, whose effect
///   reaches over the rest of the line.
///
/// Kept:
/// - `\r\n` becomes `\n`: text read from Windows files would otherwise show `\u{0D}` on every line,
///   and a CR right before LF cannot hide anything. A lone `\r` is escaped.
/// - The bidi marks U+200E, U+200F and U+061C: they are invisible, affect only the neutral characters
///   next to them and cannot reorder a run of text, while translators of Arabic and Hebrew messages
///   need them to place punctuation and Latin words correctly.
/// - Backslashes are not doubled, so Windows paths stay readable; the escapes are for people, not
///   for parsing back.
///
/// It is the one sanitiser for text that leaves for a terminal: the console presenter, the
/// `description` of ``CatalogDiagnostic`` and of the testing module's problems and reports, and
/// every line the `friendly-errors` tool writes use it. An app that prints untrusted text itself
/// can too, or write through `TextOutput.sanitizingForTerminal()`:
///
/// ```swift
/// print(TerminalSanitizer.sanitize(fileName))   // "\u{1B}]0;evil\u{07}report.txt"
/// ```
package enum TerminalSanitizer {
    /// The text with every dangerous scalar replaced by `\u{XX}`; the same string when nothing is.
    package static func sanitize(_ text: String) -> String {
        guard TerminalByteScanner.containsDangerousBytes(text) else { return text }
        return escapingEveryScalar(text)
    }

    /// JSON text with every dangerous scalar written as a JSON escape (`\u001b`, `\u009b`,
    /// `\u202e`), so that it parses to exactly the same value and is harmless when printed.
    ///
    /// For JSON written by a library that leaves C1 controls or bidi overrides raw (Foundation's
    /// `JSONSerialization` does). The input must be JSON: such scalars can only appear inside its
    /// strings, where an escape means the same scalar. Newlines and tabs between tokens are kept.
    package static func sanitize(json: String) -> String {
        guard TerminalByteScanner.containsDangerousBytes(json) else { return json }
        var result = ""
        result.reserveCapacity(json.utf8.count + 16)
        for scalar in json.unicodeScalars {
            guard isDangerous(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return result
    }

    /// The text with every dangerous scalar escaped, checking each one: what `sanitize` does when
    /// its byte scan finds something.
    static func escapingEveryScalar(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if scalar == "\r" && pending == "\n" { continue }  // the "\n" comes next
            if isDangerous(scalar) {
                appendEscape(of: scalar, to: &result)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func isDangerous(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00..<0x20, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether the text holds a scalar that ``isDangerous(_:)``: the plain twin of
    /// `TerminalByteScanner.containsDangerousBytes(_:)`, which tests and the `ConsoleText` fuzz
    /// target compare with it.
    static func needsEscapingPlain(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isDangerous)
    }

    private static func appendEscape(of scalar: Unicode.Scalar, to result: inout String) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u{"
        if hex.count < 2 { result += "0" }
        result += hex
        result += "}"
    }
}
