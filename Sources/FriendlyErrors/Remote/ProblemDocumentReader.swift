/// Reads one problem details object (RFC 9457) from a response body, within
/// ``ProblemReadingLimits``: strict JSON (RFC 8259) in one pass, never more than
/// ``ProblemReadingLimits/maximumBodyBytes`` bytes, nesting, members, texts and items all capped.
///
/// Anything but one well-formed JSON object within the limits — HTML, text, binary, an array, a
/// truncated or too deeply nested body — is not a problem document (`nil`): the client shows the
/// status's generic alert, never the body's text. Invalid UTF-8 inside a string becomes U+FFFD;
/// a lone surrogate escape too.
///
/// Its own reader rather than Foundation's `JSONSerialization` (measured in `Benchmarks/README.md`):
/// it builds only the members it keeps, skips the rest without making strings or dictionaries,
/// and bounds nesting itself.
struct ProblemDocumentReader {
    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    private struct Malformed: Error {}

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The problem document `bytes` hold, or `nil` when they hold none (see the type's documentation).
    static func read(_ bytes: [UInt8]) -> ProblemDocument? {
        guard bytes.count <= ProblemReadingLimits.maximumBodyBytes else { return nil }
        var reader = ProblemDocumentReader(bytes: bytes)
        do {
            return try reader.readDocument()
        } catch {
            return nil
        }
    }

    private typealias Limits = ProblemReadingLimits

    private mutating func readDocument() throws(Malformed) -> ProblemDocument {
        // A byte order mark, which RFC 8259 lets a reader ignore.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else { throw Malformed() }
        var document = ProblemDocument()
        let text = Limits.maximumTextBytes
        let identifier = Limits.maximumIdentifierBytes
        try readObject { reader, key throws(Malformed) in
            switch key {
            case "type": document.type = try reader.readString(limit: text)
            case "title": document.title = try reader.readString(limit: text)
            case "status": document.status = try reader.readInteger()
            case "detail": document.detail = try reader.readString(limit: text)
            case "code": document.code = try reader.readString(limit: identifier)
            case "category": document.category = try reader.readString(limit: identifier)
            case "severity": document.severity = try reader.readString(limit: identifier)
            case "reason": document.reason = try reader.readString(limit: text)
            case "suggestion": document.suggestion = try reader.readString(limit: text)
            case "referenceId": document.referenceID = try reader.readString(limit: identifier)
            case "traceId": document.traceID = try reader.readString(limit: identifier)
            case "language": document.language = try reader.readString(limit: identifier)
            case "actions": document.actions = try reader.readActions()
            case "errors", "invalid-params": document.fieldProblems += try reader.readFieldProblems()
            default: try reader.skipValue()
            }
        }
        skipWhitespace()
        guard position == bytes.count else { throw Malformed() }
        if document.fieldProblems.count > Limits.maximumFieldProblems {
            document.fieldProblems.removeSubrange(Limits.maximumFieldProblems...)
        }
        return document
    }

    // MARK: The members kept

    /// `actions`: `[{"id", "title", "role", "href"}]`; any other value is skipped.
    private mutating func readActions() throws(Malformed) -> [ProblemDocument.Action] {
        var actions: [ProblemDocument.Action] = []
        guard peek() == UInt8(ascii: "[") else {
            try skipValue()
            return actions
        }
        try readArray { reader throws(Malformed) in
            guard actions.count < Limits.maximumActions, reader.peek() == UInt8(ascii: "{") else {
                try reader.skipValue()
                return
            }
            var action = ProblemDocument.Action()
            try reader.readObject { reader, key throws(Malformed) in
                switch key {
                case "id": action.id = try reader.readString(limit: Limits.maximumIdentifierBytes)
                case "title": action.title = try reader.readString(limit: Limits.maximumTextBytes)
                case "role": action.role = try reader.readString(limit: Limits.maximumIdentifierBytes)
                case "href": action.href = try reader.readString(limit: Limits.maximumTextBytes)
                default: try reader.skipValue()
                }
            }
            actions.append(action)
        }
        return actions
    }

    /// `errors` as this library writes it (`[{"pointer" | "field", "code", "detail"}]`), as ASP.NET
    /// Core writes it (`{"Name": ["The Name field is required."]}`), or RFC 9457's example
    /// `invalid-params` (`[{"name", "reason"}]`).
    private mutating func readFieldProblems() throws(Malformed) -> [ProblemDocument.Field] {
        var fields: [ProblemDocument.Field] = []
        let text = Limits.maximumTextBytes
        switch peek() {
        case UInt8(ascii: "["):
            try readArray { reader throws(Malformed) in
                guard fields.count < Limits.maximumFieldProblems, reader.peek() == UInt8(ascii: "{") else {
                    try reader.skipValue()
                    return
                }
                var field: String?
                var code: String?
                var detail: String?
                try reader.readObject { reader, key throws(Malformed) in
                    switch key {
                    case "pointer", "field", "name": field = try reader.readString(limit: text) ?? field
                    case "code": code = try reader.readString(limit: Limits.maximumIdentifierBytes)
                    case "detail", "reason": detail = try reader.readString(limit: text) ?? detail
                    default: try reader.skipValue()
                    }
                }
                if let field { fields.append(ProblemDocument.Field(field: field, code: code, detail: detail)) }
            }
        case UInt8(ascii: "{"):
            try readObject { reader, key throws(Malformed) in
                switch reader.peek() {
                case UInt8(ascii: "["):
                    try reader.readArray { reader throws(Malformed) in
                        let message = try reader.readString(limit: text)
                        if let message, fields.count < Limits.maximumFieldProblems {
                            fields.append(ProblemDocument.Field(field: key, code: nil, detail: message))
                        }
                    }
                case UInt8(ascii: "\""):
                    let message = try reader.readString(limit: text)
                    if let message, fields.count < Limits.maximumFieldProblems {
                        fields.append(ProblemDocument.Field(field: key, code: nil, detail: message))
                    }
                default:
                    try reader.skipValue()
                }
            }
        default:
            try skipValue()
        }
        return fields
    }

    // MARK: Values

    /// A string value, capped at `limit` UTF-8 bytes; `nil` for `null` or a value of another kind,
    /// which is skipped.
    private mutating func readString(limit: Int) throws(Malformed) -> String? {
        guard peek() == UInt8(ascii: "\"") else {
            try skipValue()
            return nil
        }
        return try parseString(limit: limit)
    }

    /// An integer value; `nil` for anything else (a fraction, an exponent, a huge number, another
    /// kind), which is skipped.
    private mutating func readInteger() throws(Malformed) -> Int? {
        let start = position
        try skipValue()
        let digits = bytes[start..<position]
        guard !digits.isEmpty, digits.count <= 9,
            digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// The next byte after whitespace, without taking it; 0 at the end.
    private mutating func peek() -> UInt8 {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : 0
    }

    /// An object: `body` reads each member's value, with the reader and the member's name (names
    /// longer than 64 bytes are cut and so match no member read).
    private mutating func readObject(
        _ body: (inout ProblemDocumentReader, String) throws(Malformed) -> Void
    ) throws(Malformed) {
        try expect(UInt8(ascii: "{"))
        depth += 1
        guard depth <= Limits.maximumDepth else { throw Malformed() }
        var members = 0
        if peek() == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return
        }
        while true {
            members += 1
            guard members <= Limits.maximumMembers, peek() == UInt8(ascii: "\"") else { throw Malformed() }
            let key = try parseString(limit: 64)
            guard peek() == UInt8(ascii: ":") else { throw Malformed() }
            position += 1
            try body(&self, key)
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                depth -= 1
                return
            default: throw Malformed()
            }
        }
    }

    /// An array: `body` reads each element.
    private mutating func readArray(_ body: (inout ProblemDocumentReader) throws(Malformed) -> Void) throws(Malformed) {
        try expect(UInt8(ascii: "["))
        depth += 1
        guard depth <= Limits.maximumDepth else { throw Malformed() }
        if peek() == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return
        }
        while true {
            try body(&self)
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                depth -= 1
                return
            default: throw Malformed()
            }
        }
    }

    /// Any value, checked and skipped without building it.
    private mutating func skipValue() throws(Malformed) {
        switch peek() {
        case UInt8(ascii: "{"): try readObject { reader, _ throws(Malformed) in try reader.skipValue() }
        case UInt8(ascii: "["): try readArray { reader throws(Malformed) in try reader.skipValue() }
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try expectLiteral("true")
        case UInt8(ascii: "f"): try expectLiteral("false")
        case UInt8(ascii: "n"): try expectLiteral("null")
        default: try skipNumber()
        }
    }

    private mutating func expect(_ byte: UInt8) throws(Malformed) {
        guard peek() == byte else { throw Malformed() }
        position += 1
    }

    private mutating func expectLiteral(_ literal: String) throws(Malformed) {
        let count = literal.utf8.count
        guard position + count <= bytes.count, bytes[position..<position + count].elementsEqual(literal.utf8) else {
            throw Malformed()
        }
        position += count
    }

    /// A number as RFC 8259 has it: `-`, an integer without leading zeros, a fraction, an exponent.
    private mutating func skipNumber() throws(Malformed) {
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw Malformed() }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw Malformed() }
            skipDigits()
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw Malformed() }
            skipDigits()
        }
    }

    private mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    // MARK: Strings

    /// A string without building it: its escapes checked, a raw control character refused.
    private mutating func skipString() throws(Malformed) {
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { throw Malformed() }
                if bytes[position] == UInt8(ascii: "u") {
                    _ = try hexQuad(at: position + 1)
                    position += 5
                } else {
                    guard Self.simpleEscape(bytes[position]) != nil else { throw Malformed() }
                    position += 1
                }
            case 0..<0x20: throw Malformed()
            default: continue
            }
        }
        throw Malformed()
    }

    /// The string at the reader's position (its opening quote), capped at `limit` UTF-8 bytes: cut
    /// at a character and ended with `…`. Invalid UTF-8 becomes U+FFFD.
    private mutating func parseString(limit: Int) throws(Malformed) -> String {
        position += 1
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = Self.capped(bytes[start..<position], limit: limit)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: start, limit: limit) }
            guard byte >= 0x20 else { throw Malformed() }
            position += 1
        }
        throw Malformed()
    }

    /// The rest of a string holding escapes, from `start` (after its opening quote); the reader is
    /// at its first backslash. Bytes past the cap are checked, not kept.
    private mutating func parseEscapedString(from start: Int, limit: Int) throws(Malformed) -> String {
        // Enough for the cap and the character it cuts, so that `capped` can tell a cut was made.
        let keep = limit + 8
        var text: [UInt8] = []
        text.reserveCapacity(min(keep, position - start + 32))
        text.append(contentsOf: bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return Self.capped(text[...], limit: limit)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { throw Malformed() }
                let escape = bytes[position]
                if escape == UInt8(ascii: "u") {
                    var scalar = try hexQuad(at: position + 1)
                    position += 5
                    if (0xD800...0xDBFF).contains(scalar), position + 6 <= bytes.count,
                        bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                    {
                        let low = try hexQuad(at: position + 2)
                        if (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                            position += 6
                        }
                    }
                    if text.count < keep { Self.appendUTF8(Unicode.Scalar(scalar) ?? "\u{FFFD}", to: &text) }
                } else {
                    guard let simple = Self.simpleEscape(escape) else { throw Malformed() }
                    position += 1
                    if text.count < keep { text.append(simple) }
                }
            case 0..<0x20:
                throw Malformed()
            default:
                if text.count < keep { text.append(byte) }
            }
        }
        throw Malformed()
    }

    /// The value of the four hexadecimal digits at `offset`.
    private func hexQuad(at offset: Int) throws(Malformed) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw Malformed() }
        var value: UInt32 = 0
        for byte in bytes[offset..<offset + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Malformed()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The byte a one-letter escape stands for (`\n`…), `nil` for no escape.
    private static func simpleEscape(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    private static func appendUTF8(_ scalar: Unicode.Scalar, to text: inout [UInt8]) {
        UTF8.encode(scalar) { text.append($0) }
    }

    /// `utf8` as a string of at most `limit` bytes: a longer one is cut before the character (grapheme
    /// cluster) that would cross the limit and ends with one `…` (`cappedAtGraphemeBoundary`, as the
    /// presenters cut). Only the start that can be kept is decoded, with a whole character after it.
    private static func capped(_ utf8: ArraySlice<UInt8>, limit: Int) -> String {
        guard utf8.count > limit else { return String(decoding: utf8, as: UTF8.self) }
        // The limit, one more scalar (at most 4 bytes) to tell whether the last kept one ends a character,
        // and the rest of the sequence it ends in (a continuation byte is 10xxxxxx).
        var end = min(utf8.endIndex, utf8.startIndex + limit + 4)
        while end < utf8.endIndex, utf8[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: utf8[utf8.startIndex..<end], as: UTF8.self).cappedAtGraphemeBoundary(
            maxUTF8Bytes: limit)
    }
}
