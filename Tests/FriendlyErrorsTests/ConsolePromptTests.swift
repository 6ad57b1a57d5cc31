import Foundation
import FriendlyErrors
import Testing

/// The console presenter's questions, answered by scripted input.
struct ConsolePromptTests {
    func answer(_ alert: Alert, with answers: [String]) async -> (String?, CapturedOutput) {
        let captured = CapturedOutput()
        let presenter = consolePresenter(captured, interactivity: .always, answers: answers)
        return (await presenter.present(alert), captured)
    }

    @Test func enterPicksCancel() async {
        let (response, _) = await answer(SampleAlerts.configMissingEnglish, with: [""])
        #expect(response == "cancel")
    }

    @Test func enterNeverPicksTheDestructiveActionThatComesFirst() async {
        let (response, captured) = await answer(SampleAlerts.configInvalidEnglish, with: ["   "])
        #expect(response == "cancel")
        #expect(captured.text.contains("Choose [1-2, Enter=2]: "))
    }

    @Test func theNumberOfTheRecoveryChoosesIt() async {
        // One non-destructive recovery: Cancel first, the recovery second (the HIG order).
        let (response, _) = await answer(SampleAlerts.configMissingEnglish, with: ["2"])
        #expect(response == "createDefault")
    }

    @Test(arguments: [" 2 ", "2\r", "２", "02"])
    func answersAreReadForgivingly(_ typed: String) async {
        let (response, _) = await answer(SampleAlerts.configMissingEnglish, with: [typed])
        #expect(response == "createDefault")
    }

    @Test func threeInvalidAnswersCancel() async {
        let (response, captured) = await answer(SampleAlerts.configMissingEnglish, with: ["x", "0", "3", "2"])
        #expect(response == "cancel")
        // Two notes and re-asks; the third invalid answer ends it.
        #expect(captured.text.components(separatedBy: "Please enter a number from 1-2.").count == 3)
        #expect(captured.text.components(separatedBy: "Choose [1-2, Enter=1]: ").count == 4)
    }

    @Test func anInvalidAnswerAsksAgain() async {
        let (response, _) = await answer(SampleAlerts.configMissingEnglish, with: ["yes", "-1", "2"])
        #expect(response == "createDefault")
    }

    @Test func endOfInputCancelsAndEndsTheLine() async {
        let (response, captured) = await answer(SampleAlerts.configMissingEnglish, with: [])
        #expect(response == "cancel")
        #expect(captured.text.hasSuffix("Choose [1-2, Enter=1]: \n"))
    }

    @Test func theAlertAndItsFirstPromptAreOneWrite() async {
        let (_, captured) = await answer(SampleAlerts.configMissingEnglish, with: ["2"])
        #expect(captured.writeCount == 1)
        #expect(captured.text.hasPrefix("error: Configuration file not found\n"))
    }

    @Test func notInteractiveListsTheOptionsAndChoosesNothing() async {
        let captured = CapturedOutput()
        let input = Box(0)
        let presenter = ConsolePresenter(
            output: captured.output,
            input: ConsoleInput {
                input.mutate { $0 += 1 }
                return "2"
            },
            options: .init(color: .never, width: .columns(80), interactivity: .never), environment: [:])
        let response = await presenter.present(SampleAlerts.configMissingEnglish)
        #expect(response == nil)
        #expect(input.value == 0)
        #expect(captured.writeCount == 1)
        #expect(captured.text.contains("Not asking, as this is not an interactive terminal. Options:\n"))
        #expect(captured.text.contains("  1) Cancel\n  2) Create a default configuration\n"))
        #expect(!captured.text.contains("Choose"))
    }

    @Test func ciMeansNoPromptEvenOnTerminals() async {
        // The automatic setting with CI set: nothing is asked, whatever the input holds.
        let captured = CapturedOutput()
        let presenter = ConsolePresenter(
            output: captured.output, input: .lines(["2"]), environment: ["CI": "true"])
        #expect(await presenter.present(SampleAlerts.configMissingEnglish) == nil)
        #expect(!captured.text.contains("Choose"))
    }

    @Test func aLoneOKAsksNothing() async {
        let (response, captured) = await answer(SampleAlerts.unexpectedEnglish, with: ["1"])
        #expect(response == nil)
        #expect(!captured.text.contains("1)"))
    }

    @Test func theChosenRecoveryRunsExactlyOnceThroughThePipeline() async {
        let runs = Box(0)
        let captured = CapturedOutput()
        let presenter = consolePresenter(captured, interactivity: .always, answers: ["2", "2"])
        let result = await AlertPresentationSystem.withPresenter(presenter) {
            await AlertPipeline().present(CountedError(runs: runs), in: "en")
        }
        #expect(result.chosenActionID == "fix")
        #expect(result.outcome == .recovered)
        #expect(runs.value == 1)
    }

    @Test func cancellingRunsNoRecovery() async {
        let runs = Box(0)
        let presenter = consolePresenter(CapturedOutput(), interactivity: .always, answers: [""])
        let result = await AlertPresentationSystem.withPresenter(presenter) {
            await AlertPipeline().present(CountedError(runs: runs), in: "en")
        }
        #expect(result.outcome == nil)
        #expect(runs.value == 0)
    }

    @Test func anAlertWithoutCancelOffersEnterAsDismissal() async {
        let alert = Alert(
            code: "x", category: .unknown, title: "Pick", message: "Pick one.",
            actions: [
                AlertAction(id: "a", label: "A", role: .default) { .done },
                AlertAction(id: "b", label: "B", role: .destructive) { .done },
            ])
        let (response, captured) = await answer(alert, with: [""])
        #expect(response == nil)
        #expect(captured.text.contains("Choose [1-2, Enter=Cancel]: "))
    }
}

/// An error whose one recovery counts its runs.
struct CountedError: FriendlyError {
    var runs: Box<Int>
    var code: String { "test.countedConsole" }
    var message: LocalizableText { "Counted." }
    var category: ErrorCategory { .configuration }
    var recoveries: [Recovery] {
        [
            Recovery(id: "fix", label: "Fix it") { [runs] in
                runs.mutate { $0 += 1 }
                return .recovered
            }
        ]
    }
}
