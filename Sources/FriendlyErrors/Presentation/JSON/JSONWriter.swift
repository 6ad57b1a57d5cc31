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

    /// Writes a member name prepared once (see ``Key``): nothing is escaped on the hot path.
    mutating func key(_ key: Key) {
        separate()
        bytes.append(contentsOf: key.bytes)
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

    /// Writes a member whose value is a string; the name is escaped once (see ``Key``).
    mutating func string(_ value: String, forKey key: Key) {
        self.key(key)
        string(value)
    }

    /// Writes a member whose value is an integer.
    mutating func int(_ value: Int, forKey key: Key) {
        self.key(key)
        int(value)
    }

    /// Writes a member whose value is a Boolean.
    mutating func bool(_ value: Bool, forKey key: Key) {
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
    /// Escaped: `"` and `\`; U+0000–U+001F (`\n`, `\t`, `\r`, `\b`, `\f`, else `\u00XX`); `<`, `>`
    /// and `&`, so that neither `</script>` nor `<!--` can appear and the output is safe in HTML; and,
    /// as `\uXXXX`, every scalar that would act on a terminal or reorder text when JSON Lines are
    /// read with `cat` or `tail -f`: DEL and the C1 controls U+007F–U+009F (U+009B and U+009D start
    /// escape sequences in some terminals), U+2028 and U+2029 (which also end a line in JavaScript
    /// before ES2019), and the bidi controls U+061C, U+200E, U+200F, U+202A–U+202E and U+2066–U+2069.
    /// Everything else is copied as UTF-8. A Swift `String` always holds valid Unicode (a lone
    /// surrogate cannot be stored in one), so the output is always valid UTF-8 and valid JSON, and a
    /// JSON parser reads back exactly the string that was written.
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
            if byte >= 0x80 {
                // A lead byte of a scalar that may need escaping: C2 (U+0080–U+00BF), D8 (U+0600–U+063F),
                // E2 (U+2000–U+2FFF). Other scalars with these lead bytes are copied as they are.
                guard let (scalar, length) = escapedScalar(in: input, at: index) else {
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
                appendUnicodeEscape(scalar, to: &output)
                index += length
            } else {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
                appendEscape(for: byte, to: &output)
                index += 1
            }
            runStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<input.count]))
    }

    /// The scalar starting at `index` and its length in bytes, when it is one that is written as
    /// `\uXXXX`: a C1 control, U+061C, U+200E, U+200F, U+2028, U+2029, U+202A–U+202E or U+2066–U+2069.
    private static func escapedScalar(in input: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
        guard index + 1 < input.count else { return nil }
        let lead = input[index]
        let second = input[index + 1]
        switch lead {
        case 0xC2:
            // U+0080–U+009F are C2 80 – C2 9F.
            return second <= 0x9F ? (UInt32(second), 2) : nil
        case 0xD8:
            // U+061C is D8 9C.
            return second == 0x9C ? (0x061C, 2) : nil
        default:
            guard index + 2 < input.count else { return nil }
            let third = input[index + 2]
            let scalar = 0x2000 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
            switch (second, third) {
            case (0x80, 0x8E...0x8F), (0x80, 0xA8...0xAE), (0x81, 0xA6...0xA9): return (scalar, 3)
            default: return nil
            }
        }
    }

    /// Whether a byte may start something to escape: C0 controls, `"`, `&`, `<`, `>`, `\`, DEL, and
    /// the lead bytes 0xC2, 0xD8 and 0xE2 of the C1 controls, U+061C and U+2000–U+2FFF.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        // Bits 0–31 (controls) and 0x22, 0x26, 0x3C, 0x3E, tested with one shift for bytes below 0x40.
        let below0x40: UInt64 = 0x5000_0044_FFFF_FFFF
        if byte < 0x40 { return (below0x40 >> UInt64(byte)) & 1 == 1 }
        return byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
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
            output.removeLast()
            appendUnicodeEscape(UInt32(byte), to: &output)
        }
    }

    /// `\u` and four lowercase hexadecimal digits, as `JSON.stringify` writes them.
    private static func appendUnicodeEscape(_ scalar: UInt32, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        output.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            output.append(hexDigit(UInt8(truncatingIfNeeded: scalar >> UInt32(shift)) & 0x0F))
        }
    }

    /// A lowercase hexadecimal digit, as `JSON.stringify` writes them.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
