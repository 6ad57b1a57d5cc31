/// A catalog file's text as valid UTF-8 bytes, with `line:column` lookup for diagnostics.
///
/// Parsers work on bytes, not `Character`s: every syntax character of `.strings` and JSON is ASCII,
/// and grapheme breaking would cost more than the whole parse.
struct CatalogSourceText {
    /// The text, UTF-8 without byte order mark; invalid sequences replaced by U+FFFD.
    let bytes: [UInt8]
    let file: String
    /// Problems with the encoding itself (invalid UTF-8 or UTF-16, odd byte count).
    private(set) var diagnostics: [CatalogDiagnostic] = []
    /// The offset of the first byte of each line; a line ends at LF, CR LF or a lone CR.
    private let lineStarts: [Int]
    /// The number of lines: an upper bound on the entries of a `.strings` file worth reserving for.
    var lineCount: Int { lineStarts.count }
    /// The last location computed, so that increasing offsets on one long line (minified JSON) cost
    /// linear time instead of quadratic.
    private var cache: (offset: Int, line: Int, column: Int) = (0, 1, 1)

    /// Decodes a file: UTF-8 (with or without BOM), or UTF-16 with a BOM or recognisable by the zero
    /// bytes of ASCII characters, as Xcode writes older `.strings` files.
    init(decoding raw: [UInt8], file: String) {
        self.file = file
        var warnings: [String] = []
        var utf8 = raw
        if raw.starts(with: [0xEF, 0xBB, 0xBF]) {
            utf8 = Array(raw.dropFirst(3))
        } else if let bigEndian = Self.utf16ByteOrder(of: raw) {
            let hasMark = raw.starts(with: [0xFF, 0xFE]) || raw.starts(with: [0xFE, 0xFF])
            utf8 = Self.transcodeUTF16(Array(raw.dropFirst(hasMark ? 2 : 0)), bigEndian: bigEndian, warnings: &warnings)
        }
        // Only invalid UTF-8 needs repairing (`String(decoding:)` shows bad bytes as U+FFFD).
        if !UTF8Validator.isValid(utf8) {
            warnings.append("the file is not valid UTF-8; invalid bytes are shown as \u{FFFD}")
            utf8 = Array(String(decoding: utf8, as: UTF8.self).utf8)
        }
        bytes = utf8
        lineStarts = Self.lineStarts(of: utf8)
        for warning in warnings {
            diagnostics.append(
                CatalogDiagnostic(file: file, line: 1, column: 1, severity: .warning, message: warning))
        }
    }

    /// `true` for big-endian UTF-16, `false` for little-endian, `nil` for UTF-8.
    private static func utf16ByteOrder(of raw: [UInt8]) -> Bool? {
        if raw.starts(with: [0xFE, 0xFF]) { return true }
        if raw.starts(with: [0xFF, 0xFE]) { return false }
        // Text never contains NUL in UTF-8; in UTF-16 every ASCII character has a zero byte. Two
        // characters are looked at (as RFC 4627 does for JSON), so that one damaged byte at the start
        // of a UTF-8 file does not turn it into UTF-16.
        guard raw.count >= 2 else { return nil }
        let second = raw.count >= 4 ? (raw[2], raw[3]) : nil
        if raw[0] == 0 && raw[1] != 0 && (second.map { $0.0 == 0 } ?? true) { return true }
        if raw[0] != 0 && raw[1] == 0 && (second.map { $0.1 == 0 } ?? true) { return false }
        return nil
    }

    private static func transcodeUTF16(_ raw: [UInt8], bigEndian: Bool, warnings: inout [String]) -> [UInt8] {
        if raw.count % 2 != 0 { warnings.append("the UTF-16 file has an odd number of bytes; the last one is ignored") }
        var units: [UInt16] = []
        units.reserveCapacity(raw.count / 2)
        var index = 0
        while index + 1 < raw.count {
            let (first, second) = (UInt16(raw[index]), UInt16(raw[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        let text = String(decoding: units, as: UTF16.self)
        if !text.utf16.elementsEqual(units) {
            warnings.append("the file is not valid UTF-16; invalid characters are shown as \u{FFFD}")
        }
        return Array(text.utf8)
    }

    private static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var index = ASCIIRunScanner.firstIndex(of: 0x0A, or: 0x0D, in: bytes, from: 0)
        while index < bytes.count {
            if bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
            index += 1
            starts.append(index)
            index = ASCIIRunScanner.firstIndex(of: 0x0A, or: 0x0D, in: bytes, from: index)
        }
        return starts
    }

    /// The 1-based line of a byte offset.
    func line(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset.
    mutating func location(of offset: Int) -> (line: Int, column: Int) {
        let offset = max(0, min(offset, bytes.count))
        // Parsers ask for increasing offsets, mostly on the line of the last one or the next:
        // those two are checked before searching all lines.
        var line = cache.line
        if offset < cache.offset || offset < lineStarts[line - 1] {
            line = self.line(of: offset)
        } else if line < lineStarts.count && lineStarts[line] <= offset {
            line = line + 1 < lineStarts.count && lineStarts[line + 1] <= offset ? self.line(of: offset) : line + 1
        }
        var start = lineStarts[line - 1]
        var column = 1
        if cache.line == line && cache.offset <= offset && cache.offset >= start {
            start = cache.offset
            column = cache.column
        } else if cache.line == line && offset - start > cache.offset - offset {
            // A step back on the same line (a parser retrying from an earlier point): counted back
            // from the last location, so a retry costs what reading ahead to there cost, never the
            // whole line before it — which made a deeply nested one-line document quadratic.
            column = cache.column
            for index in offset..<cache.offset where bytes[index] & 0xC0 != 0x80 { column -= 1 }
            cache = (offset, line, column)
            return (line, column)
        }
        for index in start..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        cache = (offset, line, column)
        return (line, column)
    }

    /// A diagnostic at a byte offset.
    mutating func diagnostic(
        at offset: Int, _ severity: Severity, _ message: String, key: String? = nil
    ) -> CatalogDiagnostic {
        let (line, column) = location(of: offset)
        return CatalogDiagnostic(file: file, line: line, column: column, severity: severity, message: message, key: key)
    }
}
