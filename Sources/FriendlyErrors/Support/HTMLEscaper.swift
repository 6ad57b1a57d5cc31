/// Escapes text for HTML, in element content and in quoted attribute values alike, over the string's
/// own UTF-8 buffer: runs of bytes that need nothing are copied whole.
///
/// - `&`, `<`, `>`, `"` and `'` become `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`, so no text
///   can open a tag, close the element it is in (`</style>`, `</textarea>`), end an attribute or
///   start a character reference;
/// - the C0 controls but tab, line feed and carriage return, DEL and the C1 controls U+0080–U+009F
///   become U+FFFD (�): the HTML parser reports them as errors, and a terminal or log that later
///   shows the page's source would interpret them;
/// - the bidi embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069 become their visible
///   Swift escapes (`\u{202E}`), as on the console (`TerminalSanitizer`): inside an isolated element
///   an override still reverses what follows it (`gnp.exe` shown as `exe.png`);
/// - everything else is written as it is, the bidi marks U+200E, U+200F and U+061C included: they
///   reorder no run, and translators of right-to-left languages need them.
///
/// Its plain twin, `appendEscapedPlain(_:to:)`, goes scalar by scalar; tests compare them.
enum HTMLEscaper {
    /// Appends the escaped UTF-8 of `string` to `output`.
    static func appendEscaped(_ string: String, to output: inout [UInt8]) {
        // The string's own UTF-8, borrowed: a native or small string is not copied (nor retained) first.
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { appendEscaped($0, to: &output) }
        guard done == nil else { return }
        var string = string
        string.withUTF8 { appendEscaped($0, to: &output) }
    }

    /// Appends the escaped UTF-8 of `string` to `output`.
    static func appendEscaped(_ string: Substring, to output: inout [UInt8]) {
        var string = string
        string.withUTF8 { appendEscaped($0, to: &output) }
    }

    private static func appendEscaped(_ input: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        var index = 0
        while index < input.count {
            let byte = input[index]
            guard needsEscape(byte) else {
                index += 1
                continue
            }
            if byte == 0xC2 {
                // U+0080–U+009F are C2 80 – C2 9F; other scalars starting with C2 are copied.
                guard index + 1 < input.count, input[index + 1] <= 0x9F else {
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
                output.append(contentsOf: replacementCharacter)
                index += 2
            } else if byte == 0xE2 {
                // U+202A–U+202E are E2 80 AA – E2 80 AE, U+2066–U+2069 E2 81 A6 – E2 81 A9.
                guard index + 2 < input.count else {
                    index += 1
                    continue
                }
                let (second, third) = (input[index + 1], input[index + 2])
                guard
                    (second == 0x80 && (0xAA...0xAE).contains(third))
                        || (second == 0x81 && (0xA6...0xA9).contains(third))
                else {
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
                appendVisibleEscape(0x2000 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F), to: &output)
                index += 3
            } else {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
                appendEscape(for: byte, to: &output)
                index += 1
            }
            runStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<input.count]))
    }

    /// The plain twin of `appendEscaped(_:to:)`, scalar by scalar: the same output for the same text.
    static func appendEscapedPlain(_ string: String, to output: inout [UInt8]) {
        for scalar in string.unicodeScalars {
            let value = scalar.value
            if value < 0x80, needsEscape(UInt8(value)) {
                appendEscape(for: UInt8(value), to: &output)
            } else if (0x80...0x9F).contains(value) {
                output.append(contentsOf: replacementCharacter)
            } else if (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) {
                appendVisibleEscape(value, to: &output)
            } else {
                output.append(contentsOf: String(scalar).utf8)
            }
        }
    }

    /// Whether a byte may start something to escape: C0 controls but tab, LF and CR, `"`, `&`, `'`,
    /// `<`, `>`, DEL, 0xC2 (the lead byte of the C1 controls) and 0xE2 (of the bidi controls).
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        // Bits 0–31 but 9, 10, 13 (controls) and 0x22, 0x26, 0x27, 0x3C, 0x3E, one shift below 0x40.
        let below0x40: UInt64 = 0x5000_00C4_FFFF_D9FF
        if byte < 0x40 { return (below0x40 >> UInt64(byte)) & 1 == 1 }
        return byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }

    /// `\u{XXXX}` with uppercase hexadecimal digits, as `TerminalSanitizer` shows a scalar.
    private static func appendVisibleEscape(_ scalar: UInt32, to output: inout [UInt8]) {
        output.append(contentsOf: "\\u{".utf8)
        output.append(contentsOf: String(scalar, radix: 16, uppercase: true).utf8)
        output.append(UInt8(ascii: "}"))
    }

    private static func appendEscape(for byte: UInt8, to output: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
        case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
        case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
        case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
        case UInt8(ascii: "'"): output.append(contentsOf: "&#39;".utf8)
        default: output.append(contentsOf: replacementCharacter)
        }
    }

    /// U+FFFD in UTF-8.
    private static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]
}
