import Foundation
import FriendlyErrors
import FriendlyErrorsAdapters
import Testing

/// A ``FileLocation`` with any `Int` an app may hand over — `Int.min`, `Int.max`, negative, zero,
/// past the end of the line — and megabyte texts: no presenter traps, the console clamps the span to
/// the line, and the JSON output keeps the schema's minimums (line and column 1, length 0).
struct ExtremeLocationValuesTests {
    static let extremes = [Int.min, Int.min + 1, -1, 0, 1, 3, 15, 16, 17, Int.max - 1, Int.max]
    static let line = "retries = three"

    /// The excerpt lines of `location` under an English alert, 80 columns.
    private func excerpt(_ location: FileLocation) async -> [Substring] {
        let captured = CapturedOutput()
        _ = await consolePresenter(captured).present(LocatedAlerts.english(location))
        return Array(captured.lines.dropFirst(2).prefix { !$0.hasPrefix("  help:") })
    }

    /// A location whose public fields were set after it was made, so the initializer's clamping is bypassed.
    private func settingFields(line: Int, column: Int, length: Int?) -> FileLocation {
        var location = FileLocation(file: "config.toml", line: 1, lineText: Self.line)
        location.line = line
        location.column = column
        location.length = length
        return location
    }

    @Test func aLengthOfIntMaxUnderlinesToTheEndOfTheLine() async {
        let location = FileLocation(file: "config.toml", line: 1, column: 3, length: Int.max, lineText: Self.line)
        #expect(
            await excerpt(location) == [
                "   --> config.toml:1:3",
                "    |",
                "  1 | retries = three",
                "    |   ^^^^^^^^^^^^^",
            ])
    }

    @Test func aColumnOfIntMaxPointsJustPastTheEndOfTheLine() async {
        for length in [nil, 0, 5, Int.max] {
            let location = FileLocation(
                file: "config.toml", line: 1, column: Int.max, length: length, lineText: Self.line)
            #expect(
                await excerpt(location) == [
                    "   --> config.toml:1:\(Int.max)",
                    "    |",
                    "  1 | retries = three",
                    "    |                ^",
                ])
        }
    }

    @Test func fieldsSetBelowOneAfterwardsAreShownAsOne() async {
        let location = settingFields(line: Int.min, column: Int.min, length: Int.min)
        #expect(location.description == "config.toml:1:1")
        #expect(
            await excerpt(location) == [
                "   --> config.toml:1:1",
                "    |",
                "  1 | retries = three",
                "    | ^",
            ])
    }

    @Test(arguments: extremes)
    func noColumnOrLengthTrapsInAnyLayout(column: Int) async {
        for length in Self.extremes + [nil] as [Int?] {
            for location in [
                FileLocation(file: "config.toml", line: column, column: column, length: length, lineText: Self.line),
                settingFields(line: column, column: column, length: length),
            ] {
                for layout in [ConsolePresenter.Layout.standard, .plain] {
                    for width in [ConsolePresenter.Width.columns(1), .columns(12), .columns(Int.max), .unlimited] {
                        let captured = CapturedOutput()
                        let presenter = consolePresenter(captured, width: width, layout: layout)
                        _ = await presenter.present(LocatedAlerts.english(location))
                        #expect(captured.text.contains("config.toml:"))
                        _ = presenter.excerpt(of: location)
                    }
                }
                let excerpt = consolePresenter(CapturedOutput()).excerpt(of: location, showsPlace: false)
                // The underline never runs past the line and its one extra cell for a caret at the end.
                let lines = excerpt.split(separator: "\n")
                #expect(lines.count == 3 && lines[2].count <= lines[1].count + 1, "\(excerpt)")
            }
        }
    }

    @Test func aLineReadFromAFileAtIntMaxOrIntMinIsSimplyNotShown() async throws {
        let file = try makeTemporaryFolder([:]) + "/config.toml"
        try Data("retries = three\n".utf8).write(to: URL(fileURLWithPath: file))
        for line in [Int.min, -1, 0, 2, Int.max] {
            var location = FileLocation(file: file, line: 1, column: Int.max, length: Int.max)
            location.line = line
            let lines = await excerpt(location)
            #expect(lines.count == (line <= 1 ? 4 : 1), "\(lines)")
            #expect(lines.first?.hasSuffix(" --> \(file):\(max(1, line)):\(Int.max)") == true)
        }
    }

    @Test func aMegabyteLineAndPathShowABoundedExcerpt() async {
        let megabyte = String(repeating: "x", count: 1 << 20)
        for column in [Int.min, 1, 1 << 19, Int.max] {
            let location = FileLocation(
                file: megabyte, line: Int.max, column: column, length: Int.max, lineText: megabyte + "\n" + megabyte)
            let excerpt = consolePresenter(CapturedOutput(), width: .unlimited).excerpt(of: location, showsPlace: false)
            // At most the span's context on each side, the cut markers and the gutter.
            #expect(excerpt.utf8.count < 5 * ConsoleRendererLimits.context, "\(excerpt.utf8.count)")
        }
    }

    @Test(.enabled(if: PythonJSON.isAvailable, PythonJSON.missingMessage))
    func jsonLinesAndProblemBodiesKeepTheSchemasMinimums() async throws {
        var lines: [UInt8] = []
        var expected: [(line: Int, column: Int, length: Int?)] = []
        for value in Self.extremes {
            let location = settingFields(line: value, column: value, length: value)
            let problem = FieldProblem(
                "/retries", code: "config.notANumber", message: .verbatim("Not a number."), location: location)
            var alert = LocatedAlerts.english(location)
            alert.fieldProblems = [problem]
            let captured = CapturedOutput()
            let presenter = JSONPresenter(output: captured.output, revealsFilePaths: true)
            _ = await presenter.present(alert)
            lines += Array(captured.text.utf8)
            lines += ErrorResponse(alert: alert, contentLanguage: "en", writer: presenter).body + [0x0A]
            expected += [(max(1, value), max(1, value), max(0, value))]
            expected += [(max(1, value), max(1, value), max(0, value))]
        }
        let results = try PythonJSON.parse(jsonLines: lines)
        #expect(results.count == expected.count)
        for (result, expected) in zip(results, expected) {
            #expect(result.schemaErrors.isEmpty, "\(result.schemaErrors)")
            let object = try #require(result.value as? [String: Any])
            let location = try #require(object["location"] as? [String: Any])
            #expect(location["line"] as? Int == expected.line)
            #expect(location["column"] as? Int == expected.column)
            #expect(location["length"] as? Int == expected.length)
            let errors = try #require(object["errors"] as? [[String: Any]])
            #expect((errors.first?["location"] as? [String: Any])?["column"] as? Int == expected.column)
        }
    }

    @Test func thePlainTextResponseWritesTheClampedPlace() {
        let alert = LocatedAlerts.english(settingFields(line: -5, column: Int.min, length: Int.max))
        let response = ErrorResponse(alert: alert, contentLanguage: "en", writer: PlainTextBodyWriter())
        #expect(response.bodyText.contains("config.toml:1:1"), "\(response.bodyText)")
    }
}

/// The console excerpt's context, as the renderer has it (kept here so the test reads on its own).
enum ConsoleRendererLimits {
    static let context = 256
}
