import Foundation
import FriendlyErrors
import Testing

/// The `friendly-errors` tool fed catalogs, paths and arguments that hold escape sequences: whatever
/// it writes, to standard output or standard error, holds not one raw control character, escape
/// sequence or bidi override.
@Suite(.serialized) struct ToolHostileTextTests {
    /// OSC 52 (set the clipboard to "evil"), OSC 0 (set the title), an 8-bit CSI clearing the screen
    /// and a right-to-left override.
    static let payload = "\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}]0;pwned\u{07}\u{9B}2J\u{202E}"
    static let visiblePayload = #"\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}]0;pwned\u{07}\u{9B}2J\u{202E}"#

    static let hostileCatalog = [
        "en.lproj/App.strings": """
        "greeting" = "Hello";

        """,
        "ja.lproj/App.strings": """
        "greeting" = "こんにちは";
        "evil\(payload)" = "x";
        "empty\(payload)" = "";

        """,
    ]

    /// Whether `text` holds something a terminal would act on: what the sanitiser escapes.
    private func holdsRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
                || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
        }
    }

    @Test func lintShowsHostileKeysAsVisibleEscapes() throws {
        let root = try makeTemporaryFolder(Self.hostileCatalog, prefix: "lint-hostile")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try ToolRunner.run(["lint", root])
        #expect(result.status == 1)
        #expect(
            result.standardOutput == """
                \(root)/ja.lproj/App.strings:2:1: error: 'evil\(Self.visiblePayload)' is in ja but not in the base \
                language (en)
                    |
                  2 | "evil\(Self.visiblePayload)" = "x";
                    | ^
                \(root)/ja.lproj/App.strings:3:1: error: 'empty\(Self.visiblePayload)' is in ja but not in the base \
                language (en)
                    |
                  3 | "empty\(Self.visiblePayload)" = "";
                    | ^
                \(root)/ja.lproj/App.strings:3:1: error: the ja value of 'empty\(Self.visiblePayload)' is empty
                    |
                  3 | "empty\(Self.visiblePayload)" = "";
                    | ^

                """)
        #expect(!holdsRawControls(result.standardOutput + result.standardError))
    }

    @Test func lintJSONKeepsHostileKeysExactlyAsJSONEscapes() throws {
        let root = try makeTemporaryFolder(Self.hostileCatalog, prefix: "lint-hostile")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try ToolRunner.run(["lint", "--format", "json", root])
        #expect(result.status == 1)
        #expect(!holdsRawControls(result.standardOutput + result.standardError))
        #expect(result.standardOutput.contains(#"evil\u001b]52;c;ZXZpbA==\u0007\u001b]0;pwned\u0007\u009b2J\u202e"#))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let problems = try #require(object["problems"] as? [[String: Any]])
        #expect(problems.compactMap { $0["key"] as? String }.contains("evil\(Self.payload)"))
    }

    @Test func lintOfAHostilePathShowsItEscaped() throws {
        let result = try ToolRunner.run(["lint", "/nonexistent/\(Self.payload)"])
        #expect(result.status == 66)
        #expect(result.standardError == "Error: No such folder '/nonexistent/\(Self.visiblePayload)'.\n")
        #expect(!holdsRawControls(result.standardError))
    }

    @Test func usageErrorsEchoArgumentsEscaped() throws {
        let command = try ToolRunner.run(["lint\(Self.payload)"])
        #expect(command.status == 64)
        #expect(command.standardError.hasPrefix("Error: Unknown command 'lint\(Self.visiblePayload)'."))
        let option = try ToolRunner.run(["lint", "--format", "json\(Self.payload)", "Localization"])
        #expect(option.status == 64)
        #expect(option.standardError.hasPrefix("Error: The value 'json\(Self.visiblePayload)' is invalid"))
        #expect(!holdsRawControls(command.standardError + option.standardError))
    }

    @Test func explainShowsHostileLoaderDiagnosticsEscaped() throws {
        let root = try makeTemporaryFolder(
            ["en.lproj/App.strings": "\"a\(Self.payload)\" = \"1\";\n\"a\(Self.payload)\" = \"2\";\n"],
            prefix: "explain-hostile")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try ToolRunner.run(["explain", "file.notFound", "--catalog", root])
        #expect(result.status == 0)
        #expect(result.standardError.contains("a\(Self.visiblePayload)"))
        #expect(!holdsRawControls(result.standardOutput + result.standardError))
    }
}

/// The sanitiser's forms for other writers: JSON text, a sanitising output, printable descriptions.
struct SanitizedDescriptionTests {
    @Test func jsonTextKeepsItsValueAndLosesItsControls() throws {
        let value = "a\u{1B}]0;t\u{07}\u{7F}\u{85}\u{9B}\u{202E}\u{2066}b\u{200E}"
        let json = String(decoding: try JSONSerialization.data(withJSONObject: ["k": value]), as: UTF8.self)
        let safe = TerminalSanitizer.sanitize(json: json)
        #expect(safe == #"{"k":"a\u001b]0;t\u0007\u007f\u0085\u009b\u202e\u2066b\#u{200E}"}"#)
        let parsed = try JSONSerialization.jsonObject(with: Data(safe.utf8)) as? [String: String]
        #expect(parsed == ["k": value])
        #expect(TerminalSanitizer.sanitize(json: "{\n\t\"a\": 1\n}") == "{\n\t\"a\": 1\n}")
    }

    @Test func sanitizingOutputEscapesEveryWriteAndKeepsItsDescriptor() {
        let captured = Box<[String]>([])
        let output = TextOutput { text in captured.mutate { $0.append(text) } }.sanitizingForTerminal()
        output.write("\u{1B}]52;c;ZXZpbA==\u{07}ok\n")
        #expect(captured.value == [#"\u{1B}]52;c;ZXZpbA==\u{07}ok"# + "\n"])
        #expect(TextOutput.standardError.sanitizingForTerminal().fileDescriptor == 2)
    }

    @Test func catalogDiagnosticsAndLocationsPrintEscaped() {
        let diagnostic = CatalogDiagnostic(
            file: "ja\u{1B}]0;t\u{07}.strings", line: 3, column: 7, severity: .error,
            message: "duplicate key \"k\u{9D}52;c;x\u{9C}\u{202E}\"", key: "k")
        #expect(
            diagnostic.description
                == #"ja\u{1B}]0;t\u{07}.strings:3:7: error: duplicate key "k\u{9D}52;c;x\u{9C}\u{202E}""#)
        #expect(diagnostic.file == "ja\u{1B}]0;t\u{07}.strings", "the stored values keep the text")
        let location = FileLocation(file: "a\u{1B}[2J", line: 1, column: 2)
        #expect(location.description == #"a\u{1B}[2J:1:2"#)
    }
}
