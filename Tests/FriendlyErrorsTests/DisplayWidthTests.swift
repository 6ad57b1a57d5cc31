import Testing

@testable import FriendlyErrors

struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3),
        ("漢字", 4),
        ("👨‍👩‍👧", 2),
        ("が", 2),
        ("か\u{3099}", 2),
        ("🇯🇵", 2),
        ("ｱ", 1),
        ("e\u{301}", 1),
        ("é", 1),
        ("", 0),
    ])
    func measuresTextInTerminalColumns(text: String, columns: Int) {
        #expect(DisplayWidth.columns(of: text) == columns)
    }

    @Test func decomposedAndPrecomposedKanaAreOneGraphemeOfTheSameWidth() {
        let precomposed: Character = "が"
        let decomposed: Character = "か\u{3099}"
        #expect(DisplayWidth.columns(of: precomposed) == 2)
        #expect(DisplayWidth.columns(of: decomposed) == 2)
        #expect(DisplayWidth.columns(of: "\u{304B}\u{3099}\u{304B}\u{3099}") == 4)
    }

    @Test(arguments: [
        ("👨‍👩‍👧", 2),  // ZWJ sequence
        ("🏳️‍🌈", 2),  // ZWJ sequence whose base defaults to text presentation
        ("👍🏽", 2),  // skin tone modifier
        ("❤️", 2),  // text-presentation base + U+FE0F
        ("❤", 1),  // the same base without U+FE0F
        ("1️⃣", 2),  // keycap
        ("©️", 2),
        ("😀", 2),  // Emoji_Presentation=Yes
        ("🇺🇸", 2),  // regional indicator pair
        ("A\u{FE0F}", 1),  // U+FE0F does nothing to a base that has no emoji presentation
        ("☝🏻", 2),  // text-default pictograph + modifier
    ])
    func emojiSequencesTakeTwoColumns(text: String, columns: Int) {
        #expect(text.count == 1)
        #expect(DisplayWidth.columns(of: Character(text)) == columns)
    }

    @Test(arguments: [
        ("\u{301}", 0),  // combining acute on its own
        ("\u{200B}", 0),  // zero width space
        ("\u{200D}", 0),  // zero width joiner
        ("\u{2060}", 0),  // word joiner
        ("\u{FEFF}", 0),  // zero width no-break space
        ("\u{00AD}", 1),  // soft hyphen: terminals draw a hyphen
        ("\u{0600}", 1),  // prepended concatenation mark: visible
        ("\u{1B}", 0),
        ("\t", 0),
        ("\u{7F}", 0),
        ("\u{85}", 0),
        ("\r\n", 0),
    ])
    func zeroWidthAndControlCharactersTakeNoColumns(text: String, columns: Int) {
        #expect(text.count == 1)
        #expect(DisplayWidth.columns(of: Character(text)) == columns)
    }

    @Test(arguments: [
        ("α", 1),  // ambiguous
        ("…", 1),  // ambiguous
        ("①", 1),  // ambiguous
        ("\u{E000}", 1),  // private use, ambiguous
        ("ｱ", 1),  // halfwidth katakana
        ("Ａ", 2),  // fullwidth Latin
        ("\u{3000}", 2),  // ideographic space
        ("한", 2),  // precomposed Hangul syllable
        ("\u{1100}\u{1161}\u{11A8}", 2),  // the same syllable from conjoining jamo
        ("\u{20000}", 2),  // CJK extension B
        ("\u{3FFFD}", 2),  // unassigned, but in a plane whose default width is W
        ("\u{0915}\u{093F}", 2),  // Devanagari consonant + spacing vowel sign: one cell each
    ])
    func eastAsianWidthDecidesSingleCharacters(text: String, columns: Int) {
        #expect(text.count == 1)
        #expect(DisplayWidth.columns(of: Character(text)) == columns)
    }

    @Test func mixedTextAddsUpItsGraphemes() {
        #expect(DisplayWidth.columns(of: "中文 text") == 9)
        #expect(DisplayWidth.columns(of: "설정 파일") == 9)
        #expect(DisplayWidth.columns(of: "error: 設定ファイルが見つかりません") == 7 + 28)
        #expect(DisplayWidth.columns(of: "café 👨‍👩‍👧!") == 8)
    }

    @Test func substringsAreMeasuredLikeStrings() {
        let text = "abc 漢字 def"
        let substring = text.dropFirst(4).prefix(2)
        #expect(DisplayWidth.columns(of: substring) == 4)
        #expect(DisplayWidth.columns(of: text[...]) == DisplayWidth.columns(of: text))
    }

    @Test(arguments: ["plain ascii", "tab\there", "bell\u{07}", "cr\r\nlf", "~!@#$%^&*()_+{}|:\"<>?", ""])
    func asciiFastPathAgreesWithGraphemeMeasurement(text: String) {
        let perGrapheme = text.reduce(0) { $0 + DisplayWidth.columns(of: $1) }
        #expect(DisplayWidth.columns(of: text) == perGrapheme)
    }

    /// Texts where measuring by scalar and by grapheme cluster could disagree.
    static let trickyTexts: [String] = [
        "e\u{301}", "か\u{3099}き\u{309A}", "a\u{20DD}\u{20DD}", "\u{301}\u{301}x", "\u{1100}\u{1161}\u{11A8}한",
        "👨‍👩‍👧 family", "a\u{200D}b", "\u{200D}", "🏳️‍🌈", "👍🏽👍", "\u{1F3FB}", "☝🏻 up", "❤️❤", "A\u{FE0F}",
        "1️⃣#️⃣", "©️©", "🇯🇵🇺🇸", "🇯", "🇯\u{301}", "🇯🇵🇺", "😀\u{FE0E}", "設定、「ファイル」。（確認）ー",
        "ｱｲｳｴｵ･ｰﾞ", "全角ＡＢＣ１２３！", "mix 中文 text ﾊﾝｶｸ", "\u{1B}[31m\u{07}\u{7F}\u{85}\u{9B}", "tab\there",
        "cr\r\nlf\rcr", "\u{AD}\u{600}\u{200B}\u{2060}\u{FEFF}", "𠀀𪚲𝒜𝟘\u{E0020}\u{E01EF}",
        "\u{FFFD}\u{FFFF}\u{10FFFF}", "Ünïcödé ñ ß ø", "설정 파일", "\u{0E01}\u{0E31}\u{0E49}",
        "\u{0915}\u{094D}\u{0937}", "عربي\u{200F}", "\u{2764}\u{FE0F}\u{200D}\u{1F525}",
    ]

    @Test(arguments: trickyTexts)
    func byteLoopAgreesWithGraphemeMeasurement(text: String) {
        #expect(DisplayWidth.columns(of: text) == DisplayWidth.graphemeColumns(of: text))
        let perGrapheme = text.reduce(0) { $0 + DisplayWidth.columns(of: $1) }
        #expect(DisplayWidth.columns(of: text) == perGrapheme)
        // Substrings, with slices that start and end inside the text.
        let characters = Array(text)
        for start in 0..<characters.count {
            let slice = text.dropFirst(start).prefix(2)
            #expect(DisplayWidth.columns(of: slice) == DisplayWidth.graphemeColumns(of: slice), "\(slice)")
        }
    }

    @Test func wordTestAgreesWithTestingEachByte() {
        func bytewise(_ word: UInt64) -> Bool {
            (0..<8).allSatisfy { (0x20...0x7E).contains(UInt8(truncatingIfNeeded: word >> ($0 * 8))) }
        }
        for filler: UInt8 in [0x20, 0x61, 0x7E, 0x00, 0x7F, 0x80, 0xFF] {
            for position in 0..<8 {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[position] = UInt8(value)
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    #expect(ASCIIRunScanner.isPrintable(word) == bytewise(word), "\(bytes)")
                }
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            // Mostly printable bytes, so that both answers occur often.
            var word: UInt64 = 0
            for _ in 0..<8 { word = word << 8 | UInt64(Int.random(in: 0x18...0x82, using: &generator)) }
            #expect(ASCIIRunScanner.isPrintable(word) == bytewise(word), "\(String(word, radix: 16))")
        }
    }

    /// The word loop must hand over to the byte loop wherever the first non-printable byte sits.
    @Test func measuringAgreesWithGraphemesWhateverTheOffsetOfTheFirstSpecialCharacter() {
        for special in ["\u{7}", "\u{7F}", "é", "漢", "e\u{301}", "👍🏽", "\t", "\r\n", "🇯🇵"] {
            for offset in 0..<24 {
                let text = String(repeating: "ab cd", count: 6).prefix(offset) + special + "xyz 012345678 ok"
                #expect(
                    DisplayWidth.columns(of: text) == DisplayWidth.graphemeColumns(of: text), "\(text.debugDescription)"
                )
                #expect(
                    TerminalSanitizer.sanitize(String(text)) == TerminalSanitizer.escapingEveryScalar(String(text)),
                    "\(text.debugDescription)")
            }
        }
    }

    @Test func basicPlaneLookupAgreesWithTheTablesForEveryScalar() {
        var mismatches: [UInt32] = []
        for value in UInt32(0)..<0x10000 {
            guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
            if DisplayWidth.columns(ofScalar: scalar) != DisplayWidth.tableColumns(ofScalar: value) {
                mismatches.append(value)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).map { String($0, radix: 16) })")
    }

    @Test func tablesComeFromUnicode15() {
        #expect(UnicodeWidthTable.unicodeVersion == "15.0.0")
    }

    @Test(arguments: [
        0x1100, 0x3000, 0x3041, 0x4E00, 0x9FFF, 0xAC00, 0xFF01, 0xFFE6, 0x1F004, 0x1F1E6, 0x1F600, 0x20000,
    ])
    func wideTableHoldsWideAndFullwidthCharacters(codePoint: UInt32) {
        #expect(DisplayWidth.contains(UnicodeWidthTable.wide, codePoint))
    }

    @Test(arguments: [0x41, 0xE9, 0x3B1, 0x2026, 0x3099, 0x302A, 0xFF71, 0xFFFD, 0x1F1E5, 0x10FFFF])
    func wideTableLeavesOutNarrowAmbiguousAndCombiningCharacters(codePoint: UInt32) {
        #expect(!DisplayWidth.contains(UnicodeWidthTable.wide, codePoint))
    }

    @Test(arguments: [0x300, 0x36F, 0x483, 0x200B, 0x200D, 0x3099, 0xFE0F, 0x1160, 0x11FF, 0xD7B0, 0xE0020, 0xE01EF])
    func zeroWidthTableHoldsMarksFormatCharactersAndConjoiningJamo(codePoint: UInt32) {
        #expect(DisplayWidth.contains(UnicodeWidthTable.zeroWidth, codePoint))
    }

    @Test(arguments: [0x41, 0xAD, 0x600, 0x1100, 0x115F, 0x903])
    func zeroWidthTableLeavesOutVisibleCharacters(codePoint: UInt32) {
        #expect(!DisplayWidth.contains(UnicodeWidthTable.zeroWidth, codePoint))
    }

    @Test func emojiTablesHoldTheirProperties() {
        #expect(DisplayWidth.contains(UnicodeWidthTable.emoji, 0x23))  // #
        #expect(DisplayWidth.contains(UnicodeWidthTable.emoji, 0x2764))  // ❤
        #expect(!DisplayWidth.contains(UnicodeWidthTable.emoji, 0x41))
        #expect(DisplayWidth.contains(UnicodeWidthTable.emojiModifier, 0x1F3FB))
        #expect(DisplayWidth.contains(UnicodeWidthTable.emojiModifier, 0x1F3FF))
        #expect(!DisplayWidth.contains(UnicodeWidthTable.emojiModifier, 0x1F3FA))
        #expect(DisplayWidth.contains(UnicodeWidthTable.extendedPictographic, 0x1F468))
        #expect(DisplayWidth.contains(UnicodeWidthTable.extendedPictographic, 0xA9))
        #expect(!DisplayWidth.contains(UnicodeWidthTable.extendedPictographic, 0x23))
    }

    @Test(arguments: [
        ("zeroWidth", UnicodeWidthTable.zeroWidth),
        ("wide", UnicodeWidthTable.wide),
        ("emoji", UnicodeWidthTable.emoji),
        ("emojiModifier", UnicodeWidthTable.emojiModifier),
        ("extendedPictographic", UnicodeWidthTable.extendedPictographic),
    ])
    func tablesAreSortedMergedRangePairs(name: String, table: [UInt32]) {
        #expect(!table.isEmpty && table.count.isMultiple(of: 2), "\(name)")
        for pair in stride(from: 0, to: table.count, by: 2) {
            #expect(table[pair] <= table[pair + 1], "\(name) pair \(pair / 2)")
            #expect(table[pair + 1] <= 0x10FFFF, "\(name) pair \(pair / 2)")
            if pair + 2 < table.count {
                // Adjacent ranges would have been merged by the generator.
                #expect(table[pair + 1] + 1 < table[pair + 2], "\(name) pair \(pair / 2)")
            }
        }
    }

    @Test func noCodePointIsBothZeroWidthAndWide() {
        let zero = UnicodeWidthTable.zeroWidth
        for pair in stride(from: 0, to: zero.count, by: 2) {
            for codePoint in [zero[pair], zero[pair + 1]] {
                #expect(!DisplayWidth.contains(UnicodeWidthTable.wide, codePoint), "U+\(String(codePoint, radix: 16))")
            }
        }
    }

    @Test func binarySearchFindsRangeEdgesAndGaps() {
        let table: [UInt32] = [10, 20, 30, 30, 40, 50]
        let inside: [UInt32] = [10, 15, 20, 30, 40, 50]
        let outside: [UInt32] = [0, 9, 21, 29, 31, 39, 51, .max]
        for value in inside { #expect(DisplayWidth.contains(table, value), "\(value)") }
        for value in outside { #expect(!DisplayWidth.contains(table, value), "\(value)") }
        #expect(!DisplayWidth.contains([], 10))
    }
}
