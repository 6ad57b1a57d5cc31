/// A JSON value with the line and column where it starts, for diagnostics that point into the file.
struct PositionedJSON: Sendable, Hashable {
    enum Value: Sendable, Hashable {
        /// Members in file order; a duplicated key appears twice (and was reported).
        case object([Member])
        case array([PositionedJSON])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    struct Member: Sendable, Hashable {
        var key: String
        var keyLine: Int
        var keyColumn: Int
        var value: PositionedJSON
    }

    var value: Value
    var line: Int
    var column: Int

    /// The value of an object's member; the last one when the key is duplicated, like most readers.
    subscript(key: String) -> PositionedJSON? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.value
    }

    var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    var string: String? {
        if case .string(let string) = value { return string }
        return nil
    }

    /// The kind of value, for messages: "a string", "an object"…
    var kindDescription: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// A strict JSON (RFC 8259) parser that records where each value starts.
///
/// `JSONSerialization` gives no positions, and a translator's broken `.xcstrings` deserves a
/// `file:line:column`. Nesting is limited so that hostile input cannot exhaust the stack; the first
/// syntax error ends the parse (JSON has no reliable resynchronisation point).
struct PositionedJSONParser {
    /// Far above the depth of a String Catalog (about 12), far below what would strain the stack.
    static let maximumDepth = 100

    /// The parsed document, or `nil` after a syntax error; diagnostics include duplicate keys.
    static func parse(_ source: inout CatalogSourceText) -> (value: PositionedJSON?, diagnostics: [CatalogDiagnostic]) {
        let bytes = source.bytes
        return bytes.withUnsafeBufferPointer { buffer in
            var parser = PositionedJSONParser(buffer: buffer, source: source)
            defer { source = parser.source }
            do throws(Failure) {
                parser.skipWhitespace()
                let value = try parser.parseValue(depth: 0)
                parser.skipWhitespace()
                if parser.position < buffer.count {
                    throw Failure(offset: parser.position, message: "unexpected text after the JSON document")
                }
                return (value, parser.diagnostics)
            } catch {
                parser.diagnostics.append(parser.source.diagnostic(at: error.offset, .error, error.message))
                return (nil, parser.diagnostics)
            }
        }
    }

    struct Failure: Error {
        var offset: Int
        var message: String
    }

    private let buffer: UnsafeBufferPointer<UInt8>
    private var source: CatalogSourceText
    private var position = 0
    private var diagnostics: [CatalogDiagnostic] = []

    private init(buffer: UnsafeBufferPointer<UInt8>, source: CatalogSourceText) {
        self.buffer = buffer
        self.source = source
    }

    private mutating func skipWhitespace() {
        while position < buffer.count {
            switch buffer[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> PositionedJSON {
        guard position < buffer.count else { throw Failure(offset: position, message: "unexpected end of the file") }
        let (line, column) = source.location(of: position)
        let value: PositionedJSON.Value
        switch buffer[position] {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw Failure(offset: position, message: "JSON nested too deeply") }
            value = .object(try parseObject(depth: depth + 1))
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw Failure(offset: position, message: "JSON nested too deeply") }
            value = .array(try parseArray(depth: depth + 1))
        case UInt8(ascii: "\""):
            value = .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            value = .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            value = .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            value = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            value = .number(try parseNumber())
        default:
            throw Failure(offset: position, message: "expected a JSON value")
        }
        return PositionedJSON(value: value, line: line, column: column)
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> [PositionedJSON.Member] {
        position += 1
        var members: [PositionedJSON.Member] = []
        var lineByKey: [String: Int] = [:]
        skipWhitespace()
        if position < buffer.count, buffer[position] == UInt8(ascii: "}") {
            position += 1
            return members
        }
        while true {
            skipWhitespace()
            guard position < buffer.count, buffer[position] == UInt8(ascii: "\"") else {
                throw Failure(offset: position, message: "expected a key in double quotes")
            }
            let keyOffset = position
            let (keyLine, keyColumn) = source.location(of: keyOffset)
            let key = try parseString()
            skipWhitespace()
            guard position < buffer.count, buffer[position] == UInt8(ascii: ":") else {
                throw Failure(offset: position, message: "expected ':' after the key \"\(key)\"")
            }
            position += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            if let firstLine = firstLine(of: key, in: members, index: &lineByKey) {
                diagnostics.append(
                    source.diagnostic(
                        at: keyOffset, .warning,
                        "duplicate key \"\(key)\" (also on line \(firstLine)); this one is used", key: key))
            }
            members.append(PositionedJSON.Member(key: key, keyLine: keyLine, keyColumn: keyColumn, value: value))
            skipWhitespace()
            guard position < buffer.count else { throw Failure(offset: position, message: "expected '}'") }
            if buffer[position] == UInt8(ascii: ",") {
                position += 1
            } else if buffer[position] == UInt8(ascii: "}") {
                position += 1
                return members
            } else {
                throw Failure(offset: position, message: "expected ',' or '}' after the value of \"\(key)\"")
            }
        }
    }

    /// The line of an earlier member named `key`. Most objects of a catalog have one or two members,
    /// so a linear scan is cheaper than a dictionary, which is only built for large objects.
    private func firstLine(
        of key: String, in members: [PositionedJSON.Member], index: inout [String: Int]
    ) -> Int? {
        guard members.count >= 16 else { return members.first { $0.key == key }?.keyLine }
        if index.isEmpty {
            // Reversed, so that the first of duplicated keys keeps its line.
            for member in members.reversed() { index[member.key] = member.keyLine }
        } else if let last = members.last, index[last.key] == nil {
            // One member was appended since the previous call.
            index[last.key] = last.keyLine
        }
        return index[key]
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> [PositionedJSON] {
        position += 1
        var elements: [PositionedJSON] = []
        skipWhitespace()
        if position < buffer.count, buffer[position] == UInt8(ascii: "]") {
            position += 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard position < buffer.count else { throw Failure(offset: position, message: "expected ']'") }
            if buffer[position] == UInt8(ascii: ",") {
                position += 1
            } else if buffer[position] == UInt8(ascii: "]") {
                position += 1
                return elements
            } else {
                throw Failure(offset: position, message: "expected ',' or ']'")
            }
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
        let count = literal.utf8CodeUnitCount
        let matches =
            position + count <= buffer.count
            && UnsafeBufferPointer(rebasing: buffer[position..<position + count]).elementsEqual(
                UnsafeBufferPointer(start: literal.utf8Start, count: count))
        guard matches else { throw Failure(offset: position, message: "expected a JSON value") }
        position += count
    }

    private mutating func parseNumber() throws(Failure) -> Double {
        let start = position
        func digits() -> Int {
            let digitsStart = position
            while position < buffer.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(buffer[position]) {
                position += 1
            }
            return position - digitsStart
        }
        if buffer[position] == UInt8(ascii: "-") { position += 1 }
        let leadingZero = position < buffer.count && buffer[position] == UInt8(ascii: "0")
        let integerDigits = digits()
        guard integerDigits > 0, !(leadingZero && integerDigits > 1) else {
            throw Failure(offset: start, message: "invalid number")
        }
        if position < buffer.count, buffer[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw Failure(offset: start, message: "invalid number") }
        }
        if position < buffer.count, buffer[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < buffer.count, buffer[position] == UInt8(ascii: "+") || buffer[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits() > 0 else { throw Failure(offset: start, message: "invalid number") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<position]), as: UTF8.self)
        return Double(text) ?? .nan
    }

    private mutating func parseString() throws(Failure) -> String {
        let open = position
        position += 1
        let contentStart = position
        while position < buffer.count {
            let byte = buffer[position]
            if byte == UInt8(ascii: "\"") {
                let content = UnsafeBufferPointer(rebasing: buffer[contentStart..<position])
                position += 1
                return String(decoding: content, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: contentStart) }
            if byte < 0x20 {
                throw Failure(offset: position, message: "control character in a string; write it as an escape")
            }
            position += 1
        }
        throw Failure(offset: open, message: "unterminated string")
    }

    /// The slow path, for a string with escapes; the cursor is on its first backslash.
    private mutating func parseEscapedString(from contentStart: Int) throws(Failure) -> String {
        var output = Array(UnsafeBufferPointer(rebasing: buffer[contentStart..<position]))
        while position < buffer.count {
            let byte = buffer[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: output, as: UTF8.self)
            }
            if byte < 0x20 {
                throw Failure(offset: position, message: "control character in a string; write it as an escape")
            }
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                position += 1
                continue
            }
            guard position + 1 < buffer.count else { break }
            let escapeStart = position
            let escape = buffer[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try readHexUnit(escapeStart: escapeStart)
                if (0xD800...0xDBFF).contains(scalar), position + 1 < buffer.count,
                    buffer[position] == UInt8(ascii: "\\"), buffer[position + 1] == UInt8(ascii: "u")
                {
                    let lowStart = position
                    position += 2
                    let low = try readHexUnit(escapeStart: lowStart)
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        position = lowStart  // Not a pair: the second escape stands on its own.
                    }
                }
                // A lone surrogate is valid JSON syntax but not text: it becomes U+FFFD.
                let value = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                if let encoded = UTF8.encode(value) { output.append(contentsOf: encoded) }
            default:
                throw Failure(offset: escapeStart, message: "invalid escape in a string")
            }
        }
        throw Failure(offset: contentStart - 1, message: "unterminated string")
    }

    private mutating func readHexUnit(escapeStart: Int) throws(Failure) -> UInt32 {
        guard position + 4 <= buffer.count else { throw Failure(offset: escapeStart, message: "invalid \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = buffer[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw Failure(offset: escapeStart, message: "invalid \\u escape")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }
}
