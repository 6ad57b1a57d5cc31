/// A scan of UTF-8 bytes for what a terminal must not receive raw, eight bytes at a time through
/// printable ASCII, so that clean text, nearly all of it, is returned as it is by `TerminalSanitizer`.
/// Its plain twin is `TerminalSanitizer.needsEscapingPlain(_:)`.
enum TerminalByteScanner {
    /// Whether the text holds a C0 or C1 control other than newline and tab, DEL, or a bidirectional
    /// embedding, override or isolate (U+202A–U+202E, U+2066–U+2069).
    static func containsDangerousBytes(_ text: String) -> Bool {
        if let answer = text.utf8.withContiguousStorageIfAvailable(containsDangerousBytes) { return answer }
        // Only strings bridged lazily from Objective-C land here; a native copy is contiguous.
        var copy = text
        copy.makeContiguousUTF8()
        return copy.utf8.withContiguousStorageIfAvailable(containsDangerousBytes) ?? true
    }

    private static func containsDangerousBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                // Within ASCII text, skip eight ordinary bytes at a time.
                let runEnd = ASCIIRunScanner.printableRunEnd(in: bytes, from: index)
                if runEnd > index {
                    index = runEnd
                    continue
                }
                if byte < 0x20 {
                    if byte != 0x0A && byte != 0x09 { return true }
                } else if byte == 0x7F {
                    return true
                }
                index += 1
            } else if byte == 0xC2 {
                // U+0080–U+009F are C2 80 – C2 9F.
                if index + 1 < count && (0x80...0x9F).contains(bytes[index + 1]) { return true }
                index += 2
            } else if byte == 0xE2 {
                // U+202A–U+202E are E2 80 AA – E2 80 AE; U+2066–U+2069 are E2 81 A6 – E2 81 A9.
                if index + 2 < count {
                    let second = bytes[index + 1]
                    let third = bytes[index + 2]
                    if second == 0x80 && (0xAA...0xAE).contains(third) { return true }
                    if second == 0x81 && (0xA6...0xA9).contains(third) { return true }
                }
                index += 3
            } else {
                // Another scalar: its continuation bytes (80–BF) can start nothing dangerous, so a
                // CJK character costs one step instead of three.
                index += byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            }
        }
        return false
    }
}
