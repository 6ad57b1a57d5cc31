import Foundation

/// Reads the line a ``FileLocation`` points at, for the console's excerpt: bounded, and never
/// failing loudly. A file that is missing, not a regular file (a FIFO would block, a device never
/// ends), unreadable, binary (a NUL byte in the line) or not UTF-8 gives no line, and only the first
/// ``maximumBytes`` of a file are read, so a huge file costs no more than a small one.
enum SourceLineReader {
    /// How much of a file is read at most: 1 MiB.
    static let maximumBytes = 1 << 20

    /// The text of `location`'s line: the one the location gives, else the one in its file, without
    /// its line break; `nil` when there is none to show.
    static func lineText(of location: FileLocation) -> String? {
        if let given = location.lineText { return firstLine(of: given) }
        guard let bytes = prefix(ofFile: location.file) else { return nil }
        return line(location.line, in: bytes)
    }

    /// The first `maximumBytes` of the regular file at `path`.
    static func prefix(ofFile path: String) -> [UInt8]? {
        guard !path.isEmpty,
            let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let handle = FileHandle(forReadingAtPath: path)
        else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumBytes) else { return nil }
        return [UInt8](data)
    }

    /// Line `number` (1-based) of `bytes`, decoded as UTF-8, without its `\n` or `\r\n`; `nil` when the
    /// bytes end before it, or the line holds a NUL byte or invalid UTF-8.
    static func line(_ number: Int, in bytes: [UInt8]) -> String? {
        var start = 0
        var current = 1
        while current < number {
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else { return nil }
            start = newline + 1
            current += 1
        }
        // After the last line break there is no line, only the end of the file.
        guard start < bytes.count else { return nil }
        var end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        let line = bytes[start..<end]
        guard !line.contains(0) else { return nil }
        return String(validating: line, as: UTF8.self)
    }

    /// A given line text up to its first line break.
    private static func firstLine(of text: String) -> String {
        guard let newline = text.firstIndex(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) else { return text }
        return String(text[..<newline])
    }
}
