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
        // Grapheme breaking is slow and rarely matters: the byte loop adds up scalar widths and only
        // hands the text to the grapheme loop when it holds a scalar that can start or join an emoji
        // sequence. It takes a concrete buffer so that it is fast even where this function is not
        // specialized.
        let measured = UTF8ColumnCounter.columns(
            of: text, basicPlaneWidths: basicPlaneWidths, astral: tableColumns(ofScalar:))
        return measured ?? graphemeColumns(of: text)
    }

    /// Columns of a text as the sum of its scalars' widths, or nil when the text holds a regional
    /// indicator, U+FE0F, a zero width joiner or a skin-tone modifier: the plain twin of
    /// `UTF8ColumnCounter`, which tests and the `ConsoleText` fuzz target compare with it.
    ///
    /// Without those scalars the sum is exactly what `graphemeColumns` answers: a cluster that is not
    /// an emoji sequence measures the sum of its scalars (see `columns(of:)` for a Character: a
    /// control only clusters as CR LF, where both count 0), and every emoji sequence needs one of them
    /// (a flag starts with a regional indicator; the others need U+FE0F, U+200D or a modifier).
    static func scalarColumnsPlain(of text: some StringProtocol) -> Int? {
        var columns = 0
        for scalar in text.unicodeScalars {
            if UTF8ColumnCounter.joinsEmoji(scalar.value) { return nil }
            columns += Self.columns(ofScalar: scalar)
        }
        return columns
    }

    /// Columns of a single scalar, as if it stood alone.
    static func columns(ofScalar scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        return value < 0x10000 ? basicPlaneColumns(value) : tableColumns(ofScalar: value)
    }

    /// Columns of a scalar from the range tables: the definition that `basicPlaneWidths` caches.
    static func tableColumns(ofScalar value: UInt32) -> Int {
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        // Nothing below U+0300 is zero-width (U+00AD counts 1) or wide.
        if value < 0x300 { return 1 }
        if contains(UnicodeWidthTable.zeroWidth, value) { return 0 }
        if contains(UnicodeWidthTable.wide, value) { return 2 }
        return 1
    }

    /// Columns of a scalar below U+10000, looked up instead of searched: CJK text is nearly all
    /// there, and two binary searches per character cost more than everything else measuring does.
    @inline(__always)
    private static func basicPlaneColumns(_ value: UInt32) -> Int {
        let byte = basicPlaneWidths[Int(value >> 2)]
        return Int((byte >> ((value & 3) << 1)) & 3)
    }

    /// The fast twin of `scalarColumnsPlain(of:)`, as `columns(of:)` uses it.
    static func scalarColumnsFast(of text: some StringProtocol) -> Int? {
        UTF8ColumnCounter.columns(of: text, basicPlaneWidths: basicPlaneWidths, astral: tableColumns(ofScalar:))
    }

    /// `tableColumns(ofScalar:)` of every code point below U+10000, four 2-bit widths to a byte
    /// (16 KiB), built from the tables on first use.
    static let basicPlaneWidths: [UInt8] = {
        var widths = [UInt8](repeating: 1, count: 0x10000)
        func fill(_ table: [UInt32], with width: UInt8) {
            for pair in stride(from: 0, to: table.count, by: 2) where table[pair] < 0x10000 {
                for value in table[pair]...min(table[pair + 1], 0xFFFF) { widths[Int(value)] = width }
            }
        }
        // Applied in the reverse order of `tableColumns`' checks, so that the earlier ones win.
        fill(UnicodeWidthTable.wide, with: 2)
        fill(UnicodeWidthTable.zeroWidth, with: 0)
        for value in 0..<0x300 { widths[value] = 1 }
        for value in 0..<0x20 { widths[value] = 0 }
        for value in 0x7F...0x9F { widths[value] = 0 }
        var packed = [UInt8](repeating: 0, count: 0x10000 / 4)
        for (value, width) in widths.enumerated() { packed[value >> 2] |= width << ((value & 3) << 1) }
        return packed
    }()

    /// Columns as the sum of the text's grapheme clusters: the definition the byte loop follows.
    static func graphemeColumns(of text: some StringProtocol) -> Int {
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
