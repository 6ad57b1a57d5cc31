import Foundation
import Testing

/// `friendly-errors demo --config FILE` on a file with a malformed line: an alert that points at the
/// line, with its excerpt, in the user's language, and a recovery that turns the line into a comment.
@Suite(.serialized) struct DemoLocatedTests {
    static func badConfig() throws -> String {
        let folder = try makeTemporaryFolder(
            [
                "config.toml":
                    "# Written by friendly-errors demo\nname = \"demo\"\n\tretries three\nlanguage = \"auto\"\n"
            ],
            prefix: "demo")
        return folder + "/config.toml"
    }

    @Test func aMalformedLineIsShownWithItsExcerpt() throws {
        let path = try Self.badConfig()
        let result = try ToolRunner.run(["demo", "--config", path], environment: ["LANG": "C", "CI": "1"])
        #expect(result.status == 78)
        #expect(
            result.standardError == """
                Reading the configuration from \(path) …
                error: Invalid configuration
                  “\(path)” has an error on line 3.
                   --> \(path):3:2
                    |
                  3 |     retries three
                    |     ^^^^^^^^^^^^^
                  reason: Each setting is written as name = value.
                  help: Fix the line, turn it into a comment to skip it, or delete the file to start over.

                  Not asking, as the CI variable is set. Options:
                  1) Delete the configuration
                  2) Turn line 3 into a comment
                  3) Cancel

                """)
    }

    @Test(arguments: ["de", "es", "fr", "ja", "ko", "pt_BR", "zh_CN", "zh_TW"])
    func theLocatedAlertIsInEveryLanguage(_ language: String) throws {
        let path = try Self.badConfig()
        let result = try ToolRunner.run(
            ["demo", "--config", path], environment: ["LANG": "\(language).UTF-8", "CI": "1"])
        #expect(result.status == 78)
        #expect(
            result.standardError.contains(
                "   --> \(path):3:2\n    |\n  3 |     retries three\n    |     ^^^^^^^^^^^^^\n"))
        // Every text of the alert is translated: no English line but the file's own.
        for english in ["Invalid configuration", "has an error", "Each setting", "Fix the line", "Turn line"] {
            #expect(!result.standardError.contains(english), "\(language): \(english)")
        }
    }
}
