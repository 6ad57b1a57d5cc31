import Foundation
import Testing

@testable import FriendlyErrors

/// A String Catalog nested far deeper than any real one (`{"a":{"a":…` a hundred thousand levels):
/// one error with the `file:line:column` of the first level past the limit, every good entry of the
/// file and of the other files kept, and no trap. (Load times by depth are in Benchmarks/README.md:
/// the resynchronisation skips over a nest it has read once, so loading stays linear.)
struct DeeplyNestedCatalogTests {
    static let limit = PositionedJSONParser.maximumDepth

    static func nest(_ depth: Int, separator: String = "") -> String {
        String(repeating: "{\"a\":" + separator, count: depth) + "1" + String(repeating: "}", count: depth)
    }

    static let entry = #"{"localizations":{"en":{"stringUnit":{"state":"translated","value":"OK"}}}}"#

    private func tooDeep(_ result: XCStringsParser.Result) -> [CatalogDiagnostic] {
        result.diagnostics.filter { $0.message.hasPrefix("JSON nested too deeply") }
    }

    @Test(arguments: [1_000, 10_000, 100_000])
    func aDocumentNestedBeyondTheLimitGivesOneErrorAtTheFirstLevelPastIt(depth: Int) throws {
        let result = XCStringsParser.parse(bytes: Array(Self.nest(depth).utf8), file: "Deep.xcstrings")
        let diagnostics = tooDeep(result)
        #expect(diagnostics.count == 1)
        let diagnostic = try #require(diagnostics.first)
        // `{"a":` is 5 bytes: the first brace past the limit is at column 5 × limit + 1.
        #expect(
            "\(diagnostic.file):\(diagnostic.line):\(diagnostic.column)" == "Deep.xcstrings:1:\(5 * Self.limit + 1)")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.contains("more than \(Self.limit) levels"))
    }

    @Test func theLineAndColumnAreThoseOfTheNestOnItsOwnLines() throws {
        let text = "{\n  \"sourceLanguage\" : \"en\",\n  \"x\" : " + Self.nest(500, separator: "\n  ") + "\n}\n"
        let result = XCStringsParser.parse(bytes: Array(text.utf8), file: "Deep.xcstrings")
        let diagnostic = try #require(tooDeep(result).first)
        // Line 3 opens the first level (the document is the first); each further level is on the next line.
        #expect(diagnostic.line == 3 + Self.limit - 1)
        #expect(diagnostic.column == 3)
    }

    @Test func entriesBeforeAndAfterANestInTheSameFileAreKept() {
        let deep = Self.nest(100_000)
        let texts = [
            #"{"sourceLanguage":"en","strings":{"before":\#(Self.entry)},"x":\#(deep)}"#,
            #"{"sourceLanguage":"en","x":\#(deep),"strings":{"before":\#(Self.entry)}}"#,
            #"{"sourceLanguage":"en","strings":{"before":\#(Self.entry),"deep":\#(deep),"after":\#(Self.entry)}}"#,
        ]
        for text in texts {
            let result = XCStringsParser.parse(bytes: Array(text.utf8), file: "Deep.xcstrings")
            #expect(tooDeep(result).count == 1)
            let keys = Set(result.entries["en"]?.map(\.key) ?? [])
            #expect(keys.contains("before"), "\(keys)")
            if text.contains("\"after\"") { #expect(keys.contains("after"), "\(keys)") }
        }
    }

    @Test func arraysAndUnclosedNestsToo() {
        for text in [
            #"{"sourceLanguage":"en","x":"# + String(repeating: "[", count: 100_000),
            #"{"strings":"# + String(repeating: #"{"a":["#, count: 50_000),
            String(repeating: #"{"a":"#, count: 100_000),
        ] {
            let result = XCStringsParser.parse(bytes: Array(text.utf8), file: "Deep.xcstrings")
            #expect(tooDeep(result).count == 1)
        }
    }

    @Test func theOtherFilesOfTheFolderLoseNoEntry() throws {
        let root = try makeTemporaryFolder([
            "Deep.xcstrings": Self.nest(100_000),
            "App.xcstrings": #"{"sourceLanguage":"en","strings":{"greeting":\#(Self.entry)},"version":"1.0"}"#,
            "en.lproj/App.strings": #""farewell" = "Bye";"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let catalog = TranslationCatalog.load(folder: root)
        #expect(catalog.text("greeting", language: "en") == "OK")
        #expect(catalog.text("farewell", language: "en") == "Bye")
        let deep = catalog.diagnostics.filter { $0.message.hasPrefix("JSON nested too deeply") }
        #expect(
            deep.map { "\(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line):\($0.column)" }
                == ["Deep.xcstrings:1:\(5 * Self.limit + 1)"])
    }

    @Test func theToolReportsTheNestWithItsPlaceAndChecksTheRest() throws {
        let root = try makeTemporaryFolder([
            "Deep.xcstrings": #"{"sourceLanguage":"en","x":\#(Self.nest(100_000))}"#,
            "App.xcstrings": #"{"sourceLanguage":"en","strings":{"greeting":\#(Self.entry)},"version":"1.0"}"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let console = try ToolRunner.run(["lint", root])
        #expect(console.status == 1)
        let column = 27 + 5 * (Self.limit - 1) + 1
        #expect(
            console.standardOutput.contains(
                "\(root)/Deep.xcstrings:1:\(column): error: JSON nested too deeply (more than \(Self.limit) levels); "
                    + "what is inside is skipped\n"), "\(console.standardOutput.prefix(300))")
        // The excerpt of a line of half a megabyte is cut around the place.
        #expect(console.standardOutput.utf8.count < 4_000)

        let json = try ToolRunner.run(["lint", "--format", "json", root])
        #expect(json.status == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let problems = try #require(object["problems"] as? [[String: Any]])
        #expect(problems.contains { $0["line"] as? Int == 1 && $0["column"] as? Int == column })
    }

    @Test func locationsAskedForInAnyOrderAreExact() {
        let text = "{\"é\":\"日本\",\r\n  \"a\" : [1, \"😀x\"],\n\"b\":{\"c\":\"\u{301}e\"}}\r\n"
        let bytes = Array(text.utf8)
        var expected: [(line: Int, column: Int)] = []
        var line = 1
        var column = 1
        for (offset, byte) in bytes.enumerated() {
            expected.append((line, column))
            if byte == 0x0A || (byte == 0x0D && bytes[offset + 1] != 0x0A) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        var source = CatalogSourceText(decoding: bytes, file: "x")
        // Forward, backward, and the zigzag a resynchronising parser asks for.
        let offsets = Array(bytes.indices)
        let zigzag = offsets.flatMap { [$0, max(0, $0 - 7), min(bytes.count - 1, $0 + 3)] }
        for offset in offsets + offsets.reversed() + zigzag where bytes[offset] & 0xC0 != 0x80 {
            let found = source.location(of: offset)
            #expect(found == expected[offset], "at \(offset)")
        }
    }
}
