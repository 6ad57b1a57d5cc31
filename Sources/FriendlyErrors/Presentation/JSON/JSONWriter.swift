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
        bytes.append(contentsOf: key.part(comma: needsComma, quote: false))
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
        bytes.appendDecimalDigits(of: UInt64(value.magnitude))
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
        bytes.append(contentsOf: key.part(comma: needsComma, quote: true))
        JSONStringEscaper.appendEscaped(value, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Writes a member whose value is `value` capped at `maxUTF8Bytes` bytes (`cappedAtGraphemeBoundary`). A
    /// value that fits, as nearly every one does, is escaped where it is: not copied, not even retained.
    mutating func string(_ value: String, cappedAt maxUTF8Bytes: Int, forKey key: Key) {
        if value.utf8.count <= maxUTF8Bytes {
            string(value, forKey: key)
        } else {
            string(value.cappedAtGraphemeBoundary(maxUTF8Bytes: maxUTF8Bytes), forKey: key)
        }
    }

    /// Writes a member whose value is `value`, or `fallback` when `value` is empty, capped at `maxUTF8Bytes`
    /// bytes: for what a schema requires non-empty.
    mutating func string(_ value: String, orIfEmpty fallback: String, cappedAt maxUTF8Bytes: Int, forKey key: Key) {
        if value.isEmpty {
            string(fallback, cappedAt: maxUTF8Bytes, forKey: key)
        } else {
            string(value, cappedAt: maxUTF8Bytes, forKey: key)
        }
    }

    /// Writes a member whose name and value are fixed words, prepared once (see ``FixedMember``).
    mutating func member(_ member: FixedMember) {
        bytes.append(contentsOf: member.bytes[(needsComma ? 0 : 1)...])
        needsComma = true
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
        JSONStringEscaper.appendEscaped(string, to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// `string` as a quoted JSON string.
    static func quoted(_ string: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count + 2)
        appendQuoted(string, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
