import Foundation
import Testing

@Suite(.serialized) struct ToolTests {
    static func folder(_ files: [String: String]) throws -> String {
        try makeTemporaryFolder(files, prefix: "lint")
    }

    /// A missing semicolon, a key missing in Japanese, a `%@`/`%d` mismatch and an empty value.
    static let brokenCatalog = [
        "en.lproj/App.strings": """
        /* App texts */
        "greeting" = "Hello";
        "farewell" = "Goodbye";
        "files" = "%@ files";
        "notice" = "Note";

        """,
        "ja.lproj/App.strings": """
        "greeting" = "こんにちは"
        "files" = "%d ファイル";
        "notice" = "";

        """,
    ]

    @Test func lintReportsEveryProblemWithItsLineAndExitsOne() throws {
        let root = try Self.folder(Self.brokenCatalog)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try ToolRunner.run(["lint", root])
        #expect(result.status == 1)
        #expect(
            result.standardOutput == """
                \(root)/en.lproj/App.strings:3:1: error: 'farewell' has no ja translation
                    |
                  3 | "farewell" = "Goodbye";
                    | ^
                \(root)/ja.lproj/App.strings:1:21: error: expected ';' after the value of "greeting"
                    |
                  1 | "greeting" = "こんにちは"
                    |                          ^
                \(root)/ja.lproj/App.strings:2:1: error: translation of 'files' not used, the base language is \
                shown instead: placeholder 1 is %d here but %@ in the base language
                    |
                  2 | "files" = "%d ファイル";
                    | ^
                \(root)/ja.lproj/App.strings:3:1: error: the ja value of 'notice' is empty
                    |
                  3 | "notice" = "";
                    | ^

                """)
        #expect(result.standardError == "\(root): 4 problems.\n")
    }

    @Test func lintWritesValidJSONForMachines() throws {
        let root = try Self.folder(Self.brokenCatalog)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try ToolRunner.run(["lint", "--format=json", root])
        #expect(result.status == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let problems = try #require(object["problems"] as? [[String: Any]])
        #expect(
            problems.map { $0["kind"] as? String } == ["missingKey", "syntax", "placeholderMismatch", "emptyValue"])
        #expect(problems.map { $0["line"] as? Int } == [3, 1, 2, 3])
        #expect(object["errorCount"] as? Int == 4)
    }

    @Test func lintReadsStringCatalogsAndFindsDuplicateAndExtraKeys() throws {
        let root = try Self.folder([
            "App.xcstrings": """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "app.closed" : {
                  "localizations" : {
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Closed." } }
                  }
                }
              },
              "version" : "1.0"
            }
            """,
            "en.lproj/More.strings": "\"a\" = \"A\";\n\"a\" = \"B\";\n",
            "ja.lproj/More.strings": "\"a\" = \"エー\";\n\"extra\" = \"余分\";\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try ToolRunner.run(["lint", root])
        #expect(result.status == 1)
        #expect(
            result.standardOutput == """
                \(root)/App.xcstrings:6:69: error: 'app.closed' has no ja translation
                    |
                  6 |         "en" : { "stringUnit" : { "state" : "translated", "value" : "Closed." } }
                    |                                                                     ^
                \(root)/en.lproj/More.strings:2:1: warning: duplicate key "a": this value (line 2) replaces the one \
                on line 1
                    |
                  2 | "a" = "B";
                    | ^
                \(root)/ja.lproj/More.strings:2:1: error: 'extra' is in ja but not in the base language (en)
                    |
                  2 | "extra" = "余分";
                    | ^

                """)
    }

    @Test func lintPassesOurOwnLocalizationFolder() throws {
        let folder = ToolRunner.packageRoot.appendingPathComponent("Localization").path
        let result = try ToolRunner.run(["lint", folder])
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func lintOfAMissingFolderExits66() throws {
        let result = try ToolRunner.run(["lint", "/nonexistent/Localization"])
        #expect(result.status == 66)
        #expect(result.standardError == "Error: No such folder '/nonexistent/Localization'.\n")
    }

    @Test func lintOfAFileSaysWhichFolderToPass() throws {
        let folder = try makeTemporaryFolder(["en.lproj/App.strings": #""a.title" = "A";"#])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try ToolRunner.run(["lint", folder + "/en.lproj/App.strings"])
        #expect(result.status == 66)
        #expect(
            result.standardError
                == "Error: '\(folder)/en.lproj/App.strings' is a file, not a folder. Pass the folder that holds the "
                + "<language>.lproj folders or the .xcstrings files, such as '\(folder)'.\n")
    }

    @Test func versionIsPrinted() throws {
        let result = try ToolRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "friendly-errors 0.1.0\n")
    }

    @Test func explainFillsAnAppsPlaceholdersWithNumberedSamplesAndSaysWhatItCannotKnow() throws {
        let folder = try makeTemporaryFolder([
            "en.lproj/App.strings": """
            "photo.quota.title" = "Storage almost full";
            "photo.quota.message" = "%1$@ uses %2$lld MB of %3$lld MB.";
            "photo.quota.action.deleteOld" = "Delete Old Photos";
            """
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let unknown = try ToolRunner.run(["explain", "photo.quota", "--catalog", folder, "--locale", "en"])
        #expect(unknown.status == 0)
        #expect(unknown.standardOutput.contains("  <1> uses 2 MB of 3 MB.\n"))
        #expect(unknown.standardError.contains("its catalog does not say its category"))
        #expect(unknown.standardError.contains("--destructive"))
        let known = try ToolRunner.run([
            "explain", "photo.quota", "--catalog", folder, "--locale", "en", "--category", "insufficientStorage",
            "--severity", "warning", "--destructive", "deleteOld",
        ])
        #expect(known.standardError == "")
        #expect(known.standardOutput.hasPrefix("warning: Storage almost full\n"))
        // A destructive recovery comes before Cancel.
        #expect(known.standardOutput.contains("  1) Delete Old Photos\n  2) Cancel\n"))
    }

    @Test func theNoteSaysWhyNothingIsAsked() throws {
        let ci = try ToolRunner.run(["demo"], input: Data(), environment: ["CI": "true"])
        #expect(ci.standardError.contains("Not asking, as the CI variable is set. Options:"))
        let dumb = try ToolRunner.run(["demo"], input: Data(), environment: ["TERM": "dumb"])
        #expect(dumb.standardError.contains("Not asking, as TERM is dumb. Options:"))
    }

    @Test func explainPrintsProblemJSONInJapanese() throws {
        let result = try ToolRunner.run(["explain", "file.notFound", "--locale", "ja", "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "about:blank")
        #expect(object["title"] as? String == "ファイルが見つかりません")
        #expect(object["detail"] as? String == "ファイルが見つかりませんでした。")
        #expect(object["status"] as? Int == 404)
        #expect(object["code"] as? String == "file.notFound")
        #expect(object["severity"] as? String == "error")
        #expect((object["actions"] as? [[String: String]])?.first?["id"] == "ok")

        // An independent parser agrees.
        let python = URL(fileURLWithPath: "/usr/bin/env")
        let check = try ToolRunner.run(
            python, ["python3", "-c", "import json,sys; d=json.load(sys.stdin); print(d['title'])"],
            input: Data(result.standardOutput.utf8))
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput == "ファイルが見つかりません\n")
    }

    @Test func explainShowsTheConsoleAlertOfAnAppCatalogCode() throws {
        let root = try Self.folder([
            "en.lproj/App.strings": """
            "shop.cartEmpty.title" = "Your cart is empty";
            "shop.cartEmpty.message" = "Add something first.";
            "shop.cartEmpty.action.browse" = "Browse the shop";
            """
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try ToolRunner.run(["explain", "shop.cartEmpty", "--catalog", root, "--locale=en"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("error: Your cart is empty\n  Add something first.\n"))
        #expect(result.standardOutput.contains("Browse the shop"))
    }

    @Test func explainOfAnUnknownCodeSuggestsTheClosestOne() throws {
        let result = try ToolRunner.run(["explain", "file.notfond"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Error: Unknown code 'file.notfond'. Did you mean 'file.notFound'?\n"))
    }

    @Test func unknownCommandsAndOptionsAreUsageErrorsWithASuggestion() throws {
        let command = try ToolRunner.run(["lnt", "Localization"])
        #expect(command.status == 64)
        #expect(
            command.standardError == """
                Error: Unknown command 'lnt'. Did you mean 'lint'?
                Usage: friendly-errors <command> [options]
                  See 'friendly-errors --help' for more information.

                """)
        let option = try ToolRunner.run(["lint", "--formt", "json", "Localization"])
        #expect(option.status == 64)
        #expect(
            option.standardError == """
                Error: Unknown option '--formt'. Did you mean '--format'?
                Usage: friendly-errors lint <folder> [--format <format>] [--base-language <language>]
                  See 'friendly-errors lint --help' for more information.

                """)
        let value = try ToolRunner.run(["explain", "file.notFound", "--format", "jsn"])
        #expect(value.status == 64)
        #expect(
            value.standardError.hasPrefix(
                "Error: The value 'jsn' is invalid for '--format <format>'. Please provide one of 'console' and 'json'. "
                    + "Did you mean 'json'?\n"))
        #expect(try ToolRunner.run(["lint"]).status == 64)
        #expect(try ToolRunner.run([]).status == 64)
    }

    @Test func helpIsShownForTheToolAndEachCommand() throws {
        let tool = try ToolRunner.run(["--help"])
        #expect(tool.status == 0)
        #expect(tool.standardOutput.hasPrefix("OVERVIEW: Check, explain and try friendly error catalogs.\n"))
        #expect(
            tool.standardOutput.contains(
                "  lint                    Check a folder of .strings and .xcstrings catalogs.\n"))
        let lint = try ToolRunner.run(["lint", "--help"])
        #expect(lint.status == 0)
        #expect(lint.standardOutput.contains("USAGE: friendly-errors lint <folder> [--format <format>]"))
        #expect(try ToolRunner.run(["help", "lint"]).standardOutput == lint.standardOutput)
        #expect(try ToolRunner.run(["explain", "-h"]).standardOutput.contains("file.notFound"))
        #expect(try ToolRunner.run(["help", "lnt"]).status == 64)
    }
}
