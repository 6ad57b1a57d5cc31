import Foundation

/// A reader for Apple's `.strings` text format that keeps every good entry.
///
/// Foundation drops a whole table on one syntax error and says so only on stderr. This parser reports
/// each problem as a `file:line:column` diagnostic and recovers: it skips to the next line that can
/// start an entry, so one typo costs one entry. The format, as Apple's reader accepts it:
///
/// ```
/// /* A comment */  // or a line comment
/// "key" = "value with \"escapes\" \n \t \U00E9";
/// unquoted.key-1 = value;    // unquoted strings: letters, digits and _ . - $ : /
/// "Cancel";                  // shorthand for "Cancel" = "Cancel";
/// ```
///
/// The text may be UTF-8 or UTF-16 (with a BOM), with any line endings, optionally wrapped in `{ }`.
enum StringsFileParser {
    /// Parses a file's contents; `file` names it in diagnostics.
    static func parse(_ data: Data, file: String) -> (entries: [CatalogEntry], diagnostics: [CatalogDiagnostic]) {
        let result = parseTable(bytes: [UInt8](data), file: file)
        return (result.entries, result.diagnostics)
    }

    /// Parses a file's raw bytes; `file` names it in diagnostics.
    static func parse(bytes: [UInt8], file: String) -> (entries: [CatalogEntry], diagnostics: [CatalogDiagnostic]) {
        let result = parseTable(bytes: bytes, file: file)
        return (result.entries, result.diagnostics)
    }

    /// What ``parseTable(bytes:file:)`` finds.
    struct Table {
        /// The entries, one a key, in the order their keys first appear.
        var entries: [CatalogEntry]
        var diagnostics: [CatalogDiagnostic]
        /// The index of each key's entry in `entries`: the table the parser builds to find
        /// duplicates, handed on so that the loader derives its own tables from it with `mapValues`
        /// instead of hashing every key again.
        var indexByKey: [String: Int]
    }

    /// Parses a file's raw bytes, keeping the key index built on the way; `file` names it in diagnostics.
    static func parseTable(bytes: [UInt8], file: String) -> Table {
        if let message = unsupportedFormat(bytes) {
            let diagnostic = CatalogDiagnostic(file: file, line: 1, column: 1, severity: .error, message: message)
            return Table(entries: [], diagnostics: [diagnostic], indexByKey: [:])
        }
        let source = CatalogSourceText(decoding: bytes, file: file)
        let diagnostics = source.diagnostics
        var parser = StringsParserState(source: source)
        parser.diagnostics = diagnostics
        parser.run()
        return Table(entries: parser.entries, diagnostics: parser.diagnostics, indexByKey: parser.indexByKey)
    }

    /// Compiled `.strings` in app bundles are property lists, which this text parser cannot read.
    private static func unsupportedFormat(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: "bplist".utf8) {
            return "this is a binary property list (a compiled .strings file); use the source .strings file"
        }
        if bytes.starts(with: "<?xml".utf8) {
            return "this is an XML property list; only the text .strings format is supported"
        }
        return nil
    }
}

/// The parser proper: a cursor over the bytes, the entries found and the diagnostics.
struct StringsParserState {
    let buffer: [UInt8]
    var source: CatalogSourceText
    var position = 0
    var entries: [CatalogEntry] = []
    var diagnostics: [CatalogDiagnostic] = []
    /// Index of each key in `entries`, to replace duplicates in place (the last value wins, as in
    /// Apple's reader) and to name the earlier line.
    private(set) var indexByKey: [String: Int] = [:]
    /// After an error, further errors are not reported until an entry parses again: they are
    /// usually echoes of the first one.
    private var recovering = false
    /// Where ``unescape(_:key:)`` decodes; reused for every string of the file.
    private var scratch: [UInt8] = []

    init(source: CatalogSourceText) {
        self.buffer = source.bytes
        self.source = source
        // One entry a line is the usual shape: reserving avoids rehashing a large catalog's keys
        // again at every growth of the table.
        let expected = min(source.lineCount, buffer.count / 6 + 1)
        entries.reserveCapacity(expected)
        indexByKey.reserveCapacity(expected)
    }

    /// Why an entry could not be read: where and what.
    struct Failure: Error {
        var offset: Int
        var message: String
        var key: String?
    }

    mutating func run() {
        skipTrivia()
        var wrapped = false
        if peek == UInt8(ascii: "{") {
            wrapped = true
            position += 1
        }
        while true {
            skipTrivia()
            guard position < buffer.count else { break }
            if wrapped && peek == UInt8(ascii: "}") {
                wrapped = false
                position += 1
                skipTrivia()
                if position < buffer.count { report(Failure(offset: position, message: "unexpected text after '}'")) }
                break
            }
            let entryStart = position
            do {
                add(try parseEntry())
                recovering = false
            } catch {
                if !recovering { report(error) }
                recovering = true
                position = recoveryPoint(after: entryStart)
            }
        }
        if wrapped { report(Failure(offset: buffer.count, message: "expected '}' at the end of the file")) }
    }

    private var peek: UInt8? { position < buffer.count ? buffer[position] : nil }

    private mutating func report(_ failure: Failure, severity: Severity = .error) {
        diagnostics.append(source.diagnostic(at: failure.offset, severity, failure.message, key: failure.key))
    }

    private mutating func add(_ entry: consuming CatalogEntry) {
        // One hash of the key for new keys, the common case; a duplicate puts the earlier index back.
        guard let previous = indexByKey.updateValue(entries.count, forKey: entry.key) else {
            entries.append(entry)
            return
        }
        indexByKey[entry.key] = previous
        let message =
            "duplicate key \"\(entry.key)\": this value (line \(entry.line)) replaces the one "
            + "on line \(entries[previous].line)"
        diagnostics.append(
            CatalogDiagnostic(
                file: source.file, line: entry.line, column: entry.column, severity: .warning, message: message,
                key: entry.key))
        entries[previous] = entry
    }

    /// `key = value;` or `key;`, with the cursor on the key.
    private mutating func parseEntry() throws(Failure) -> CatalogEntry {
        let keyStart = position
        guard let key = try parseString() else {
            let found = describe(peek)
            throw Failure(offset: keyStart, message: "expected a key in quotes, found \(found)")
        }
        let (line, column) = source.location(of: keyStart)
        let keyEnd = position
        skipTrivia()
        if peek == UInt8(ascii: ";") {
            position += 1
            return CatalogEntry(key: key, value: .text(key), line: line, column: column)
        }
        guard peek == UInt8(ascii: "=") else {
            throw Failure(offset: keyEnd, message: "expected '=' or ';' after the key \"\(key)\"", key: key)
        }
        let equalsEnd = position + 1
        position = equalsEnd
        skipTrivia()
        let valueStart = position
        guard let value = try parseString(key: key) else {
            throw Failure(offset: equalsEnd, message: "expected a value in quotes after '=' for \"\(key)\"", key: key)
        }
        let valueEnd = position
        skipTrivia()
        let entry = CatalogEntry(key: key, value: .text(value), line: line, column: column)
        if peek == UInt8(ascii: ";") {
            position += 1
            return entry
        }
        // Report a missing `;` where the entry ends, not where the next one begins.
        let missing = Failure(offset: valueEnd, message: "expected ';' after the value of \"\(key)\"", key: key)
        let endLine = source.line(of: valueEnd)
        guard position >= buffer.count || source.line(of: position) > endLine else {
            // The next text is on the value's last line. If the value spans lines, its closing quote
            // was probably forgotten and the quote that opened the next entry closed it instead.
            let startLine = source.line(of: valueStart)
            guard startLine == endLine else {
                let hint = " (the value runs from line \(startLine); is a closing quote missing?)"
                throw Failure(offset: valueEnd, message: missing.message + hint, key: key)
            }
            throw missing
        }
        // The value ends its line: the entry is unambiguous, so it is kept and the `;` reported.
        if !recovering { report(missing) }
        return entry
    }

    /// A quoted or unquoted string, or `nil` when the cursor is not on one.
    private mutating func parseString(key: String? = nil) throws(Failure) -> String? {
        guard let first = peek else { return nil }
        if first == UInt8(ascii: "\"") { return try parseQuoted(key: key) }
        guard Self.isUnquotedByte(first) else { return nil }
        let start = position
        while let byte = peek, Self.isUnquotedByte(byte) { position += 1 }
        return String(decoding: buffer[start..<position], as: UTF8.self)
    }

    private mutating func parseQuoted(key: String?) throws(Failure) -> String {
        let open = position
        let contentStart = open + 1
        let (quote, backslash) = (UInt8(ascii: "\""), UInt8(ascii: "\\"))
        var index = ASCIIRunScanner.firstIndex(of: quote, or: backslash, in: buffer, from: contentStart)
        var hasEscape = false
        while index < buffer.count {
            if buffer[index] == quote {
                position = index + 1
                if !hasEscape { return String(decoding: buffer[contentStart..<index], as: UTF8.self) }
                return unescape(contentStart..<index, key: key)
            }
            // A backslash: the byte after it is escaped, even a quote.
            hasEscape = true
            index = ASCIIRunScanner.firstIndex(of: quote, or: backslash, in: buffer, from: index + 2)
        }
        position = buffer.count
        throw Failure(offset: open, message: "unterminated string: no closing quote for the quote here", key: key)
    }

    /// Decodes the escapes of a quoted string's content, the bytes `range` of the file.
    ///
    /// The decoded bytes go to `scratch`, one buffer reused for every string of the file, and are
    /// copied once into the `String`: no array is allocated per string.
    private mutating func unescape(_ range: Range<Int>, key: String?) -> String {
        scratch.removeAll(keepingCapacity: true)
        var warnings: [(at: Int, message: String)] = []
        Self.decodeEscapes(buffer[range], into: &scratch, warnings: &warnings)
        let text = String(decoding: scratch, as: UTF8.self)
        for warning in warnings {
            report(Failure(offset: warning.at, message: warning.message, key: key), severity: .warning)
        }
        return text
    }

    /// Appends the decoded `content` to `output`; problems are added to `warnings` with their offset
    /// in the file.
    ///
    /// `\U` and `\u` take up to four hex digits of a UTF-16 code unit, so characters beyond U+FFFF
    /// are written as two escapes (a surrogate pair). Octal escapes (`\0`, `\101`) are read as
    /// Latin-1, a close approximation of the NeXTSTEP encoding Apple's reader uses for them.
    private static func decodeEscapes(
        _ content: ArraySlice<UInt8>, into output: inout [UInt8], warnings: inout [(at: Int, message: String)]
    ) {
        var pendingHigh: (unit: UInt32, at: Int)?
        func write(_ byte: UInt8) { output.append(byte) }
        func append(_ scalar: UInt32) {
            let value = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            if let encoded = UTF8.encode(value) { for byte in encoded { write(byte) } }
        }
        func flushPendingHigh() {
            guard let pending = pendingHigh else { return }
            warnings.append((pending.at, "unpaired UTF-16 surrogate escape"))
            append(0xFFFD)
            pendingHigh = nil
        }
        let backslash = UInt8(ascii: "\\")
        var index = content.startIndex
        while index < content.endIndex {
            // Text between escapes is copied as it is, a run at a time.
            let next = ASCIIRunScanner.firstIndex(of: backslash, or: backslash, in: content, from: index)
            if next > index {
                flushPendingHigh()
                output.append(contentsOf: content[index..<next])
                index = next
                continue
            }
            guard index + 1 < content.endIndex else {
                flushPendingHigh()
                write(backslash)
                index += 1
                continue
            }
            let escape = content[index + 1]
            let escapeStart = index
            index += 2
            if escape != UInt8(ascii: "U") && escape != UInt8(ascii: "u") { flushPendingHigh() }
            switch escape {
            case UInt8(ascii: "n"): write(0x0A)
            case UInt8(ascii: "t"): write(0x09)
            case UInt8(ascii: "r"): write(0x0D)
            case UInt8(ascii: "a"): write(0x07)
            case UInt8(ascii: "b"): write(0x08)
            case UInt8(ascii: "f"): write(0x0C)
            case UInt8(ascii: "v"): write(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(escape - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, index < content.endIndex,
                    (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(content[index])
                {
                    value = value * 8 + UInt32(content[index] - UInt8(ascii: "0"))
                    index += 1
                    digits += 1
                }
                append(value <= 0xFF ? value : 0xFFFD)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var unit: UInt32 = 0
                var digits = 0
                while digits < 4, index < content.endIndex, let digit = hexValue(content[index]) {
                    unit = unit * 16 + digit
                    index += 1
                    digits += 1
                }
                guard digits > 0 else {
                    flushPendingHigh()
                    warnings.append((escapeStart, "'\\U' without hex digits"))
                    write(escape)
                    continue
                }
                if (0xD800...0xDBFF).contains(unit) {
                    flushPendingHigh()
                    pendingHigh = (unit, escapeStart)
                } else if (0xDC00...0xDFFF).contains(unit) {
                    if let high = pendingHigh {
                        append(0x10000 + ((high.unit - 0xD800) << 10) + (unit - 0xDC00))
                        pendingHigh = nil
                    } else {
                        warnings.append((escapeStart, "unpaired UTF-16 surrogate escape"))
                        append(0xFFFD)
                    }
                } else {
                    flushPendingHigh()
                    append(unit)
                }
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "'"), 0x0A, 0x0D:
                write(escape)
            default:
                // Apple's reader keeps the character and drops the backslash; say so, it is often a typo.
                if escape < 0x80 {
                    let shown = Character(Unicode.Scalar(escape))
                    warnings.append((escapeStart, "unknown escape '\\\(shown)'; the backslash is ignored"))
                }
                write(escape)
            }
        }
        flushPendingHigh()
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Lines, after the line where the failed entry started, whose first visible character could
    /// start an entry. Always moves forward, so recovery terminates.
    private func recoveryPoint(after entryStart: Int) -> Int {
        var index = entryStart
        while index < buffer.count {
            let byte = buffer[index]
            index += 1
            guard byte == 0x0A || byte == 0x0D else { continue }
            var start = index
            while start < buffer.count, buffer[start] == UInt8(ascii: " ") || buffer[start] == UInt8(ascii: "\t") {
                start += 1
            }
            guard start < buffer.count else { return buffer.count }
            let first = buffer[start]
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "/") || first == UInt8(ascii: "}")
                || Self.isUnquotedByte(first)
            {
                return start
            }
        }
        return buffer.count
    }

    /// Skips whitespace and comments; an unterminated block comment is reported and ends the file.
    private mutating func skipTrivia() {
        while position < buffer.count {
            let byte = buffer[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C {
                position += 1
            } else if byte == UInt8(ascii: "/"), position + 1 < buffer.count, buffer[position + 1] == UInt8(ascii: "/")
            {
                while position < buffer.count, buffer[position] != 0x0A, buffer[position] != 0x0D { position += 1 }
            } else if byte == UInt8(ascii: "/"), position + 1 < buffer.count, buffer[position + 1] == UInt8(ascii: "*")
            {
                let start = position
                position += 2
                while position + 1 < buffer.count
                    && !(buffer[position] == UInt8(ascii: "*") && buffer[position + 1] == UInt8(ascii: "/"))
                {
                    position += 1
                }
                guard position + 1 < buffer.count else {
                    position = buffer.count
                    report(Failure(offset: start, message: "unterminated comment: no '*/' for the '/*' here"))
                    return
                }
                position += 2
            } else {
                return
            }
        }
    }

    /// The characters Apple allows in unquoted strings.
    static func isUnquotedByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"),
            UInt8(ascii: "$"), UInt8(ascii: ":"), UInt8(ascii: "/"):
            true
        default:
            false
        }
    }

    /// Names what the cursor is on, for messages.
    private func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the file" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "a character that cannot start a string"
    }
}
