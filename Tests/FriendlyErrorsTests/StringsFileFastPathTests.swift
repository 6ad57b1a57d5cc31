import Foundation
import Testing

@testable import FriendlyErrors

/// The parser's fast paths (eight bytes at a time, one decoding buffer, the loader's tables derived
/// from the parser's key index) against the plain definitions they replace, at every alignment.
@Suite struct StringsFileFastPathTests: StringsFileParsing {
    @Test func utf8ValidationAgreesWithTheStandardLibrary() {
        let edges: [[UInt8]] = [
            [], [0x41], [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0x9F, 0x80],
            [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF],
            [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
            [0xFF], [0xE2, 0x80], [0xE2, 0x80, 0x41], [0xF0, 0x9F, 0x98], [0xF0, 0x9F, 0x98, 0x80],
        ]
        var generator = CatalogTestRandom(seed: 7)
        var inputs: [[UInt8]] = []
        // Each edge after every length of ASCII prefix, so that it falls at every place in a word.
        for edge in edges {
            for prefix in 0..<17 { inputs.append(Array(repeating: 0x61, count: prefix) + edge + Array("tail".utf8)) }
        }
        let pieces: [[UInt8]] = [[0x61], [0x0A], Array("é".utf8), Array("“".utf8), Array("😀".utf8)] + edges
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...12, using: &generator)
            inputs.append((0..<count).flatMap { _ in pieces.randomElement(using: &generator)! })
        }
        for bytes in inputs {
            let valid = UTF8Validator.isValid(bytes)
            #expect(valid == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }

    @Test func wordAtATimeSearchFindsTheFirstMatch() {
        var generator = CatalogTestRandom(seed: 11)
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...40, using: &generator)
            // Mostly ordinary bytes, some targets, some bytes that differ from a target by one bit
            // or lie just above or below it.
            let alphabet: [UInt8] = [0x61, 0x61, 0x61, 0x80, 0xFF, 0x00, 0x22, 0x5C, 0x23, 0x21, 0xA2, 0xDC, 0x5D]
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...count + 1 {
                    let matches = (start..<max(start, count)).filter { bytes[$0] == 0x22 || bytes[$0] == 0x5C }
                    let expected = matches.first ?? count
                    #expect(buffer.firstIndex(of: 0x22, or: 0x5C, from: start) == expected)
                }
            }
        }
    }

    @Test func escapesAreDecodedAtEveryAlignment() {
        for before in 0..<18 {
            for after in 0..<10 {
                let head = String(repeating: "a", count: before)
                let tail = String(repeating: "é", count: after)
                let text = """
                    "k\(before).\(after)" = "\(head)\\"\(tail)\\\\";
                    "u\(before).\(after)" = "\(head)\\U00E9\\n\(tail)\\UD83D\\UDE00";
                    """
                let (entries, diagnostics) = parse(text)
                #expect(diagnostics.isEmpty)
                #expect(texts(entries)["k\(before).\(after)"] == head + "\"" + tail + "\\")
                #expect(texts(entries)["u\(before).\(after)"] == head + "é\n" + tail + "😀")
            }
        }
    }

    @Test func escapeWarningsKeepTheirColumns() {
        let (entries, diagnostics) = parse("\"a\" = \"0123456789\\q \\UD800x \\U\";")
        #expect(texts(entries)["a"] == "0123456789q \u{FFFD}x U")
        #expect(diagnostics.map(\.severity) == [.warning, .warning, .warning])
        #expect(diagnostics.map(\.column) == [18, 21, 29])
    }

    @Test func missingSemicolonIsFoundWithEveryLineEnding() {
        for newline in ["\n", "\r\n", "\r"] {
            let text = ["\"one\" = \"1\";", "\"two\" = \"2\"", "\"three\" = \"3\";", ""].joined(separator: newline)
            let (entries, diagnostics) = parse(text)
            #expect(texts(entries) == ["one": "1", "two": "2", "three": "3"])
            #expect(diagnostics.map { "\($0.line):\($0.column)" } == ["2:12"])
            #expect(entries.map(\.line) == [1, 2, 3])
        }
    }

    @Test func locationsAreRightOnLongLinesAndAfterSkippedLines() {
        let padding = String(repeating: " ", count: 40)
        let text = "\"a\" = \"A\";\(padding)\"b\" = \"B\";\n\n/* one\ntwo */\n\n\t\"c\" = \"é\"; \"d\" = \"D\";\n\"e\";"
        let (entries, diagnostics) = parse(text)
        #expect(diagnostics.isEmpty)
        #expect(entries.map { "\($0.key)@\($0.line):\($0.column)" } == ["a@1:1", "b@1:51", "c@6:2", "d@6:13", "e@7:1"])
    }

    @Test func duplicatesNameTheLineTheyReplace() {
        let (entries, diagnostics) = parse(
            "\"a\" = \"1\";\n\"b\" = \"B\";\n\"a\" = \"2\";\n\"a\" = \"3\";\n\"c\" = \"C\";")
        #expect(entries.map(\.key) == ["a", "b", "c"])
        #expect(texts(entries) == ["a": "3", "b": "B", "c": "C"])
        #expect(
            diagnostics.map(\.description) == [
                "App.strings:3:1: warning: duplicate key \"a\": this value (line 3) replaces the one on line 1",
                "App.strings:4:1: warning: duplicate key \"a\": this value (line 4) replaces the one on line 3",
            ])
        let table = StringsFileParser.parseTable(
            bytes: Array("\"a\" = \"1\"; \"b\" = \"B\"; \"a\" = \"2\";".utf8), file: "t")
        #expect(table.indexByKey == ["a": 0, "b": 1])
    }

    @Test func unterminatedStringsAtTheEndAreReported() {
        for ending in ["\"never closed", "\"ends in a backslash\\", "\"ends in an escaped quote\\\""] {
            let (entries, diagnostics) = parse("\"a\" = \"A\";\n\"b\" = \(ending)")
            #expect(texts(entries) == ["a": "A"])
            #expect(diagnostics.map { "\($0.line):\($0.column)" } == ["2:7"])
            #expect(diagnostics.first?.message.contains("unterminated string") == true)
        }
    }

    @Test func byteOrderMarkDoesNotShiftColumns() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("  \"a\" = \"A\"\n\"b\" = \"B\";".utf8)
        let (entries, diagnostics) = StringsFileParser.parse(bytes: bytes, file: "App.strings")
        #expect(entries.map { "\($0.key)@\($0.line):\($0.column)" } == ["a@1:3", "b@2:1"])
        #expect(diagnostics.map { "\($0.line):\($0.column)" } == ["1:12"])
    }

    @Test func aLanguageInSeveralFilesKeepsEveryEntryAndItsPlace() throws {
        let root = try makeTemporaryFolder(
            [
                "en.lproj/A.strings": "\"a\" = \"A\";\n\"n\" = \"%@ files\";\n",
                "en.lproj/B.strings": "\"b\" = \"B\";\n\n\"a\" = \"A2\";\n",
                "de.lproj/A.strings": "\"a\" = \"DA\";\n\"n\" = \"%d Dateien\";\n",
            ], prefix: "catalog-fast")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let catalog = TranslationCatalog.load(folder: root)
        #expect(catalog.text("a", language: "en") == "A2")
        #expect(catalog.text("b", language: "en") == "B")
        #expect(catalog.text("a", language: "de") == "DA")
        #expect(catalog.keyCount(language: "en") == 3)
        #expect(catalog.location(ofKey: "a", language: "en")?.description == root + "/en.lproj/B.strings:3:1")
        #expect(catalog.location(ofKey: "n", language: "en")?.description == root + "/en.lproj/A.strings:2:1")
        #expect(catalog.location(ofKey: "n", language: "de")?.description == root + "/de.lproj/A.strings:2:1")
        #expect(
            catalog.diagnostics.map(\.description).sorted() == [
                root + "/de.lproj/A.strings:2:1: error: translation of 'n' not used, the base language is shown "
                    + "instead: placeholder 1 is %d here but %@ in the base language",
                root + "/en.lproj/B.strings:3:1: warning: duplicate key 'a' for en, also in " + root
                    + "/en.lproj/A.strings:1; this one wins",
            ])
    }
}
