import Foundation
import Testing

@testable import FriendlyErrors

@Suite struct JSONWriterTests {
    /// Strings that exercise every escaping rule: each ASCII code point alone and between letters, the
    /// line and paragraph separators, HTML-sensitive text and multi-byte characters.
    static let trickyStrings: [String] = {
        var strings = (0...0x7F).map { String(UnicodeScalar(UInt8($0))) }
        strings += (0...0x7F).map { "a\(UnicodeScalar(UInt8($0)))b" }
        strings += [
            "\u{2028}", "\u{2029}", "x\u{2028}y\u{2029}z", "</script><!--", "é日本😀👨‍👩‍👧‍👦", "…€\u{2027}\u{202A}",
        ]
        strings += Self.terminalHostileScalars.map { "a\($0)b" }
        strings.append("\u{9B}31m\u{9D}0;evil\u{9C}\u{202E}txt.exe\u{2066}\u{061C}\u{200E}\u{200F}\u{A0}\u{202F}")
        strings.append(String(decoding: (0...0x7F).map { UInt8($0) }, as: UTF8.self))
        return strings
    }()

    /// Every scalar that JSON output writes as `\uXXXX` although JSON allows it raw: DEL, the C1
    /// controls, the line and paragraph separators and the bidi controls.
    static let terminalHostileScalars: [Unicode.Scalar] = {
        let values: [ClosedRange<UInt32>] = [
            0x7F...0x9F, 0x061C...0x061C, 0x200E...0x200F, 0x2028...0x202E, 0x2066...0x2069,
        ]
        return values.flatMap { $0.compactMap(Unicode.Scalar.init) }
    }()

    private func arrayDocument(_ strings: [String]) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginArray()
        for string in strings { writer.string(string) }
        writer.endArray()
        return writer.bytes
    }

    @Test func usesShortEscapesForCommonControls() {
        #expect(JSONWriter.quoted("\n\t\r\u{8}\u{C}") == #""\n\t\r\b\f""#)
        #expect(JSONWriter.quoted("say \"hi\" \\ bye") == #""say \"hi\" \\ bye""#)
    }

    @Test func escapesOtherControlsAndDeleteAsUnicode() {
        #expect(JSONWriter.quoted("\u{0}\u{1}\u{B}\u{1B}\u{1F}\u{7F}") == #""\u0000\u0001\u000b\u001b\u001f\u007f""#)
    }

    @Test func escapesHTMLSensitiveCharacters() {
        #expect(JSONWriter.quoted("a<b>&c") == #""a\u003cb\u003e\u0026c""#)
        let output = JSONWriter.quoted("</script><script>alert(1)</script><!--")
        #expect(!output.contains("</"))
        #expect(!output.contains("<!--"))
        #expect(!output.contains("<"))
    }

    @Test func escapesLineAndParagraphSeparators() {
        #expect(JSONWriter.quoted("a\u{2028}b\u{2029}c") == #""a\u2028b\u2029c""#)
    }

    @Test func escapesC1ControlsSeparatorsAndBidiControlsAsUnicode() {
        #expect(JSONWriter.quoted("\u{80}\u{85}\u{9B}[2J\u{9D}0;x\u{9F}") == #""\u0080\u0085\u009b[2J\u009d0;x\u009f""#)
        #expect(JSONWriter.quoted("\u{061C}\u{200E}\u{200F}") == #""\u061c\u200e\u200f""#)
        #expect(
            JSONWriter.quoted("\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}")
                == #""\u202a\u202b\u202c\u202d\u202e""#)
        #expect(JSONWriter.quoted("\u{2066}\u{2067}\u{2068}\u{2069}") == #""\u2066\u2067\u2068\u2069""#)
        // A Trojan Source file name: the override cannot reorder the output when it is printed.
        #expect(JSONWriter.quoted("invoice\u{202E}fdp.exe") == #""invoice\u202efdp.exe""#)
    }

    @Test func leavesNoTerminalHostileScalarRaw() {
        for scalar in Self.terminalHostileScalars {
            let output = JSONWriter.quoted("x\(scalar)y")
            #expect(output.unicodeScalars.allSatisfy { $0.isASCII }, "U+\(String(scalar.value, radix: 16))")
            #expect(output == "\"x\\u\(String(format: "%04x", scalar.value))y\"")
        }
    }

    @Test func copiesNeighboursOfEscapedScalarsAsUTF8() {
        // Same lead bytes as the escaped scalars (C2, D8, E2), but harmless.
        let text = "\u{A0}©\u{BF}\u{0600}\u{061B}\u{061D}\u{200D}\u{2010}\u{2027}\u{202F}\u{2065}\u{206A}\u{2FFF}"
        #expect(JSONWriter.quoted(text) == "\"\(text)\"")
    }

    @Test func copiesOtherTextAsUTF8() {
        let text = "/é日本😀👨‍👩‍👧‍👦…€\u{2027}\u{2030}'"
        #expect(JSONWriter.quoted(text) == "\"\(text)\"")
    }

    @Test func everyASCIICodePointAndSeparatorRoundTripsThroughFoundation() throws {
        let strings = Self.trickyStrings
        let parsed = try JSONSerialization.jsonObject(with: Data(arrayDocument(strings))) as? [String]
        #expect(parsed == strings)
    }

    @Test func everyUnicodeScalarRoundTripsThroughFoundation() throws {
        var all = String.UnicodeScalarView()
        for value in UInt32(0)...0x10FFFF {
            if let scalar = Unicode.Scalar(value) { all.append(scalar) }
        }
        let string = String(all)
        let parsed = try JSONSerialization.jsonObject(with: Data(arrayDocument([string]))) as? [String]
        #expect(parsed == [string])
    }

    @Test(.enabled(if: pythonPath != nil, "python3 is not installed"))
    func pythonsJSONParserReadsTheSameStrings() throws {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("strings")
        writer.beginArray()
        for string in Self.trickyStrings { writer.string(string) }
        writer.endArray()
        writer.int(Int.min, forKey: "min")
        writer.bool(false, forKey: "flag")
        writer.key("nothing")
        writer.null()
        writer.endObject()

        // Python re-encodes what it read as ASCII-only JSON, which Foundation then decodes: both
        // parsers must agree with the original strings.
        let script = "import json,sys; d=json.load(sys.stdin); print(json.dumps(d['strings'], ensure_ascii=True))"
        let output = try run(try #require(pythonPath), ["-c", script], input: Data(writer.bytes))
        #expect(output.status == 0)
        let reparsed = try JSONSerialization.jsonObject(with: output.stdout) as? [String]
        #expect(reparsed == Self.trickyStrings)
    }

    @Test func placesCommasAndColonsInNestedContainers() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.string("Not found", forKey: "title")
        writer.int(404, forKey: "status")
        writer.key("actions")
        writer.beginArray()
        writer.beginObject()
        writer.string("retry", forKey: "id")
        writer.endObject()
        writer.beginObject()
        writer.endObject()
        writer.beginArray()
        writer.endArray()
        writer.null()
        writer.endArray()
        writer.bool(true, forKey: "ok")
        writer.key("empty")
        writer.beginObject()
        writer.endObject()
        writer.endObject()
        let expected =
            #"{"title":"Not found","status":404,"actions":[{"id":"retry"},{},[],null],"#
            + #""ok":true,"empty":{}}"#
        #expect(writer.text == expected)
    }

    @Test func writesIntegersAtTheirLimits() {
        var writer = JSONWriter()
        writer.beginArray()
        for value in [0, 7, -1, 10, 1_234_567, Int.max, Int.min] { writer.int(value) }
        writer.endArray()
        #expect(writer.text == "[0,7,-1,10,1234567,\(Int.max),\(Int.min)]")
    }

    @Test func writesEveryPowerOfTenAndItsNeighboursAsSwiftDoes() {
        var values: [Int] = []
        var power = 1
        for exponent in 0...18 {
            values += [power - 1, power, power + 1, -power, -(power + 1)]
            if exponent < 18 { power *= 10 }
        }
        for value in values + [Int.max - 1, Int.min + 1] {
            var writer = JSONWriter()
            writer.int(value)
            #expect(writer.text == String(value))
        }
    }

    @Test func escapesKeysLikeValues() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.string("v", forKey: "</k\"")
        writer.endObject()
        #expect(writer.text == #"{"\u003c/k\"":"v"}"#)
    }
}

// MARK: - Capping at grapheme boundaries

@Suite struct GraphemeCapTests {
    /// The longest whole-character start that fits with `…`, without the ellipses it ends with, computed
    /// the obvious, slow way.
    private func reference(_ string: String, _ limit: Int) -> String {
        if string.utf8.count <= limit { return string }
        if limit < 3 { return "" }
        var kept = ""
        for character in string {
            if kept.utf8.count + character.utf8.count > limit - 3 { break }
            kept.append(character)
        }
        while kept.last == "…" { kept.removeLast() }
        return kept + "…"
    }

    @Test func leavesStringsThatFitUnchanged() {
        #expect("Hello".cappedAtGraphemeBoundary(maxUTF8Bytes: 5) == "Hello")
        #expect("".cappedAtGraphemeBoundary(maxUTF8Bytes: 0) == "")
    }

    @Test func endsWithAnEllipsisWithinTheLimit() {
        #expect("Hello, world".cappedAtGraphemeBoundary(maxUTF8Bytes: 8) == "Hello…")
        #expect("Hello, world".cappedAtGraphemeBoundary(maxUTF8Bytes: 3) == "…")
        #expect("Hello, world".cappedAtGraphemeBoundary(maxUTF8Bytes: 2) == "")
        #expect("Bonjour 👋🏽".cappedAtGraphemeBoundary(maxUTF8Bytes: 12) == "Bonjour …")
    }

    @Test func aCutEndsInOneEllipsisWhereTheTextHadOneAlready() {
        #expect("Wait… wait… wait…".cappedAtGraphemeBoundary(maxUTF8Bytes: 10) == "Wait…")
        #expect("Wait…… and see".cappedAtGraphemeBoundary(maxUTF8Bytes: 13) == "Wait…")
        #expect(String(repeating: "…", count: 10).cappedAtGraphemeBoundary(maxUTF8Bytes: 12) == "…")
    }

    @Test func neverSplitsAZWJSequence() {
        let family = "👨‍👩‍👧‍👦"
        #expect(family.utf8.count == 25)
        let three = String(repeating: family, count: 3)
        #expect(three.cappedAtGraphemeBoundary(maxUTF8Bytes: 60) == family + family + "…")
        #expect(three.cappedAtGraphemeBoundary(maxUTF8Bytes: 27) == "…")
        #expect(three.cappedAtGraphemeBoundary(maxUTF8Bytes: 28) == family + "…")
    }

    @Test(arguments: [
        "👨‍👩‍👧‍👦x👨‍👩‍👧‍👦",
        "🇯🇵🇺🇸🇫🇷🇩🇪",
        "e\u{301}e\u{301}\u{302}a\u{308}",
        "\u{1100}\u{1161}\u{11A8}\u{1100}\u{1161}",
        "क्षि क्षि",
        "aé👍🏽ok👩🏽‍💻日本語\r\nend",
        "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}!",
        "Loading… …… done…",
    ])
    func agreesWithCharacterByCharacterCappingAtEveryLimit(text: String) {
        for limit in 0...(text.utf8.count + 1) {
            let capped = text.cappedAtGraphemeBoundary(maxUTF8Bytes: limit)
            #expect(capped == reference(text, limit), "limit \(limit)")
            #expect(capped.utf8.count <= limit || capped == text)
        }
    }

    @Test func capsFiveMegabytesQuickly() {
        let big = String(repeating: "ab😀é\u{301}👨‍👩‍👧", count: 5_000_000 / 28 + 1)
        #expect(big.utf8.count > 5_000_000)
        var capped = ""
        let elapsed = ContinuousClock().measure {
            for _ in 0..<10 { capped = big.cappedAtGraphemeBoundary(maxUTF8Bytes: 4096) }
        }
        #expect(capped.utf8.count <= 4096)
        #expect(capped.hasSuffix("…"))
        #expect(big.hasPrefix(String(capped.dropLast())))
        #expect(elapsed < .milliseconds(500))
    }

    @Test func capsOneHugeClusterWithoutReadingItAll() {
        let huge = "a" + String(repeating: "\u{301}", count: 2_500_000) + "b"
        var capped = ""
        let elapsed = ContinuousClock().measure { capped = huge.cappedAtGraphemeBoundary(maxUTF8Bytes: 100) }
        #expect(capped == "…")
        #expect(elapsed < .milliseconds(100))
    }
}

// MARK: - Helpers

/// The first `python3` on `PATH`, or `nil` when there is none.
private let pythonPath: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":")
        .map { "\($0)/python3" }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}()

private func run(_ executable: String, _ arguments: [String], input: Data) throws -> (status: Int32, stdout: Data) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    // Python reads all input before writing anything, so writing first cannot deadlock.
    try stdin.fileHandleForWriting.write(contentsOf: input)
    try stdin.fileHandleForWriting.close()
    let output = try stdout.fileHandleForReading.readToEnd() ?? Data()
    process.waitUntilExit()
    return (process.terminationStatus, output)
}
