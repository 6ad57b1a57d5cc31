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

/// A JSON (RFC 8259) parser that records where each value starts and can resynchronise after a
/// syntax error.
///
/// `JSONSerialization` gives no positions, and a translator's broken `.xcstrings` deserves a
/// `file:line:column`. Nesting is limited so that hostile input cannot exhaust the stack.
///
/// **Recovery.** Every syntax error is reported as an error diagnostic. A `,` right before `}` or
/// `]` is reported and skipped. In the objects of the first ``Recovery/depth`` levels (for a String
/// Catalog: the document and its `strings`), a member that cannot be read is dropped and the parser
/// resynchronises: from the broken member on, it tries each following `"` as the start of a member
/// (`"key" : value`) and goes on from the first one that reads completely and that
/// ``Recovery/accepts`` for that level. Members before and after the damage are kept. Each
/// candidate is read at most once, so recovery stays linear in the file's size times the nesting.
struct PositionedJSONParser {
    /// Far above the depth of a String Catalog (about 12), far below what would strain the stack.
    static let maximumDepth = 100

    /// Where and how the parser resynchronises after a syntax error.
    struct Recovery: Sendable {
        /// Whether the object at a depth (the document is at depth 1), under a member named `key`,
        /// resynchronises after a syntax error in one of its members.
        var recovers: @Sendable (_ depth: Int, _ key: String?) -> Bool
        /// Whether a member found while resynchronising an object at a depth is one to resume at.
        var accepts: @Sendable (_ depth: Int, _ member: PositionedJSON.Member) -> Bool

        /// No recovery: the first syntax error ends the parse.
        static let none = Recovery(recovers: { _, _ in false }, accepts: { _, _ in false })
    }

    /// The parsed document, or `nil` when nothing could be read; diagnostics include every syntax
    /// error and duplicate keys.
    static func parse(
        _ source: inout CatalogSourceText, recovery: Recovery = .none
    ) -> (value: PositionedJSON?, diagnostics: [CatalogDiagnostic]) {
        var parser = PositionedJSONParser(buffer: source.bytes, source: source, recovery: recovery)
        defer { source = parser.source }
        do throws(Failure) {
            parser.skipWhitespace()
            if recovery.recovers(1, nil) { return (parser.parseRecoveringDocument(), parser.diagnostics) }
            let value = try parser.parseValue(depth: 0, key: nil)
            parser.skipWhitespace()
            if parser.position < parser.buffer.count {
                // The document was read; what follows it is reported and ignored.
                parser.report(Failure(offset: parser.position, message: "unexpected text after the JSON document"))
            }
            return (value, parser.diagnostics)
        } catch {
            parser.report(error)
            return (nil, parser.diagnostics)
        }
    }

    struct Failure: Error {
        var offset: Int
        var message: String
        /// Whether the value at `offset` is nested deeper than ``maximumDepth``.
        var isTooDeep = false

        static func tooDeep(at offset: Int) -> Failure {
            Failure(
                offset: offset,
                message: "JSON nested too deeply (more than \(maximumDepth) levels); what is inside is skipped",
                isTooDeep: true)
        }
    }

    private let buffer: [UInt8]
    private var source: CatalogSourceText
    private let recovery: Recovery
    private var position = 0
    private var diagnostics: [CatalogDiagnostic] = []
    /// Set when resynchronising ran to the end of the file: the objects still open there end
    /// without a second diagnostic.
    private var recoveryReachedTheEnd = false
    /// Where the value of the last member read starts.
    private var lastStringValueStart = 0

    private init(buffer: [UInt8], source: CatalogSourceText, recovery: Recovery) {
        self.buffer = buffer
        self.source = source
        self.recovery = recovery
    }

    private mutating func report(_ failure: Failure) {
        diagnostics.append(source.diagnostic(at: failure.offset, .error, failure.message))
    }

    private mutating func skipWhitespace() {
        while position < buffer.count {
            switch buffer[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// A document that must be an object, read with recovery: a damaged opening brace, an early
    /// closing one or text after the end lose none of the members that can be read.
    private mutating func parseRecoveringDocument() -> PositionedJSON {
        var members: [PositionedJSON.Member] = []
        var lineByKey: [String: Int] = [:]
        if position < buffer.count, buffer[position] == UInt8(ascii: "{") {
            position += 1
            parseMembers(depth: 1, key: nil, into: &members, lineByKey: &lineByKey, resynchronizingFrom: nil)
        } else {
            report(Failure(offset: position, message: "expected '{' at the start of the document"))
            parseMembers(depth: 1, key: nil, into: &members, lineByKey: &lineByKey, resynchronizingFrom: position)
        }
        while true {
            skipWhitespace()
            guard position < buffer.count else { break }
            report(Failure(offset: position, message: "unexpected text after the JSON document"))
            parseMembers(depth: 1, key: nil, into: &members, lineByKey: &lineByKey, resynchronizingFrom: position)
        }
        return PositionedJSON(value: .object(members), line: 1, column: 1)
    }

    private mutating func parseValue(depth: Int, key: String?) throws(Failure) -> PositionedJSON {
        guard position < buffer.count else { throw Failure(offset: position, message: "unexpected end of the file") }
        let (line, column) = source.location(of: position)
        let value: PositionedJSON.Value
        switch buffer[position] {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw Failure.tooDeep(at: position) }
            value = .object(try parseObject(depth: depth + 1, key: key))
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw Failure.tooDeep(at: position) }
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

    private mutating func parseObject(depth: Int, key: String?) throws(Failure) -> [PositionedJSON.Member] {
        position += 1
        var members: [PositionedJSON.Member] = []
        var lineByKey: [String: Int] = [:]
        skipWhitespace()
        if position < buffer.count, buffer[position] == UInt8(ascii: "}") {
            position += 1
            return members
        }
        if recovery.recovers(depth, key) {
            parseMembers(depth: depth, key: key, into: &members, lineByKey: &lineByKey, resynchronizingFrom: nil)
            return members
        }
        while true {
            skipWhitespace()
            members.append(try parseMember(depth: depth, members: members, lineByKey: &lineByKey))
            skipWhitespace()
            guard position < buffer.count else { throw Failure(offset: position, message: "expected '}'") }
            if buffer[position] == UInt8(ascii: ",") {
                if skipComma(closedBy: UInt8(ascii: "}")) { return members }
            } else if buffer[position] == UInt8(ascii: "}") {
                position += 1
                return members
            } else {
                let key = members.last?.key ?? ""
                throw Failure(offset: position, message: "expected ',' or '}' after the value of \"\(key)\"")
            }
        }
    }

    /// The members of an object that recovers, up to and including its `}` or the end of the file;
    /// first resynchronising from `resynchronizingFrom` when it is given.
    private mutating func parseMembers(
        depth: Int, key: String?, into members: inout [PositionedJSON.Member], lineByKey: inout [String: Int],
        resynchronizingFrom start: Int?
    ) {
        if let start, !resynchronize(from: start, depth: depth, members: &members, lineByKey: &lineByKey) { return }
        var resumed = start != nil
        while true {
            if !resumed {
                skipWhitespace()
                let memberStart = position
                do throws(Failure) {
                    members.append(try parseMember(depth: depth, members: members, lineByKey: &lineByKey))
                } catch {
                    report(error)
                    guard resynchronize(from: memberStart + 1, depth: depth, members: &members, lineByKey: &lineByKey)
                    else { return }
                }
            }
            resumed = false
            skipWhitespace()
            guard position < buffer.count else {
                if !recoveryReachedTheEnd { report(Failure(offset: position, message: "expected '}'")) }
                recoveryReachedTheEnd = true
                return
            }
            if buffer[position] == UInt8(ascii: ",") {
                if skipComma(closedBy: UInt8(ascii: "}")) { return }
            } else if buffer[position] == UInt8(ascii: "}") {
                position += 1
                return
            } else {
                // The member before is whole: keep it, and resume at the next member found. When its
                // value is a string, that string may be the key of the next member whose own value was
                // lost (`"strings" : "alpha" : {`), so the search starts at it.
                let last = members.last
                report(
                    Failure(offset: position, message: "expected ',' or '}' after the value of \"\(last?.key ?? "")\""))
                let from = last?.value.string != nil ? lastStringValueStart : position
                guard resynchronize(from: from, depth: depth, members: &members, lineByKey: &lineByKey) else { return }
                resumed = true
            }
        }
    }

    /// Steps over the `,` at the cursor; when `closing` follows it, reports the stray comma, steps
    /// over `closing` too and answers `true`: the container ends there.
    private mutating func skipComma(closedBy closing: UInt8) -> Bool {
        let comma = position
        position += 1
        skipWhitespace()
        guard position < buffer.count, buffer[position] == closing else { return false }
        let name = closing == UInt8(ascii: "}") ? "}" : "]"
        report(Failure(offset: comma, message: "a ',' before '\(name)' (the comma is ignored)"))
        position += 1
        return true
    }

    /// `"key" : value`, with a warning when the key is a duplicate.
    private mutating func parseMember(
        depth: Int, members: [PositionedJSON.Member], lineByKey: inout [String: Int]
    ) throws(Failure) -> PositionedJSON.Member {
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
        lastStringValueStart = position
        let value = try parseValue(depth: depth, key: key)
        if let firstLine = firstLine(of: key, in: members, index: &lineByKey) {
            diagnostics.append(
                source.diagnostic(
                    at: keyOffset, .warning,
                    "duplicate key \"\(key)\" (also on line \(firstLine)); this one is used", key: key))
        }
        return PositionedJSON.Member(key: key, keyLine: keyLine, keyColumn: keyColumn, value: value)
    }

    /// Looks from `start` on for the next member of the object being read — the first `"` where a
    /// whole member reads and ``Recovery/accepts`` it — appends it and answers `true`; answers `false`
    /// at the end of the file. Diagnostics of the candidates that were not taken are dropped.
    private mutating func resynchronize(
        from start: Int, depth: Int, members: inout [PositionedJSON.Member], lineByKey: inout [String: Int]
    ) -> Bool {
        var candidate = start
        while candidate < buffer.count {
            guard let quote = buffer[candidate...].firstIndex(of: UInt8(ascii: "\""))
            else { break }
            position = quote
            let diagnosticCount = diagnostics.count
            let reachedTheEnd = recoveryReachedTheEnd
            candidate = quote + 1
            do throws(Failure) {
                let member = try parseMember(depth: depth, members: members, lineByKey: &lineByKey)
                if recovery.accepts(depth, member) {
                    members.append(member)
                    return true
                }
            } catch  where error.isTooDeep {
                // Every `"` before the too-deep value starts a member that holds it, or one inside
                // it: trying each would read the nest again and again (quadratic in its depth).
                candidate = max(candidate, error.offset + 1)
            } catch {}
            diagnostics.removeSubrange(diagnosticCount...)
            recoveryReachedTheEnd = reachedTheEnd
        }
        position = buffer.count
        recoveryReachedTheEnd = true
        return false
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
            elements.append(try parseValue(depth: depth, key: nil))
            skipWhitespace()
            guard position < buffer.count else {
                if recoveryReachedTheEnd { return elements }
                throw Failure(offset: position, message: "expected ']'")
            }
            if buffer[position] == UInt8(ascii: ",") {
                if skipComma(closedBy: UInt8(ascii: "]")) { return elements }
            } else if buffer[position] == UInt8(ascii: "]") {
                position += 1
                return elements
            } else {
                throw Failure(offset: position, message: "expected ',' or ']'")
            }
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(Failure) {
        let count = literal.utf8.count
        let matches =
            position + count <= buffer.count
            && buffer[position..<position + count].elementsEqual(literal.utf8)
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
        let text = String(decoding: buffer[start..<position], as: UTF8.self)
        return Double(text) ?? .nan
    }

    private mutating func parseString() throws(Failure) -> String {
        let open = position
        position += 1
        let contentStart = position
        while position < buffer.count {
            let byte = buffer[position]
            if byte == UInt8(ascii: "\"") {
                let content = buffer[contentStart..<position]
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
        var output = Array(buffer[contentStart..<position])
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
