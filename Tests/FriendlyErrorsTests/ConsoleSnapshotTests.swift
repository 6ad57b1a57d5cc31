import Foundation
import FriendlyErrors
import Testing

/// The console presenter's whole output, compared as exact text with the files in `Snapshots/`.
/// Re-record after an intended change with `FRIENDLY_ERRORS_RECORD_SNAPSHOTS=1 swift test`, then
/// read the diff of the files before committing them.
struct ConsoleSnapshotTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var alert: Alert
        var color: ConsolePresenter.ColorMode = .never
        var width: ConsolePresenter.Width = .columns(80)
        var interactivity: ConsolePresenter.Interactivity = .never
        var layout: ConsolePresenter.Layout = .standard
        var answers: [String] = []

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // English and Japanese at 20, 40 and 80 columns, not interactive, no colour.
        Case(name: "en-20", alert: SampleAlerts.configMissingEnglish, width: .columns(20)),
        Case(name: "en-40", alert: SampleAlerts.configMissingEnglish, width: .columns(40)),
        Case(name: "en-80", alert: SampleAlerts.configMissingEnglish, width: .columns(80)),
        Case(name: "ja-20", alert: SampleAlerts.configMissingJapanese, width: .columns(20)),
        Case(name: "ja-40", alert: SampleAlerts.configMissingJapanese, width: .columns(40)),
        Case(name: "ja-80", alert: SampleAlerts.configMissingJapanese, width: .columns(80)),
        Case(name: "en-unlimited", alert: SampleAlerts.configMissingEnglish, width: .unlimited),
        // Colour on.
        Case(name: "en-80-color", alert: SampleAlerts.configMissingEnglish, color: .always),
        Case(name: "ja-20-color", alert: SampleAlerts.configMissingJapanese, color: .always, width: .columns(20)),
        // Interactive: the prompt, invalid answers, Enter.
        Case(
            name: "en-80-interactive-recovery", alert: SampleAlerts.configMissingEnglish, interactivity: .always,
            answers: ["2"]),
        Case(
            name: "en-40-interactive-invalid-then-enter", alert: SampleAlerts.configMissingEnglish,
            width: .columns(40), interactivity: .always, answers: ["x", "9", ""]),
        Case(
            name: "en-80-interactive-three-invalid", alert: SampleAlerts.configMissingEnglish,
            interactivity: .always, answers: ["x", "0", "3"]),
        Case(
            name: "en-80-interactive-end-of-input", alert: SampleAlerts.configMissingEnglish,
            interactivity: .always, answers: []),
        Case(
            name: "ja-40-interactive-color", alert: SampleAlerts.configMissingJapanese, color: .always,
            width: .columns(40), interactivity: .always, answers: ["２"]),
        Case(
            name: "ja-20-interactive", alert: SampleAlerts.configMissingJapanese, width: .columns(20),
            interactivity: .always, answers: ["1"]),
        Case(
            name: "en-80-destructive-color", alert: SampleAlerts.configInvalidEnglish, color: .always,
            interactivity: .always, answers: [""]),
        // Plain layout for screen readers and logs: colour and width are ignored.
        Case(
            name: "en-plain", alert: SampleAlerts.configMissingEnglish, color: .always, width: .columns(20),
            layout: .plain),
        Case(
            name: "ja-plain-interactive", alert: SampleAlerts.configMissingJapanese, interactivity: .always,
            layout: .plain, answers: ["2"]),
        Case(name: "en-plain-unexpected", alert: SampleAlerts.unexpectedEnglish, layout: .plain),
        // Other kinds of alert.
        Case(name: "en-80-unexpected", alert: SampleAlerts.unexpectedEnglish),
        Case(name: "en-80-warning-coalesced-color", alert: SampleAlerts.warningEnglish, color: .always),
        Case(name: "ja-40-info-color", alert: SampleAlerts.infoJapanese, color: .always, width: .columns(40)),
        // Quotation marks and punctuation at narrow widths: „…“ »…« ‚…‘ in German, «…» with no-break
        // spaces and with ordinary ones in French, “…” ‘…’ '…' "…" in English.
        Case(name: "de-20-quotes", alert: SampleAlerts.quotesGerman, width: .columns(20)),
        Case(name: "de-30-quotes", alert: SampleAlerts.quotesGerman, width: .columns(30)),
        Case(name: "fr-20-quotes", alert: SampleAlerts.quotesFrench, width: .columns(20)),
        Case(name: "fr-30-quotes", alert: SampleAlerts.quotesFrench, width: .columns(30)),
        Case(name: "en-20-quotes", alert: SampleAlerts.quotesEnglish, width: .columns(20)),
        Case(name: "en-30-quotes", alert: SampleAlerts.quotesEnglish, width: .columns(30)),
        // Field problems, listed under the message.
        Case(name: "en-80-field-problems", alert: SampleAlerts.invalidOrderEnglish),
        Case(name: "en-plain-field-problems", alert: SampleAlerts.invalidOrderEnglish, layout: .plain),
        Case(name: "ja-20-field-problems", alert: SampleAlerts.invalidOrderJapanese, width: .columns(20)),
        // Hostile text: every escape shown, never obeyed.
        Case(name: "hostile-40", alert: SampleAlerts.hostileEnglish, width: .columns(40)),
        Case(name: "hostile-80-color", alert: SampleAlerts.hostileEnglish, color: .always),
    ]

    @Test(arguments: cases)
    func renderedOutputMatchesTheSnapshot(_ testCase: Case) async {
        let captured = CapturedOutput()
        // Each answer is echoed into the output as a terminal would, so the file reads like the screen.
        let answers = Box(testCase.answers[...])
        let input = ConsoleInput {
            guard let answer = answers.value.first else { return nil }
            answers.mutate { $0.removeFirst() }
            captured.output.write(answer + "\n")
            return answer
        }
        let presenter = ConsolePresenter(
            output: captured.output, input: input,
            options: .init(
                color: testCase.color, width: testCase.width, interactivity: testCase.interactivity,
                layout: testCase.layout),
            environment: [:])
        let response = await presenter.present(testCase.alert)
        expectSnapshot(captured.text + "→ \(response ?? "nothing chosen")\n", named: testCase.name)
    }
}
