import Testing

@testable import FriendlyErrors

struct LineWrapperTests {
    static let japanese = """
        設定ファイルが見つかりません。~/.config/tool.toml を読み込めませんでした。「tool init」で作成できます。\
        ファイルが存在しないか、読み取り権限がありません（パーミッションを確認してください）。ちょっと待ってください！
        """
    static let english = """
        The configuration file could not be read because it does not exist. Run `tool init` to create \
        one with the default settings, or pass --config with the path of an existing file.
        """
    static let cannotStart: Set<Character> = [
        "、", "。", "，", "．", "・", "：", "；", "？", "！", "ー", "）", "」", "』", "】", "〕", "〉", "》",
        "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ", "ゃ", "ゅ", "ょ", "ゎ",
        "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ", "ヮ", "ヵ", "ヶ",
        "ｧ", "ｨ", "ｩ", "ｪ", "ｫ", "ｬ", "ｭ", "ｮ", "ｯ",
    ]
    static let cannotEnd: Set<Character> = ["（", "「", "『", "【", "〔", "〈", "《"]

    @Test func japaneseAtWidth20FitsAndFollowsKinsoku() {
        let lines = LineWrapper.wrap(Self.japanese, width: 20)
        #expect(lines.count > 5)
        for line in lines {
            #expect(DisplayWidth.columns(of: line) <= 20, "\(line)")
            #expect(line.first != "。" && line.first != "」", "\(line)")
            #expect(!Self.cannotStart.contains(line.first ?? " "), "\(line)")
            #expect(!Self.cannotEnd.contains(line.last ?? " "), "\(line)")
        }
        #expect(lines.contains("~/.config/tool.toml"))
        #expect(LineWrapper.lines(of: Self.japanese, width: 20).rejoined == Self.japanese)
    }

    @Test func englishAtWidth40BreaksAtSpacesOnly() {
        let lines = LineWrapper.wrap(Self.english, width: 40)
        #expect(lines.count == 5)
        for line in lines {
            #expect(DisplayWidth.columns(of: line) <= 40, "\(line)")
            #expect(line.first != " " && line.last != " ", "\(line)")
        }
        #expect(lines.joined(separator: " ") == Self.english)
        #expect(lines[0] == "The configuration file could not be read")
    }

    @Test func longURLOverflowsOnItsOwnLineUnsplit() {
        let url = "https://example.com/a/very/long/path/that/does/not/fit/anywhere.html"
        let lines = LineWrapper.wrap("See \(url) for details.", width: 20)
        #expect(lines == ["See", url, "for details."])
    }

    @Test func longPathBesideJapaneseOverflowsUnsplit() {
        let path = "/usr/local/share/friendly-errors/templates/default.toml"
        let lines = LineWrapper.wrap("ファイル\(path)が壊れています。", width: 12)
        #expect(lines.contains { $0.contains(path) })
        #expect(lines.joined() == "ファイル\(path)が壊れています。")
    }

    @Test(arguments: [nil, 0, -3] as [Int?])
    func missingOrNonPositiveWidthOnlySplitsAtNewlines(width: Int?) {
        let text = Self.english + "\n" + Self.japanese + "\r\nlast"
        #expect(LineWrapper.wrap(text, width: width) == [Self.english, Self.japanese, "last"])
    }

    @Test(arguments: [1, 2, 3, 20, 99999])
    func extremeWidthsTerminateAndLoseNothing(width: Int) {
        for text in [Self.japanese, Self.english, "👨‍👩‍👧🇯🇵漢字e\u{301}か\u{3099}", "ー。」ーー", "「「「あ"] {
            let lines = LineWrapper.lines(of: text, width: width)
            #expect(lines.rejoined == text)
            #expect(lines.allSatisfy { !$0.text.isEmpty })
            if width == 99999 { #expect(lines.count == 1) }
        }
    }

    @Test func widthOneGivesEveryUnbreakablePieceItsOwnLine() {
        #expect(LineWrapper.wrap("漢字かな", width: 1) == ["漢", "字", "か", "な"])
        #expect(LineWrapper.wrap("ab cd", width: 1) == ["ab", "cd"])
        #expect(LineWrapper.wrap("あいう。", width: 2) == ["あ", "い", "う。"])
    }

    @Test func existingNewlinesAlwaysBreak() {
        let lines = LineWrapper.lines(of: "a\nb\r\nc\n", width: 80)
        #expect(lines.map(\.text) == ["a", "b", "c", ""])
        #expect(lines.map(\.removedAfter) == ["\n", "\r\n", "\n", ""])
        #expect(LineWrapper.wrap("", width: 10) == [""])
        #expect(LineWrapper.wrap("\n\n", width: 10) == ["", "", ""])
    }

    /// Newlines are found in the UTF-8 bytes: the paragraphs must be those of a walk by grapheme.
    @Test(arguments: [
        "a\r\r\nb", "\n\r\n", "\r\n\r\n", "a\rb", "\r", "e\u{301}\nか\u{3099}\r\n👨‍👩‍👧\n", "\n", "x\r\n",
        "漢字\nかな\r\n", "\u{1B}\n\u{85}\n",
    ])
    func newlinesSplitParagraphsLikeAGraphemeWalk(text: String) {
        var expected: [LineWrapper.Line] = []
        var current = ""
        for character in text {
            if character == "\n" || character == "\r\n" {
                expected.append(LineWrapper.Line(text: current, removedAfter: String(character)))
                current = ""
            } else {
                current.append(character)
            }
        }
        expected.append(LineWrapper.Line(text: current, removedAfter: ""))
        #expect(LineWrapper.lines(of: text, width: nil) == expected)
        #expect(LineWrapper.lines(of: text, width: 80) == expected)
    }

    @Test func wideCharactersBreakBetweenThemselves() {
        #expect(LineWrapper.wrap("漢字かなカナ", width: 4) == ["漢字", "かな", "カナ"])
        #expect(LineWrapper.wrap("漢字かなカナ", width: 5) == ["漢字", "かな", "カナ"])
        #expect(LineWrapper.wrap("abc漢字def", width: 5) == ["abc漢", "字def"])
    }

    @Test func closingPunctuationMovesWithThePreviousCharacter() {
        #expect(LineWrapper.wrap("あいう。", width: 6) == ["あい", "う。"])
        #expect(LineWrapper.wrap("あい」ーう", width: 4) == ["あ", "い」ー", "う"])
        #expect(LineWrapper.wrap("ちょっと", width: 4) == ["ちょっ", "と"])
    }

    @Test func openingPunctuationMovesWithTheNextCharacter() {
        #expect(LineWrapper.wrap("あいう「えお」", width: 8) == ["あいう", "「えお」"])
        #expect(LineWrapper.wrap("あい（う）", width: 6) == ["あい", "（う）"])
    }

    @Test func asciiPunctuationStaysBesideJapanese() {
        #expect(LineWrapper.wrap("完了しました!", width: 12) == ["完了しまし", "た!"])
    }

    @Test func spacesAtABreakAreDroppedAndRemembered() {
        let lines = LineWrapper.lines(of: "abc   def", width: 4)
        #expect(lines == [.init(text: "abc", removedAfter: "   "), .init(text: "def", removedAfter: "")])
    }

    @Test func leadingIndentationIsKeptAndTrailingSpacesThatDoNotFitAreDropped() {
        #expect(LineWrapper.wrap("  abc def", width: 6) == ["  abc", "def"])
        #expect(LineWrapper.wrap("abc   ", width: 10) == ["abc   "])
        let lines = LineWrapper.lines(of: "abc   \nx", width: 4)
        #expect(lines == [.init(text: "abc", removedAfter: "   \n"), .init(text: "x", removedAfter: "")])
        #expect(LineWrapper.wrap("     ", width: 2) == ["     "])
    }

    @Test func firstLinePrefixAndIndentShrinkTheirLines() {
        #expect(LineWrapper.wrap("aaa bbb ccc", width: 10, indent: 2, firstLinePrefixWidth: 8) == ["aaa", "bbb ccc"])
        #expect(LineWrapper.wrap("aa bb cc dd", width: 8, indent: 3) == ["aa bb cc", "dd"])
        #expect(LineWrapper.wrap("aa bb cc dd", width: 8, indent: 3, firstLinePrefixWidth: 4) == ["aa", "bb cc", "dd"])
        // Only the first line of the whole text has the prefix, not the first line of each paragraph.
        #expect(
            LineWrapper.wrap("aa bb\ncc dd", width: 5, indent: 0, firstLinePrefixWidth: 3) == ["aa", "bb", "cc dd"])
        #expect(LineWrapper.wrap("aa bb", width: 3, indent: 10) == ["aa", "bb"])
        #expect(LineWrapper.wrap("aa bb", width: .max, indent: -5, firstLinePrefixWidth: Int.min) == ["aa bb"])
    }

    @Test func graphemeClustersAreNeverSplit() {
        #expect(LineWrapper.wrap("👨‍👩‍👧👨‍👩‍👧", width: 2) == ["👨‍👩‍👧", "👨‍👩‍👧"])
        #expect(LineWrapper.wrap("🇯🇵🇺🇸", width: 1) == ["🇯🇵", "🇺🇸"])
        #expect(LineWrapper.wrap("か\u{3099}か\u{3099}", width: 2) == ["か\u{3099}", "か\u{3099}"])
    }

    @Test func zeroWidthSpaceAllowsABreakAndNoBreakSpaceForbidsOne() {
        #expect(LineWrapper.wrap("abc\u{200B}def", width: 4) == ["abc\u{200B}", "def"])
        #expect(LineWrapper.wrap("漢\u{A0}字", width: 2) == ["漢\u{A0}字"])
        #expect(LineWrapper.wrap("abc\u{A0}def", width: 4) == ["abc\u{A0}def"])
    }

    @Test func wrappingIsLosslessForManyInputs() {
        var random = SplitMix64(seed: 0x5EED)
        let pieces = [
            "word", "a", "longerword", "https://example.com/x/y", " ", " ", "  ", "   ", "\n", "\r\n", "漢", "字",
            "かな", "。", "、", "」", "「", "（", "）", "ー", "ょ", "ッ", "ｧ", "👨‍👩‍👧", "🇯🇵", "e\u{301}", "\u{3099}",
            "\u{200B}", "\u{A0}", "\t", ".", ",", "(", ")", "!", "ｱ", "Ａ",
        ]
        let widths: [Int?] = [nil, -1, 0, 1, 2, 3, 4, 5, 7, 10, 13, 20, 40, 99999]
        for _ in 0..<1500 {
            let count = Int(random.next() % 40)
            var text = ""
            for _ in 0..<count { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            let width = widths[Int(random.next() % UInt64(widths.count))]
            let indent = Int(random.next() % 4)
            let prefix = Int(random.next() % 6)

            let lines = LineWrapper.lines(of: text, width: width, indent: indent, firstLinePrefixWidth: prefix)
            #expect(lines.rejoined == text, "\(text.debugDescription) at \(String(describing: width))")
            #expect(
                LineWrapper.wrap(text, width: width, indent: indent, firstLinePrefixWidth: prefix)
                    == lines.map(\.text))
            guard let width, width > 0 else { continue }
            for (number, line) in lines.enumerated() {
                let budget = max(1, width - (number == 0 ? prefix : indent))
                if DisplayWidth.columns(of: line.text) > budget {
                    // Too wide only when nothing inside it could have been broken.
                    #expect(LineWrapper.wrap(line.text, width: budget) == [line.text], "\(line.text.debugDescription)")
                }
                let softBreak =
                    number + 1 < lines.count && !line.removedAfter.contains("\n")
                    && !line.removedAfter.contains("\r\n")
                if softBreak {
                    let next = lines[number + 1].text
                    #expect(!Self.cannotStart.contains(next.first ?? " "), "\(next.debugDescription)")
                    #expect(!Self.cannotEnd.contains(line.text.last ?? " "), "\(line.text.debugDescription)")
                    #expect(next.first != " " && line.removedAfter.allSatisfy { $0 == " " })
                }
            }
        }
    }

    /// Lines recorded from the wrapper that walked an array of Characters, before it was rewritten
    /// to walk cluster bounds and scalars: combining marks, ZWJ sequences, flags, skin tones, kinsoku
    /// punctuation, halfwidth kana, no-break glue, U+200B, a prepended mark before a space, leading
    /// and trailing spaces, Hangul, and decomposed kana. Indent 2, first-line prefix 5.
    @Test func wrapsLikeTheRecordedLines() {
        for golden in Self.goldenCases {
            let text = Self.goldenTexts[golden.text]
            let lines = LineWrapper.lines(of: text, width: golden.width, indent: 2, firstLinePrefixWidth: 5)
            let expected = golden.lines.map { LineWrapper.Line(text: $0.0, removedAfter: $0.1) }
            // Compared scalar by scalar: String equality would let composed and decomposed forms pass.
            #expect(
                lines.map { Array($0.text.unicodeScalars) + ["|"] + Array($0.removedAfter.unicodeScalars) }
                    == expected.map { Array($0.text.unicodeScalars) + ["|"] + Array($0.removedAfter.unicodeScalars) },
                "\(text.debugDescription) at \(golden.width)")
        }
    }

    struct GoldenCase {
        var text: Int
        var width: Int
        var lines: [(String, String)]
    }

    static let goldenTexts = [
        "e\u{301}e\u{301} café na\u{308}ive re\u{301}sume\u{301}",
        "👨\u{200D}👩\u{200D}👧👨\u{200D}👩\u{200D}👧 🇯🇵🇺🇸🇫🇷 👍\u{1F3FD}👍\u{1F3FD}",
        "設定ファイル（config.toml）が見つかりません。「tool init」で作成できます！ちょっと待ってっ",
        "ｱｲｳｴｵ｡ｶｷｸｹｺ､ﾊﾝｶｸ ｶﾀｶﾅ",
        "a\u{A0}b\u{A0}c 漢\u{A0}字 word\u{200B}break\u{200B}here",
        "\u{600} x\u{600} y  trailing   ",
        "  leading spaces then words",
        "mixed 中文text混合 한국어 텍스트",
        "か\u{3099}き\u{3099}く\u{3099} ー〜ゃ",
    ]

    static let goldenCases: [GoldenCase] = [
        GoldenCase(
            text: 0, width: 3,
            lines: [
                ("e\u{301}e\u{301}", " "), ("café", " "), ("na\u{308}ive", " "), ("re\u{301}sume\u{301}", ""),
            ]),
        GoldenCase(
            text: 0, width: 9,
            lines: [
                ("e\u{301}e\u{301}", " "), ("café", " "), ("na\u{308}ive", " "), ("re\u{301}sume\u{301}", ""),
            ]),
        GoldenCase(
            text: 0, width: 14,
            lines: [
                ("e\u{301}e\u{301} café", " "), ("na\u{308}ive re\u{301}sume\u{301}", ""),
            ]),
        GoldenCase(
            text: 0, width: 25,
            lines: [
                ("e\u{301}e\u{301} café na\u{308}ive re\u{301}sume\u{301}", "")
            ]),
        GoldenCase(
            text: 1, width: 3,
            lines: [
                ("👨\u{200D}👩\u{200D}👧", ""), ("👨\u{200D}👩\u{200D}👧", " "), ("🇯🇵", ""),
                ("🇺🇸", ""), ("🇫🇷", " "), ("👍\u{1F3FD}", ""), ("👍\u{1F3FD}", ""),
            ]),
        GoldenCase(
            text: 1, width: 9,
            lines: [
                ("👨\u{200D}👩\u{200D}👧👨\u{200D}👩\u{200D}👧", " "),
                ("🇯🇵🇺🇸🇫🇷", " "), ("👍\u{1F3FD}👍\u{1F3FD}", ""),
            ]),
        GoldenCase(
            text: 1, width: 14,
            lines: [
                ("👨\u{200D}👩\u{200D}👧👨\u{200D}👩\u{200D}👧 🇯🇵🇺🇸", ""),
                ("🇫🇷 👍\u{1F3FD}👍\u{1F3FD}", ""),
            ]),
        GoldenCase(
            text: 1, width: 25,
            lines: [
                ("👨\u{200D}👩\u{200D}👧👨\u{200D}👩\u{200D}👧 🇯🇵🇺🇸🇫🇷 👍\u{1F3FD}👍\u{1F3FD}", "")
            ]),
        GoldenCase(
            text: 2, width: 3,
            lines: [
                ("設", ""), ("定", ""), ("ファ", ""), ("イ", ""), ("ル", ""), ("（config.toml）", ""), ("が", ""), ("見", ""),
                ("つ", ""), ("か", ""), ("り", ""), ("ま", ""), ("せ", ""), ("ん。", ""), ("「tool", " "), ("init」", ""),
                ("で", ""), ("作", ""), ("成", ""), ("で", ""), ("き", ""), ("ま", ""), ("す！", ""), ("ちょっ", ""), ("と", ""),
                ("待っ", ""), ("てっ", ""),
            ]),
        GoldenCase(
            text: 2, width: 9,
            lines: [
                ("設定", ""), ("ファイ", ""), ("ル", ""), ("（config.toml）", ""), ("が見つ", ""), ("かりま", ""), ("せん。", ""),
                ("「tool", " "), ("init」", ""), ("で作成", ""), ("できま", ""), ("す！", ""), ("ちょっ", ""), ("と待っ", ""),
                ("てっ", ""),
            ]),
        GoldenCase(
            text: 2, width: 14,
            lines: [
                ("設定ファ", ""), ("イル", ""), ("（config.toml）", ""), ("が見つかりま", ""), ("せん。「tool", " "), ("init」で作成", ""),
                ("できます！", ""), ("ちょっと待っ", ""), ("てっ", ""),
            ]),
        GoldenCase(
            text: 2, width: 25,
            lines: [
                ("設定ファイル", ""), ("（config.toml）が見つか", ""), ("りません。「tool init」", ""), ("で作成できます！ちょっ", ""),
                ("と待ってっ", ""),
            ]),
        GoldenCase(
            text: 3, width: 3,
            lines: [
                ("ｱｲｳｴｵ｡ｶｷｸｹｺ､ﾊﾝｶｸ", " "), ("ｶﾀｶﾅ", ""),
            ]),
        GoldenCase(
            text: 3, width: 9,
            lines: [
                ("ｱｲｳｴｵ｡ｶｷｸｹｺ､ﾊﾝｶｸ", " "), ("ｶﾀｶﾅ", ""),
            ]),
        GoldenCase(
            text: 3, width: 14,
            lines: [
                ("ｱｲｳｴｵ｡ｶｷｸｹｺ､ﾊﾝｶｸ", " "), ("ｶﾀｶﾅ", ""),
            ]),
        GoldenCase(
            text: 3, width: 25,
            lines: [
                ("ｱｲｳｴｵ｡ｶｷｸｹｺ､ﾊﾝｶｸ", " "), ("ｶﾀｶﾅ", ""),
            ]),
        GoldenCase(
            text: 4, width: 3,
            lines: [
                ("a\u{A0}b\u{A0}c", " "), ("漢\u{A0}字", " "), ("word\u{200B}", ""), ("break\u{200B}", ""),
                ("here", ""),
            ]),
        GoldenCase(
            text: 4, width: 9,
            lines: [
                ("a\u{A0}b\u{A0}c", " "), ("漢\u{A0}字", " "), ("word\u{200B}", ""), ("break\u{200B}", ""),
                ("here", ""),
            ]),
        GoldenCase(
            text: 4, width: 14,
            lines: [
                ("a\u{A0}b\u{A0}c", " "), ("漢\u{A0}字 word\u{200B}", ""), ("break\u{200B}here", ""),
            ]),
        GoldenCase(
            text: 4, width: 25,
            lines: [
                ("a\u{A0}b\u{A0}c 漢\u{A0}字 word\u{200B}", ""), ("break\u{200B}here", ""),
            ]),
        GoldenCase(
            text: 5, width: 3,
            lines: [
                ("\u{600} ", ""), ("x", ""), ("\u{600} ", ""), ("y", "  "), ("trailing", "   "),
            ]),
        GoldenCase(
            text: 5, width: 9,
            lines: [
                ("\u{600} x", ""), ("\u{600} y", "  "), ("trailing", "   "),
            ]),
        GoldenCase(
            text: 5, width: 14,
            lines: [
                ("\u{600} x\u{600} y", "  "), ("trailing   ", ""),
            ]),
        GoldenCase(
            text: 5, width: 25,
            lines: [
                ("\u{600} x\u{600} y  trailing   ", "")
            ]),
        GoldenCase(
            text: 6, width: 3,
            lines: [
                ("  leading", " "), ("spaces", " "), ("then", " "), ("words", ""),
            ]),
        GoldenCase(
            text: 6, width: 9,
            lines: [
                ("  leading", " "), ("spaces", " "), ("then", " "), ("words", ""),
            ]),
        GoldenCase(
            text: 6, width: 14,
            lines: [
                ("  leading", " "), ("spaces then", " "), ("words", ""),
            ]),
        GoldenCase(
            text: 6, width: 25,
            lines: [
                ("  leading spaces", " "), ("then words", ""),
            ]),
        GoldenCase(
            text: 7, width: 3,
            lines: [
                ("mixed", " "), ("中", ""), ("文", ""), ("text", ""), ("混", ""), ("合", " "), ("한", ""), ("국", ""),
                ("어", " "), ("텍", ""), ("스", ""), ("트", ""),
            ]),
        GoldenCase(
            text: 7, width: 9,
            lines: [
                ("mixed", " "), ("中文", ""), ("text混", ""), ("合 한국", ""), ("어 텍스", ""), ("트", ""),
            ]),
        GoldenCase(
            text: 7, width: 14,
            lines: [
                ("mixed 中", ""), ("文text混合", " "), ("한국어 텍스", ""), ("트", ""),
            ]),
        GoldenCase(
            text: 7, width: 25,
            lines: [
                ("mixed 中文text混合", " "), ("한국어 텍스트", ""),
            ]),
        GoldenCase(
            text: 8, width: 3,
            lines: [
                ("か\u{3099}", ""), ("き\u{3099}", ""), ("く\u{3099} ー〜ゃ", ""),
            ]),
        GoldenCase(
            text: 8, width: 9,
            lines: [
                ("か\u{3099}き\u{3099}", ""), ("く\u{3099} ー〜ゃ", ""),
            ]),
        GoldenCase(
            text: 8, width: 14,
            lines: [
                ("か\u{3099}き\u{3099}", ""), ("く\u{3099} ー〜ゃ", ""),
            ]),
        GoldenCase(
            text: 8, width: 25,
            lines: [
                ("か\u{3099}き\u{3099}く\u{3099} ー〜ゃ", "")
            ]),
    ]
}

extension [LineWrapper.Line] {
    /// Each line followed by what its break removed: the original text when nothing was lost.
    fileprivate var rejoined: String { map { $0.text + $0.removedAfter }.joined() }
}

/// A small deterministic generator, so a failing input can be reproduced.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
