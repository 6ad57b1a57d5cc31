/// The columns of UTF-8 text as the sum of its scalars' widths, decoded by hand from the bytes with
/// the widths of the basic plane looked up in a 2-bit table: the fast twin of
/// `DisplayWidth.scalarColumnsPlain(of:)` (a loop over `unicodeScalars`), which tests and the
/// `ConsoleText` fuzz target compare with it.
enum UTF8ColumnCounter {
    /// Columns of `text`, or nil when it holds a scalar that ``joinsEmoji(_:)``; `basicPlaneWidths`
    /// holds four 2-bit widths to a byte for U+0000–U+FFFF, `astral` answers for the rest.
    static func columns(
        of text: some StringProtocol, basicPlaneWidths: [UInt8], astral: (UInt32) -> Int
    ) -> Int? {
        // A concrete buffer, so that the loop is fast even where the caller is not specialized.
        if let measured = text.utf8.withContiguousStorageIfAvailable({
            columns(in: $0, basicPlaneWidths: basicPlaneWidths, astral: astral)
        }) {
            return measured
        }
        return Array(text.utf8).withUnsafeBufferPointer {
            columns(in: $0, basicPlaneWidths: basicPlaneWidths, astral: astral)
        }
    }

    /// Whether a scalar can start or join an emoji sequence (a regional indicator, U+FE0F, U+200D, a
    /// skin-tone modifier), which only the grapheme loop measures right.
    @inline(__always)
    static func joinsEmoji(_ value: UInt32) -> Bool {
        value == 0xFE0F || value == 0x200D || (0x1F1E6...0x1F1FF).contains(value)
            || (0x1F3FB...0x1F3FF).contains(value)
    }

    /// Columns of the UTF-8 bytes, or nil at a scalar that ``joinsEmoji(_:)``.
    private static func columns(
        in bytes: UnsafeBufferPointer<UInt8>, basicPlaneWidths: [UInt8], astral: (UInt32) -> Int
    ) -> Int? {
        // ASCII first: most texts hold nothing else, and ASCII needs no table.
        var columns = 0
        var index = 0
        index = ASCIIRunScanner.printableRunEnd(in: bytes, from: 0)
        columns = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x80 { break }
            if byte >= 0x20 && byte != 0x7F { columns += 1 }
            index += 1
        }
        guard index < bytes.count else { return columns }
        // The table is fetched once for the rest of the text, not once per character.
        let rest = UnsafeBufferPointer(rebasing: bytes[index...])
        return basicPlaneWidths.withUnsafeBufferPointer { widths in
            scalarColumns(in: rest, basicPlaneWidths: widths, astral: astral).map { columns + $0 }
        }
    }

    private static func scalarColumns(
        in bytes: UnsafeBufferPointer<UInt8>, basicPlaneWidths widths: UnsafeBufferPointer<UInt8>,
        astral: (UInt32) -> Int
    ) -> Int? {
        let count = bytes.count
        var columns = 0
        var index = 0
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead >= 0x20 && lead != 0x7F { columns += 1 }
                index += 1
                continue
            }
            // Valid UTF-8 (every String is): a lead byte and its continuation bytes.
            let value: UInt32
            if lead < 0xE0 {
                guard index + 1 < count else { return nil }
                value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                index += 2
            } else if lead < 0xF0 {
                guard index + 2 < count else { return nil }
                value =
                    UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
                    | UInt32(bytes[index + 2] & 0x3F)
                index += 3
            } else {
                guard index + 3 < count else { return nil }
                value =
                    UInt32(lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                    | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
                index += 4
            }
            if value < 0x10000 {
                if value == 0xFE0F || value == 0x200D { return nil }
                columns += Int((widths[Int(value >> 2)] >> ((value & 3) << 1)) & 3)
            } else {
                if joinsEmoji(value) { return nil }
                columns += astral(value)
            }
        }
        return columns
    }
}
