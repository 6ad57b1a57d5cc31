import Foundation
import Testing

@testable import FriendlyErrors

@Suite struct StringsFileParserTests: StringsFileParsing {
    @Test func readsQuotedEntriesWithTheirPositions() {
        let (entries, diagnostics) = parse("\"a\" = \"A\";\n  \"b\"=\"B\" ;\n")
        #expect(diagnostics.isEmpty)
        #expect(entries.map(\.key) == ["a", "b"])
        #expect(texts(entries) == ["a": "A", "b": "B"])
        #expect(entries.map(\.line) == [1, 2])
        #expect(entries.map(\.column) == [1, 3])
    }

    @Test func missingSemicolonIsReportedOnItsLine() {
        let text = """
            "one" = "1";
            "two" = "2";
            "three" = "3"
            "four" = "4";
            "five" = "5";
            """
        let (entries, diagnostics) = parse(text)
        #expect(diagnostics.count == 1)
        let diagnostic = diagnostics.first
        #expect(diagnostic?.line == 3)
        #expect(diagnostic?.column == 14)
        #expect(diagnostic?.severity == .error)
        #expect(diagnostic?.key == "three")
        #expect(diagnostic?.description == "App.strings:3:14: error: expected ';' after the value of \"three\"")
        for key in ["one", "two", "four", "five"] { #expect(texts(entries)[key] != nil) }
    }

    @Test func syntaxErrorSkipsOnlyTheBrokenEntry() {
        let text = """
            "one" = "1";
            "two" = = "2";
            "three" "3";
            "four" = "4";
            """
        let (entries, diagnostics) = parse(text)
        #expect(texts(entries) == ["one": "1", "four": "4"])
        // The third line's error is an echo until an entry parses again, so only the first is reported.
        #expect(diagnostics.map(\.line) == [2])
    }

    @Test func missingClosingQuoteIsReportedAndLaterEntriesKept() {
        let text = "\"a\" = \"x;\n\"b\" = \"B\";\n\"c\" = \"C\";\n"
        let (entries, diagnostics) = parse(text)
        #expect(texts(entries)["b"] == "B")
        #expect(texts(entries)["c"] == "C")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("closing quote") == true)
    }

    @Test func multiLineValueWithoutSemicolonIsKept() {
        let (entries, diagnostics) = parse("\"a\" = \"line 1\nline 2\" // no semicolon\n\"b\" = \"B\";")
        #expect(texts(entries) == ["a": "line 1\nline 2", "b": "B"])
        #expect(diagnostics.map { "\($0.line):\($0.column)" } == ["2:8"])
    }

    @Test func unterminatedCommentAndStringAreReported() {
        let comment = parse("\"a\" = \"A\";\n/* never closed\n\"b\" = \"B\";")
        #expect(texts(comment.entries) == ["a": "A"])
        #expect(comment.diagnostics.map(\.line) == [2])
        let string = parse("\"a\" = \"A\";\n\"b\" = \"never closed;\n")
        #expect(texts(string.entries) == ["a": "A"])
        #expect(string.diagnostics.first?.line == 2)
        #expect(string.diagnostics.first?.column == 7)
    }

    @Test func decodesEveryEscape() {
        let text = #"""
            "escapes" = "q\" b\\ n\n t\t r\r z\0 e\U00E9 u\u00FC o\101 s\'";
            "pair" = "\UD83D\UDE00";
            "lone" = "\UD83D!";
            """#
        let (entries, diagnostics) = parse(text)
        let values = texts(entries)
        #expect(values["escapes"] == "q\" b\\ n\n t\t r\r z\u{0} eé uü oA s'")
        #expect(values["pair"] == "😀")
        #expect(values["lone"] == "\u{FFFD}!")
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.line == 3)
    }

    @Test func unknownEscapeKeepsTheCharacterWithAWarning() {
        let (entries, diagnostics) = parse(#""a" = "x\qy";"#)
        #expect(texts(entries) == ["a": "xqy"])
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.column == 9)
    }

    @Test func readsCommentsUnquotedStringsAndShorthand() {
        let text = """
            /* Block
               comment */
            // Line comment
            unquoted.key-1 = value_2; // trailing
            path/to:key = $x;
            "Cancel";
            "multi" = "line one
            line two";
            """
        let (entries, diagnostics) = parse(text)
        #expect(diagnostics.isEmpty)
        #expect(
            texts(entries) == [
                "unquoted.key-1": "value_2", "path/to:key": "$x", "Cancel": "Cancel", "multi": "line one\nline two",
            ])
        #expect(entries.map(\.line) == [4, 5, 6, 7])
    }

    @Test func duplicateKeyWarnsAndTheLastValueWins() {
        let (entries, diagnostics) = parse("\"a\" = \"first\";\n\"b\" = \"B\";\n\"a\" = \"second\";\n")
        #expect(entries.count == 2)
        #expect(texts(entries)["a"] == "second")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.line == 3)
        #expect(diagnostics.first?.message.contains("line 1") == true)
    }

    @Test func readsUTF16WithByteOrderMark() {
        let text = "/* UTF-16 */\r\n\"greeting\" = \"こんにちは 😀\";\r\n\"b\" = \"B\"\r\n"
        for bigEndian in [false, true] {
            var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
            for unit in text.utf16 {
                let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
                bytes += bigEndian ? [high, low] : [low, high]
            }
            let (entries, diagnostics) = StringsFileParser.parse(Data(bytes), file: "ja.strings")
            #expect(texts(entries) == ["greeting": "こんにちは 😀", "b": "B"])
            // The missing `;` on line 3 is found: CR LF counts as one line break.
            #expect(diagnostics.map(\.line) == [3])
        }
    }

    @Test func readsUTF8ByteOrderMarkCRLFAndBraces() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\r\n\"a\" = \"A\";\r\n\"b\" = \"B\";\r\n}\r\n".utf8)
        let (entries, diagnostics) = StringsFileParser.parse(Data(bytes), file: "App.strings")
        #expect(diagnostics.isEmpty)
        #expect(texts(entries) == ["a": "A", "b": "B"])
        #expect(entries.map(\.line) == [2, 3])
    }

    @Test func invalidUTF8IsRepairedWithAWarning() {
        let bytes = Array("\"a\" = \"".utf8) + [0xFF, 0xC3] + Array("\";".utf8)
        let (entries, diagnostics) = StringsFileParser.parse(Data(bytes), file: "App.strings")
        #expect(texts(entries)["a"] == "\u{FFFD}\u{FFFD}")
        #expect(diagnostics.map(\.severity) == [.warning])
    }

    @Test func binaryPropertyListIsRejectedWithOneError() {
        let (entries, diagnostics) = StringsFileParser.parse(Data("bplist00\u{1}\u{2}".utf8), file: "App.strings")
        #expect(entries.isEmpty)
        #expect(diagnostics.count == 1)
    }

    @Test func tenThousandKeysParseQuickly() {
        var text = "/* Generated */\n"
        for index in 0..<10_000 {
            text += "\"key.\(index)\" = \"Value number \(index) with \\\"quotes\\\" and ü\";\n"
        }
        let data = Data(text.utf8)
        let clock = ContinuousClock()
        var result: (entries: [CatalogEntry], diagnostics: [CatalogDiagnostic]) = ([], [])
        let elapsed = clock.measure { result = StringsFileParser.parse(data, file: "Big.strings") }
        #expect(result.entries.count == 10_000)
        #expect(result.diagnostics.isEmpty)
        #expect(texts(result.entries)["key.9999"] == "Value number 9999 with \"quotes\" and ü")
        #expect(result.entries.last?.line == 10_001)
        // About 5 ms in a release build; debug builds are much slower, so the bound is generous.
        #expect(elapsed < .seconds(2))
    }

    @Test func garbageAndTruncatedInputsNeverCrash() {
        let valid = Array(
            """
            /* c */ "a" = "x\\n\\U00E9\\UD83D\\UDE00"; // d
            b = c; "d"; "e" = "multi
            line";
            """.utf8)
        // Every prefix of a valid file, as a truncated download would be.
        for end in 0...valid.count {
            _ = StringsFileParser.parse(bytes: Array(valid[..<end]), file: "t.strings")
        }
        // Edge cases and random bytes from a fixed seed.
        let edges: [[UInt8]] = [
            [], [0xFF, 0xFE], [0xFE, 0xFF, 0x00], [0xEF, 0xBB, 0xBF], Array("\"".utf8), Array("\\".utf8),
            Array("\"a\" = \"\\".utf8), Array("\"a\" = \"\\U".utf8), Array("/*".utf8), Array("/".utf8), Array("{".utf8),
            Array("}".utf8), Array(";;;;".utf8), Array("= = =".utf8), [0, 0, 0, 0], Array("\"a\"\n=\n".utf8),
        ]
        for bytes in edges { _ = StringsFileParser.parse(bytes: bytes, file: "t.strings") }
        var generator = CatalogTestRandom(seed: 42)
        let alphabet = Array("\"=;/*\\\n\r {}aU0 é".utf8)
        for round in 0..<2_000 {
            let length = Int.random(in: 0...80, using: &generator)
            let bytes = (0..<length).map { _ in
                round % 2 == 0
                    ? UInt8.random(in: 0...255, using: &generator) : alphabet.randomElement(using: &generator)!
            }
            let (entries, diagnostics) = StringsFileParser.parse(bytes: bytes, file: "t.strings")
            for diagnostic in diagnostics { #expect(diagnostic.line >= 1 && diagnostic.column >= 1) }
            _ = entries
        }
    }
}

/// A small deterministic generator (SplitMix64), so that a failing random input can be reproduced.
struct CatalogTestRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
