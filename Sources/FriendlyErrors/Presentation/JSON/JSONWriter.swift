/// Writes JSON into a byte buffer, placing commas and colons itself.
///
/// The JSON presenter writes every response and every JSON Lines record through this type, so it is
/// built for speed (runs of plain bytes are copied at once, nothing is allocated per value) and for
/// safety: its output is valid JSON for every string and can be embedded in an HTML `<script>`
/// element unchanged (see ``appendQuoted(_:to:)``).
///
/// ```swift
/// var writer = JSONWriter()
/// writer.beginObject()
/// writer.string("Not found", forKey: "title")
/// writer.int(404, forKey: "status")
/// writer.key("actions")
/// writer.beginArray()
/// writer.string("retry")
/// writer.endArray()
/// writer.endObject()
/// writer.bytes   // {"title":"Not found","status":404,"actions":["retry"]}
/// ```
///
/// The writer does not check nesting: callers pair `begin…`/`end…` calls and put a ``key(_:)``
/// before each value inside an object.
struct JSONWriter: Sendable {
    /// The JSON written so far, as UTF-8.
    private(set) var bytes: [UInt8]
    /// Whether the next value or key follows another one in the same container.
    private var needsComma = false

    init(reservingCapacity capacity: Int = 512) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The JSON written so far, as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a member name; the next call writes its value.
    mutating func key(_ key: String) {
        separate()
        Self.appendQuoted(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    mutating func string(_ value: String) {
        separate()
        Self.appendQuoted(value, to: &bytes)
        needsComma = true
    }

    mutating func int(_ value: Int) {
        separate()
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // Digits are produced backwards into a stack buffer: no String is made for a number.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = value.magnitude
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
        needsComma = true
    }

    mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
        needsComma = true
    }

    mutating func null() {
        separate()
        bytes.append(contentsOf: Self.nullBytes)
        needsComma = true
    }

    /// Writes a member whose value is a string.
    mutating func string(_ value: String, forKey key: String) {
        self.key(key)
        string(value)
    }

    /// Writes a member whose value is an integer.
    mutating func int(_ value: Int, forKey key: String) {
        self.key(key)
        int(value)
    }

    /// Writes a member whose value is a Boolean.
    mutating func bool(_ value: Bool, forKey key: String) {
        self.key(key)
        bool(value)
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
    private static let nullBytes = Array("null".utf8)
}

// MARK: - Escaping

extension JSONWriter {
    /// Appends `string` as a quoted JSON string.
    ///
    /// Escaped: `"` and `\`; U+0000–U+001F (`\n`, `\t`, `\r`, `\b`, `\f`, else `\u00XX`); U+007F;
    /// `<`, `>` and `&`, so that neither `</script>` nor `<!--` can appear and the output is safe in
    /// HTML; and U+2028, U+2029, which end a line in JavaScript before ES2019. Everything else is copied
    /// as UTF-8. A Swift `String` always holds valid Unicode (a lone surrogate cannot be stored in one),
    /// so the output is always valid UTF-8 and valid JSON.
    static func appendQuoted(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { appendEscaped($0, to: &output) }
        output.append(UInt8(ascii: "\""))
    }

    /// `string` as a quoted JSON string.
    static func quoted(_ string: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count + 2)
        appendQuoted(string, to: &output)
        return String(decoding: output, as: UTF8.self)
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
            var length = 1
            if byte == 0xE2 {
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9; other E2 sequences are copied as they are.
                guard index + 2 < input.count, input[index + 1] == 0x80, input[index + 2] & 0xFE == 0xA8 else {
                    index += 1
                    continue
                }
                length = 3
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
            if length == 3 {
                output.append(contentsOf: input[index + 2] == 0xA8 ? lineSeparatorEscape : paragraphSeparatorEscape)
            } else {
                appendEscape(for: byte, to: &output)
            }
            index += length
            runStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<input.count]))
    }

    /// Whether a byte may start something to escape: C0 controls, `"`, `&`, `<`, `>`, `\`, DEL, and
    /// 0xE2, the lead byte of U+2028 and U+2029.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        // Bits 0–31 (controls) and 0x22, 0x26, 0x3C, 0x3E, tested with one shift for bytes below 0x40.
        let below0x40: UInt64 = 0x5000_0044_FFFF_FFFF
        if byte < 0x40 { return (below0x40 >> UInt64(byte)) & 1 == 1 }
        return byte == 0x5C || byte == 0x7F || byte == 0xE2
    }

    private static func appendEscape(for byte: UInt8, to output: inout [UInt8]) {
        let short: UInt8? =
            switch byte {
            case 0x22: UInt8(ascii: "\"")
            case 0x5C: UInt8(ascii: "\\")
            case 0x0A: UInt8(ascii: "n")
            case 0x09: UInt8(ascii: "t")
            case 0x0D: UInt8(ascii: "r")
            case 0x08: UInt8(ascii: "b")
            case 0x0C: UInt8(ascii: "f")
            default: nil
            }
        output.append(UInt8(ascii: "\\"))
        if let short {
            output.append(short)
        } else {
            output.append(UInt8(ascii: "u"))
            output.append(UInt8(ascii: "0"))
            output.append(UInt8(ascii: "0"))
            output.append(hexDigit(byte >> 4))
            output.append(hexDigit(byte & 0x0F))
        }
    }

    /// A lowercase hexadecimal digit, as `JSON.stringify` writes them.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    private static let lineSeparatorEscape = Array(#"\u2028"#.utf8)
    private static let paragraphSeparatorEscape = Array(#"\u2029"#.utf8)
}
