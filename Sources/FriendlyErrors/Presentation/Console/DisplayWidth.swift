/// How many terminal columns text occupies, after UAX #11 (East Asian Width) and UTS #51 (emoji).
///
/// Swift on Linux has no usable `wcwidth` (it is not exported, and glibc answers wrongly under the
/// C locale), so the widths come from `UnicodeWidthTable`, generated from the Unicode data files.
///
/// Width is measured per grapheme cluster, because that is what a terminal draws as one glyph:
/// - wide (W) and fullwidth (F) characters, and emoji presentation characters, take 2 columns;
/// - an emoji sequence takes 2 columns however many scalars it has: a ZWJ sequence (`👨‍👩‍👧`),
///   a flag (a regional indicator pair), a skin-tone sequence, or an emoji that defaults to text
///   presentation followed by U+FE0F (`❤️`, `1️⃣`); U+FE0E after an emoji-presentation character
///   keeps it at 2, since many terminals ignore it and too wide is safer than too narrow;
/// - combining marks, format characters and conjoining Hangul vowels/finals take 0 and add nothing
///   to their base (`e` + U+0301 is 1, `か` + U+3099 is 2);
/// - ambiguous (A) characters take 1: the console presenter writes ASCII for its own decorations,
///   so only the user's text is affected, and CJK terminals configured for wide ambiguous
///   characters are the minority;
/// - control characters take 0 (the sanitizer has escaped them before anything is measured);
///   this includes `\t`, which the caller expands if it needs tab stops.
enum DisplayWidth {
    /// Columns that one grapheme cluster occupies: 0, 1 or 2 (more only for unusual clusters, such
    /// as several spacing marks on one base, which terminals draw one column each).
    static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let base = iterator.next() else { return 0 }
        guard let second = iterator.next() else { return columns(ofScalar: base) }
        if base.value < 0x20 || (0x7F...0x9F).contains(base.value) { return 0 }  // "\r\n" and friends

        if isEmojiSequence(base: base, second: second, rest: iterator) { return 2 }
        // A base and its marks, or a Hangul L+V(+T) syllable: the marks' own widths (0 for
        // nonspacing ones) add up, which is how terminals lay out such clusters cell by cell.
        var total = columns(ofScalar: base) + columns(ofScalar: second)
        while let scalar = iterator.next() { total += columns(ofScalar: scalar) }
        return total
    }

    /// Columns that the text occupies on one terminal line (newlines count nothing).
    static func columns(of text: some StringProtocol) -> Int {
        // Most messages are ASCII; counting bytes avoids grapheme breaking entirely. The byte loop
        // takes a concrete buffer so that it is fast even where this function is not specialized.
        let ascii = text.utf8.withContiguousStorageIfAvailable(asciiColumns) ?? asciiColumns(in: Array(text.utf8))
        return ascii ?? graphemeColumns(of: text)
    }

    /// Columns of ASCII text, or nil when there is a non-ASCII byte. CR LF is the only multi-scalar
    /// ASCII grapheme, and both its bytes count 0 here as they do as one cluster.
    private static func asciiColumns(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var columns = 0
        for byte in bytes {
            if byte >= 0x80 { return nil }
            if byte >= 0x20 && byte != 0x7F { columns += 1 }
        }
        return columns
    }

    private static func asciiColumns(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer(asciiColumns)
    }

    /// Columns of a single scalar, as if it stood alone.
    static func columns(ofScalar scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        // Nothing below U+0300 is zero-width (U+00AD counts 1) or wide.
        if value < 0x300 { return 1 }
        if contains(UnicodeWidthTable.zeroWidth, value) { return 0 }
        if contains(UnicodeWidthTable.wide, value) { return 2 }
        return 1
    }

    private static func graphemeColumns(of text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += columns(of: character) }
        return total
    }

    private static func isEmojiSequence(
        base: Unicode.Scalar,
        second: Unicode.Scalar,
        rest: Character.UnicodeScalarView.Iterator
    ) -> Bool {
        let value = base.value
        if (0x1F1E6...0x1F1FF).contains(value) { return true }  // a regional indicator pair: a flag
        let isEmoji = contains(UnicodeWidthTable.emoji, value)
        let isPictographic = contains(UnicodeWidthTable.extendedPictographic, value)
        guard isEmoji || isPictographic else { return false }
        var rest = rest
        var scalar: Unicode.Scalar? = second
        while let current = scalar {
            // U+FE0F asks for emoji presentation only on bases that have one (`A` + U+FE0F stays 1).
            if current.value == 0xFE0F && isEmoji { return true }
            if isPictographic
                && (current.value == 0x200D || contains(UnicodeWidthTable.emojiModifier, current.value))
            {
                return true
            }
            scalar = rest.next()
        }
        return false
    }

    /// Binary search in a table of sorted, disjoint `first, last` pairs.
    static func contains(_ table: [UInt32], _ value: UInt32) -> Bool {
        let pairs = table.count / 2
        guard pairs > 0, value >= table[0], value <= table[table.count - 1] else { return false }
        // Find the last pair whose first element is <= value.
        var low = 0
        var high = pairs - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if table[2 * middle] <= value {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return value <= table[2 * low + 1]
    }
}
