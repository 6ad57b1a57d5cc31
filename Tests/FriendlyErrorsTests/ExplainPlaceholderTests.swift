import Foundation
import Testing

/// `explain` fills every placeholder of every text it shows, the actions' labels included, in the
/// console and in JSON (issue 22), and asks for `--category` and `--severity` only when they were
/// not given.
@Suite(.serialized) struct ExplainPlaceholderTests {
    /// An app code whose message and one action label take arguments, in English and Japanese.
    static let catalog = [
        "en.lproj/App.strings": """
        "config.badLine.title" = "The settings file has a mistake";
        "config.badLine.message" = "Line %1$lld of %2$@ can't be read.";
        "config.badLine.action.comment" = "Turn line %lld into a comment";
        "config.badLine.action.open" = "Open %@";
        """,
        "ja.lproj/App.strings": """
        "config.badLine.title" = "設定ファイルに誤りがあります";
        "config.badLine.message" = "%2$@ の %1$lld 行目を読めません。";
        "config.badLine.action.comment" = "%lld 行目をコメントにする";
        "config.badLine.action.open" = "%@ を開く";
        """,
    ]

    /// What `explain` shows: integers are their position, objects `<position>`.
    static let expected: [String: (title: String, message: String, comment: String, open: String, cancel: String)] = [
        "en": (
            "The settings file has a mistake", "Line 1 of <2> can't be read.", "Turn line 1 into a comment",
            "Open <1>", "Cancel"
        ),
        "ja": ("設定ファイルに誤りがあります", "<2> の 1 行目を読めません。", "1 行目をコメントにする", "<1> を開く", "キャンセル"),
    ]

    static func explain(_ language: String, _ extra: [String]) throws -> ToolRunner.Result {
        let folder = try makeTemporaryFolder(catalog)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try ToolRunner.run(
            [
                "explain", "config.badLine", "--catalog", folder, "--locale", language, "--category", "configuration",
                "--severity", "error", "--destructive", "comment",
            ] + extra)
    }

    @Test(arguments: ["en", "ja"]) func theConsoleFillsTheActionsLabels(language: String) throws {
        let result = try Self.explain(language, [])
        let expected = try #require(Self.expected[language])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(!result.standardOutput.contains("%"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("\(expected.title)\n  \(expected.message)\n"))
        #expect(
            result.standardOutput.hasSuffix(
                "  1) \(expected.comment)\n  2) \(expected.open)\n  3) \(expected.cancel)\n"))
    }

    @Test(arguments: ["en", "ja"]) func theJSONFillsTheActionsLabels(language: String) throws {
        let result = try Self.explain(language, ["--format", "json"])
        let expected = try #require(Self.expected[language])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(!result.standardOutput.contains("%"), "\(result.standardOutput)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["title"] as? String == expected.title)
        #expect(object["detail"] as? String == expected.message)
        let actions = try #require(object["actions"] as? [[String: Any]])
        let labels = Dictionary(
            uniqueKeysWithValues: actions.compactMap { action in
                (action["id"] as? String).map { ($0, action["title"] as? String) }
            })
        #expect(labels["comment"] == expected.comment)
        #expect(labels["open"] == expected.open)
    }

    @Test func onlyWhatWasNotGivenIsAskedFor() throws {
        let folder = try makeTemporaryFolder(Self.catalog)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let base = ["explain", "config.badLine", "--catalog", folder, "--locale", "en", "--destructive", "comment"]
        let neither = try ToolRunner.run(base).standardError
        #expect(neither.contains("does not say its category (shown: unknown, status 500, exit 1) or severity"))
        #expect(neither.contains("Pass --category and --severity to show them."))
        let severityOnly = try ToolRunner.run(base + ["--severity", "warning"]).standardError
        #expect(severityOnly.contains("does not say its category (shown: unknown, status 500, exit 1);"))
        #expect(severityOnly.contains("Pass --category to show it."))
        #expect(!severityOnly.contains("--severity"))
        let categoryOnly = try ToolRunner.run(base + ["--category", "configuration"]).standardError
        #expect(categoryOnly.contains("does not say its severity (shown: error);"))
        #expect(categoryOnly.contains("Pass --severity to show it."))
        #expect(!categoryOnly.contains("--category"))
        #expect(try ToolRunner.run(base + ["--category", "configuration", "--severity", "error"]).standardError == "")
    }
}
