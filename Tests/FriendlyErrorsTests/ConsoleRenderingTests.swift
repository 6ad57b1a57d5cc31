import Foundation
import Testing

@testable import FriendlyErrors

/// Properties of the console presenter's output that hold for every width and language.
struct ConsoleRenderingTests {
    func render(
        _ alert: Alert, color: ConsolePresenter.ColorMode = .never, width: ConsolePresenter.Width = .columns(80),
        layout: ConsolePresenter.Layout = .standard, environment: [String: String] = [:]
    ) async -> String {
        let captured = CapturedOutput()
        let presenter = ConsolePresenter(
            output: captured.output, input: .lines([]),
            options: .init(color: color, width: width, interactivity: .never, layout: layout),
            environment: environment)
        _ = await presenter.present(alert)
        return captured.text
    }

    /// The visible characters of a text, in order, without spaces and newlines: wrapping may move
    /// those, but must keep everything else.
    func visible(_ text: String) -> String {
        String(text.filter { !$0.isWhitespace })
    }

    static let samples = [
        SampleAlerts.configMissingEnglish, SampleAlerts.configMissingJapanese, SampleAlerts.configInvalidEnglish,
        SampleAlerts.unexpectedEnglish, SampleAlerts.infoJapanese,
    ]

    @Test(arguments: [20, 40, 80])
    func noLineIsWiderThanTheWidthUnlessOneWordIs(_ width: Int) async {
        for alert in Self.samples {
            let output = await render(alert, width: .columns(width))
            for line in output.split(separator: "\n") where DisplayWidth.columns(of: line) > width {
                // Only an unbreakable run (a path) may overflow, alone after the indent.
                let words = line.split(separator: " ")
                #expect(words.count == 1, "line wider than \(width): \(line)")
            }
        }
    }

    @Test(arguments: [20, 40])
    func japaneseLinesNeverStartWithClosingPunctuation(_ width: Int) async {
        let output = await render(SampleAlerts.configMissingJapanese, width: .columns(width))
        for line in output.split(separator: "\n") {
            let text = line.drop { $0 == " " }
            #expect(!(text.first.map { "。、」』）ー".contains($0) } ?? false), "line starts badly: \(line)")
            #expect(!(line.last.map { "「『（".contains($0) } ?? false), "line ends badly: \(line)")
        }
    }

    @Test func wrappingSplitsNoGraphemeCluster() async {
        let family = "👨‍👩‍👧"
        let alert = Alert(
            code: "x", category: .unknown, title: "Emoji",
            message: String(repeating: "\(family)が🇯🇵é ", count: 12), actions: [], language: "ja")
        let output = await render(alert, width: .columns(20))
        #expect(output.components(separatedBy: family).count == 13)
        #expect(output.components(separatedBy: "🇯🇵").count == 13)
        #expect(output.components(separatedBy: "é").count == 13)
    }

    @Test(arguments: ["0", "1", "20", "abc", "99999", "-1", ""])
    func anyColumnsValueKeepsEveryCharacter(_ columns: String) async {
        for alert in Self.samples {
            let wrapped = await render(alert, width: .automatic, environment: ["COLUMNS": columns])
            let unwrapped = await render(alert, width: .unlimited)
            #expect(visible(wrapped) == visible(unwrapped))
        }
    }

    @Test func columnsOfOneStillShowsEverything() async {
        let output = await render(SampleAlerts.configMissingJapanese, width: .columns(1))
        #expect(visible(output).contains(visible("設定ファイル「/tmp/demo/config.toml」を読み込めませんでした。")))
    }

    @Test func colourOffMeansNotOneEscapeByte() async {
        for alert in Self.samples + [SampleAlerts.hostileEnglish] {
            for environment in [["NO_COLOR": "1", "CLICOLOR_FORCE": "1"], ["TERM": "dumb"], [:]] {
                let output = await render(alert, color: .automatic, environment: environment)
                #expect(!output.utf8.contains(0x1B))
            }
        }
    }

    @Test func forcedColourColoursAFile() async {
        let output = await render(
            SampleAlerts.configMissingEnglish, color: .automatic, environment: ["CLICOLOR_FORCE": "1"])
        #expect(output.hasPrefix("\u{1B}[1;31merror\u{1B}[0m: \u{1B}[1mConfiguration file not found\u{1B}[0m\n"))
    }

    @Test func eachSeverityHasItsColour() async {
        let error = await render(SampleAlerts.configMissingEnglish, color: .always)
        let warning = await render(SampleAlerts.warningEnglish, color: .always)
        let note = await render(SampleAlerts.infoJapanese, color: .always)
        #expect(error.hasPrefix("\u{1B}[1;31merror\u{1B}[0m"))
        #expect(warning.hasPrefix("\u{1B}[1;33mwarning\u{1B}[0m"))
        #expect(note.hasPrefix("\u{1B}[1;36m情報\u{1B}[0m"))
    }

    @Test func noColourRunCrossesALineBreak() async {
        let output = await render(SampleAlerts.configMissingJapanese, color: .always, width: .columns(20))
        for line in output.split(separator: "\n") {
            #expect(
                line.components(separatedBy: "\u{1B}[0m").count == line.components(separatedBy: "\u{1B}[").count / 2 + 1
            )
        }
    }

    // MARK: Hostile text

    @Test(arguments: SampleAlerts.hostile)
    func escapesInEveryPartAreShownNotObeyed(_ hostile: String) async {
        let alert = Alert(
            code: "x", category: .unknown, title: "T\(hostile)", message: "M\(hostile)", reason: "R\(hostile)",
            suggestion: "S\(hostile)", referenceID: "ID\(hostile)",
            actions: [
                AlertAction(id: "cancel", label: "Cancel", role: .cancel),
                AlertAction(id: "f", label: "F\(hostile)", role: .default) { .done },
            ])
        for color in [ConsolePresenter.ColorMode.never, .always] {
            for layout in [ConsolePresenter.Layout.standard, .plain] {
                let output = await render(alert, color: color, layout: layout)
                let escaped = TerminalSanitizer.sanitize(hostile)
                #expect(output.components(separatedBy: escaped).count == 7, "\(output)")
                // The only escape sequences left are the presenter's own colours.
                let withoutOwnColours = output.replacingOccurrences(
                    of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression)
                for scalar in withoutOwnColours.unicodeScalars {
                    #expect(!TerminalSanitizer.isDangerous(scalar), "raw U+\(String(scalar.value, radix: 16))")
                }
            }
        }
    }

    @Test func theOSCTitleSequenceIsVisibleInTheOutput() async {
        let output = await render(SampleAlerts.hostileEnglish, width: .columns(80))
        #expect(output.hasPrefix(#"error: Title \u{1B}]0;evil\u{07}"#))
        #expect(!output.utf8.contains(0x1B))
        #expect(!output.utf8.contains(0x07))
    }

    // MARK: Layout

    @Test func aTitleEqualToTheMessageIsPrintedOnce() async {
        let output = await render(SampleAlerts.warningEnglish)
        #expect(output.components(separatedBy: "Disk almost full").count == 2)
    }

    /// The renderer decides that a part is visible without a property lookup when its first scalar
    /// is visible ASCII or above U+3000: no White_Space scalar is.
    @Test func noWhiteSpaceScalarIsVisibleASCIIOrAboveU3000() {
        for value in UInt32(0x21)...0x7E {
            #expect(!Unicode.Scalar(value)!.properties.isWhitespace)
        }
        for value in UInt32(0x3001)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isWhitespace else { continue }
            Issue.record("U+\(String(value, radix: 16)) is White_Space")
        }
    }

    @Test func partsOfOnlyWhiteSpaceAreLeftOut() async {
        let alert = Alert(
            code: "x", category: .unknown, title: "\u{3000}\u{2028}", message: "Only a message.",
            reason: "\u{A0}\u{1680}\t", suggestion: " \u{301}", referenceID: "\u{3000}x", actions: [])
        #expect(await render(alert) == "error: Only a message.\n  reference: \u{3000}x\n")
    }

    @Test func emptyPartsAreLeftOut() async {
        let alert = Alert(
            code: "x", category: .unknown, title: "", message: "Only a message.", reason: "", suggestion: " ",
            actions: [])
        #expect(await render(alert) == "error: Only a message.\n")
    }

    @Test func theReferenceIsShownForUnexpectedErrors() async {
        let output = await render(SampleAlerts.unexpectedEnglish)
        #expect(output.contains("\n  reference: 7F3A-91C2\n"))
    }

    @Test func plainLayoutHasOneLabelledFieldPerLine() async {
        let output = await render(
            SampleAlerts.configMissingEnglish, color: .always, width: .columns(20), layout: .plain)
        #expect(
            output == """
                error: Configuration file not found
                message: The configuration file “/tmp/demo/config.toml” couldn’t be read.
                reason: The file doesn’t exist.
                help: Create a default configuration, or pass the path of an existing one with --config.
                Not asking, as this is not an interactive terminal. Options:
                1) Cancel
                2) Create a default configuration

                """)
    }

    @Test func plainLayoutIndentsAFieldsOwnLineBreaks() async {
        let alert = Alert(code: "x", category: .unknown, title: "T", message: "one\ntwo", actions: [])
        #expect(await render(alert, layout: .plain) == "error: T\nmessage: one\n  two\n")
    }

    @Test func tabsBecomeSpacesSoWidthsStayExact() async {
        let alert = Alert(code: "x", category: .unknown, title: "T", message: "a\tb", actions: [])
        #expect(await render(alert) == "error: T\n  a    b\n")
    }

    // MARK: The tool's own lines

    @Test func writeLineWrapsAndSanitizesInOneWrite() async {
        let captured = CapturedOutput()
        let presenter = consolePresenter(captured, color: .always, width: .columns(20))
        presenter.writeLine("/tmp/\u{1B}]0;evil\u{07} から設定を読み込んでいます…")
        #expect(captured.writeCount == 1)
        #expect(captured.text == "/tmp/\\u{1B}]0;evil\\u{07}\nから設定を読み込んで\nいます…\n")
    }

    @Test func writeLineDoesNotWrapWhenNothingSetsAWidth() async {
        let captured = CapturedOutput()
        let presenter = ConsolePresenter(output: captured.output, environment: [:])
        presenter.writeLine(String(repeating: "word ", count: 40))
        #expect(captured.lines.count == 2)
    }
}
