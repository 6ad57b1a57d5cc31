import Foundation
import FriendlyErrors
import Testing

/// Alerts that point into a file: the console's excerpt (compared with the files in `Snapshots/`),
/// the line read from the file, and what the JSON output says about the place.
struct LocatedAlertTests {
    /// The console snapshots' cases: a name, an alert and the presenter's settings.
    typealias Case = ConsoleSnapshotTests.Case

    static let cases: [Case] = [
        // English and Japanese, 80 and 30 columns, a tab before the span, colour off and on.
        Case(name: "located-en-80", alert: LocatedAlerts.english(LocatedAlerts.englishLocation)),
        Case(name: "located-en-30", alert: LocatedAlerts.english(LocatedAlerts.englishLocation), width: .columns(30)),
        Case(name: "located-ja-80", alert: LocatedAlerts.japanese(LocatedAlerts.japaneseLocation)),
        Case(name: "located-ja-30", alert: LocatedAlerts.japanese(LocatedAlerts.japaneseLocation), width: .columns(30)),
        Case(
            name: "located-en-80-color", alert: LocatedAlerts.english(LocatedAlerts.englishLocation), color: .always),
        Case(
            name: "located-ja-30-color", alert: LocatedAlerts.japanese(LocatedAlerts.japaneseLocation),
            color: .always, width: .columns(30)),
        // A line wider than the terminal: cut around the span; at 30 columns the span runs past the edge.
        Case(name: "located-long-80", alert: LocatedAlerts.english(LocatedAlerts.longLocation)),
        Case(name: "located-long-30", alert: LocatedAlerts.english(LocatedAlerts.longLocation), width: .columns(30)),
        Case(
            name: "located-long-30-color", alert: LocatedAlerts.english(LocatedAlerts.longLocation), color: .always,
            width: .columns(30)),
        // The plain layout: one labelled field.
        Case(name: "located-plain", alert: LocatedAlerts.english(LocatedAlerts.englishLocation), layout: .plain),
    ]

    @Test(arguments: cases)
    func snapshot(_ testCase: Case) async {
        let captured = CapturedOutput()
        let presenter = consolePresenter(
            captured, color: testCase.color, width: testCase.width, layout: testCase.layout)
        _ = await presenter.present(testCase.alert)
        expectSnapshot(captured.text, named: testCase.name)
        if testCase.color == .never { #expect(!captured.text.contains("\u{1B}")) }
    }

    /// The excerpt's lines only: what follows the message, up to the help.
    private func excerpt(_ location: FileLocation, width: Int = 80) async -> [Substring] {
        let captured = CapturedOutput()
        _ = await consolePresenter(captured, width: .columns(width)).present(LocatedAlerts.english(location))
        return Array(captured.lines.dropFirst(2).prefix { !$0.hasPrefix("  help:") })
    }

    @Test func theLineIsReadFromTheFile() async throws {
        let file = try makeTemporaryFolder([:]) + "/config.toml"
        try Data("# settings\r\nname = \"demo\"\r\nretries three\r\n".utf8).write(to: URL(fileURLWithPath: file))
        let lines = await excerpt(FileLocation(file: file, line: 3, column: 9, length: 5))
        #expect(
            lines == [
                "   --> \(file):3:9",
                "    |",
                "  3 | retries three",
                "    |         ^^^^^",
            ])
    }

    @Test(arguments: ["missing", "folder", "binary", "latin1", "beyond", "devzero"])
    func aLineThatCannotBeReadLeavesThePlaceAlone(_ kind: String) async throws {
        var path = try makeTemporaryFolder([:]) + "/" + kind
        var line = 1
        switch kind {
        case "missing": break
        case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        case "binary": try Data([0x61, 0x00, 0x62, 0x0A]).write(to: URL(fileURLWithPath: path))
        case "latin1": try Data([0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: path))
        case "beyond":
            try Data("one\ntwo\n".utf8).write(to: URL(fileURLWithPath: path))
            line = 3
        default: path = "/dev/zero"
        }
        let lines = await excerpt(FileLocation(file: path, line: line, column: 1))
        #expect(lines == ["   --> \(path):\(line):1"])
    }

    @Test func aHugeFileIsReadOnlyInPart() async throws {
        let file = try makeTemporaryFolder([:]) + "/huge.txt"
        // 2 MiB of lines; line 2 is read, the last line is beyond what is read.
        var text = "first\nsecond line\n"
        text += String(repeating: String(repeating: "x", count: 1023) + "\n", count: 2048)
        text += "last\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        #expect(await excerpt(FileLocation(file: file, line: 2, column: 8, length: 4)).last == "    |        ^^^^")
        #expect(await excerpt(FileLocation(file: file, line: 2051, column: 1)) == ["      --> \(file):2051:1"])
    }

    @Test func escapeSequencesInTheLineAndThePathAreShownNotObeyed() async {
        let location = FileLocation(
            file: "evil\u{1B}]0;title\u{07}.toml", line: 1, column: 6, length: 4, lineText: "title\u{1B}[2J = 1")
        let lines = await excerpt(location)
        #expect(
            lines == [
                #"   --> evil\u{1B}]0;title\u{07}.toml:1:6"#,
                "    |",
                #"  1 | title\u{1B}[2J = 1"#,
                "    |      ^^^^^^^^^",
            ])
    }

    @Test func aSpanAtTheEndOfTheLinePointsJustPastIt() async {
        let lines = await excerpt(FileLocation(file: "a.toml", line: 1, column: 10, lineText: "name = \"x"))
        #expect(lines.suffix(2) == ["  1 | name = \"x", "    |          ^"])
    }

    @Test func aSpanLongerThanTheLineStopsAtItsEnd() async {
        let lines = await excerpt(FileLocation(file: "a.toml", line: 1, column: 8, length: 99, lineText: "name = x"))
        #expect(lines.suffix(2) == ["  1 | name = x", "    |        ^"])
    }

    @Test func eachFieldProblemIsShownWithItsOwnExcerpt() async {
        let captured = CapturedOutput()
        var alert = LocatedAlerts.english(LocatedAlerts.englishLocation)
        alert.fieldProblems = [
            FieldProblem(
                "retries", code: "config.notANumber", message: .verbatim("Not a number."),
                location: FileLocation(file: "config.toml", line: 3, column: 11, length: 5, lineText: "retries = three")
            ),
            FieldProblem(
                "name", code: "config.missing", message: .verbatim("Missing."),
                location: FileLocation(file: "other.toml", line: 10, column: 1, lineText: "")),
        ]
        _ = await consolePresenter(captured).present(alert)
        #expect(
            captured.text == """
                error: Invalid configuration
                  “config.toml” has an error on line 3.
                   --> config.toml:3:2
                    |
                  3 |     retries three   # how often to try again
                    |     ^^^^^^^^^^^^^
                  - retries: Not a number.
                   --> config.toml:3:11
                    |
                  3 | retries = three
                    |           ^^^^^
                  - name: Missing.
                    --> other.toml:10:1
                     |
                  10 |
                     | ^
                  help: Write each setting as name = value, or turn the line into a comment with
                    #.

                """)
    }

    @Test func aFriendlyErrorsLocationsReachTheAlert() {
        struct BadSetting: FriendlyError {
            var code: String { "config.badSetting" }
            var location: FileLocation? { LocatedAlerts.englishLocation }
            var fieldProblems: [FieldProblem] {
                [FieldProblem("retries", code: "config.notANumber", location: LocatedAlerts.longLocation)]
            }
        }
        let alert = AlertPipeline().alert(for: BadSetting(), in: "en")
        #expect(alert.location == LocatedAlerts.englishLocation)
        #expect(alert.fieldProblems.map(\.location) == [LocatedAlerts.longLocation])
    }

    @Test func aRulesLocationsReachTheAlert() {
        struct Foreign: Error {}
        let pipeline = AlertPipeline().registering(Foreign.self) { _ in
            Classification(code: "config.bad", category: .configuration, location: LocatedAlerts.longLocation)
        }
        #expect(pipeline.alert(for: Foreign(), in: "en").location == LocatedAlerts.longLocation)
    }
}

/// The JSON output of a located alert: the place without the file's text, the file only when the
/// app allows it, valid against the schema.
@Suite(.enabled(if: PythonJSON.isAvailable, PythonJSON.missingMessage))
struct LocatedJSONTests {
    static let alert: Alert = {
        var alert = LocatedAlerts.english(LocatedAlerts.englishLocation)
        alert.fieldProblems = [
            FieldProblem(
                "/servers/1", code: "config.badHost", message: .verbatim("Not a host name."),
                location: FileLocation(file: "/srv/app/secret/other.toml", line: 7, column: 1))
        ]
        return alert
    }()

    @Test func theLocationIsWrittenWithoutTheFileByDefault() throws {
        let body = JSONPresenter().body(for: Self.alert)
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.contains(#""location":{"line":3,"column":2,"length":13}"#))
        #expect(text.contains(#""detail":"Not a host name.","location":{"line":7,"column":1}}"#))
        #expect(!text.contains("config.toml\""))
        #expect(!text.contains("secret"))
        // The line's text is the file's content: never in the output.
        #expect(!text.contains("retries"))
        let result = try PythonJSON.parse(document: body)
        #expect(result.schemaErrors == [])
    }

    @Test func theFileIsWrittenWhenTheAppAllowsIt() throws {
        let body = JSONPresenter(revealsFilePaths: true).body(for: Self.alert)
        let text = String(decoding: body, as: UTF8.self)
        #expect(
            text.contains(
                #""location":{"file":"config.toml","line":3,"column":2,"length":13}"#))
        #expect(text.contains(#""location":{"file":"/srv/app/secret/other.toml","line":7,"column":1}}"#))
        #expect(!text.contains("retries"))
        let result = try PythonJSON.parse(document: body)
        #expect(result.parseError == nil)
        #expect(result.schemaErrors == [])
        let object = try #require(result.value as? [String: Any])
        let location = try #require(object["location"] as? [String: Any])
        #expect(location["file"] as? String == "config.toml")
    }

    @Test func theSchemaRejectsALocationWithoutALine() throws {
        let bad =
            #"{"type":"about:blank","title":"x","status":400,"detail":"","code":"c","category":"c","#
            + #""severity":"error","actions":[],"language":"en","location":{"column":1,"text":"x"}}"#
        let results = try PythonJSON.parse(jsonLines: Array((bad + "\n").utf8))
        #expect(results.count == 1)
        #expect(results.first?.schemaErrors.isEmpty == false)
    }
}
