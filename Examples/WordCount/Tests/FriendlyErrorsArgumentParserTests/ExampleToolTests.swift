import Foundation
import Testing

/// The example tool run as a process, next to the same command without the integration: what
/// argument-parser reports stays exactly as argument-parser reports it; the app's own failures
/// become friendly alerts with their category's status.
@Suite(.timeLimit(.minutes(2)))
struct ExampleToolTests {
    /// A file of three words, in a folder of the test's own.
    let file: String

    init() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("wordcount-tests-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("three.txt")
        try Data("one two three\n".utf8).write(to: url)
        file = url.path
    }

    /// Runs both tools with `arguments` and expects the same output and status.
    private func expectSameAsPlain(_ arguments: [String]) throws -> ToolRunner.Result {
        let integrated = try ToolRunner.run("wordcount", arguments)
        let plain = try ToolRunner.run("wordcount-plain", arguments)
        #expect(integrated == plain)
        return integrated
    }

    @Test func aUsageErrorIsArgumentParsers() throws {
        let result = try expectSameAsPlain([])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: Missing expected argument '<file>'\n\nOVERVIEW: Count the words"))
        #expect(result.standardOutput == "")
    }

    @Test func anUnknownOptionIsArgumentParsers() throws {
        let result = try expectSameAsPlain([file, "--colour", "never"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: Unknown option '--colour'"))
    }

    @Test func helpIsArgumentParsers() throws {
        let result = try expectSameAsPlain(["--help"])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(result.standardOutput.hasPrefix("OVERVIEW: Count the words of a text file.\n"))
        #expect(result.standardOutput.contains("  --color <color>         Colour the alerts: auto, always or never."))
    }

    @Test func anExitCodeThrownByTheBodyIsArgumentParsers() throws {
        let result = try expectSameAsPlain([file, "--max-words", "2"])
        #expect(result == ToolRunner.Result(status: 3, standardOutput: "3\n", standardError: ""))
    }

    @Test func aValidationErrorThrownByTheBodyIsArgumentParsers() throws {
        let result = try expectSameAsPlain([file, "--encoding", "ebcdic"])
        #expect(result.status == 64)
        #expect(
            result.standardError == """
                Error: Unknown encoding 'ebcdic'. Use utf8 or latin1.
                Usage: wordcount <file> [--max-words <max-words>] [--encoding <encoding>] [--color <color>] \
                [--width <columns>] [--interactive <interactive>] [--plain]
                  See 'wordcount --help' for more information.

                """)
    }

    @Test func aValidationErrorOfTheConsoleOptionsIsArgumentParsers() throws {
        let result = try expectSameAsPlain([file, "--width", "0"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: The width must be at least 1 column, not 0.\nUsage: wordcount"))
    }

    @Test func successIsTheSame() throws {
        let result = try expectSameAsPlain([file])
        #expect(result == ToolRunner.Result(status: 0, standardOutput: "3\n", standardError: ""))
    }

    @Test func aRuntimeErrorIsAFriendlyAlertWithItsCategorysStatus() throws {
        let missing = file + ".missing"
        let plain = try ToolRunner.run("wordcount-plain", [missing])
        // argument-parser alone: Foundation's description, status 1.
        #expect(plain.status == 1)
        #expect(plain.standardError.hasPrefix("Error: Error Domain=NSCocoaErrorDomain Code=260"))

        let result = try ToolRunner.run("wordcount", [missing])
        #expect(
            result
                == ToolRunner.Result(
                    status: 66, standardOutput: "",
                    standardError: """
                        error: File not found
                          The file couldn’t be found.
                          help: Check the file name and location, then try again.

                        """))
    }

    @Test func theConsoleOptionsReachThePresenter() throws {
        let result = try ToolRunner.run(
            "wordcount", [file + ".missing", "--color", "always", "--width", "20"], environment: ["NO_COLOR": ""])
        #expect(result.status == 66)
        #expect(
            result.standardError == """
                \u{1B}[1;31merror\u{1B}[0m: \u{1B}[1mFile not\u{1B}[0m
                    \u{1B}[1mfound\u{1B}[0m
                  The file couldn’t
                  be found.
                  \u{1B}[2mhelp:\u{1B}[0m Check the
                    file name and
                    location, then
                    try again.

                """)
    }

    @Test func theAlertIsInTheUsersLanguage() throws {
        let result = try ToolRunner.run("wordcount", [file + ".missing", "--plain"], environment: ["LANG": "ja_JP.UTF-8"])
        #expect(result.status == 66)
        #expect(result.standardError.hasPrefix("エラー: "))
    }
}
