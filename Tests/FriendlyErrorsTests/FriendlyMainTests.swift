import Foundation
import FriendlyErrors
import FriendlyErrorsTesting
import Testing

/// The exit statuses of the wrapper for a tool's `main`.
@Suite(.timeLimit(.minutes(2)))
struct FriendlyMainTests {
    struct Failure: FriendlyError {
        var category: ErrorCategory
        var outcome: RecoveryOutcome = .recovered
        var code: String { "test.failure" }
        var message: LocalizableText { "It failed." }
        var recoveries: [Recovery] { [Recovery(id: "fix", label: "Fix it") { [outcome] in outcome }] }
    }

    @Test func successIsZero() async {
        let status = await FriendlyMain.exitStatus(presenter: RecordingPresenter()) {}
        #expect(status == 0)
    }

    @Test(
        arguments: [
            (ErrorCategory.invalidInput, 64), (.invalidData, 65), (.notFound, 66), (.unavailable, 69), (.internal, 70),
            (.conflict, 73), (.ioFailure, 74), (.timeout, 75), (.permissionDenied, 77), (.configuration, 78),
            (.unknown, 1), (.cancelled, 1),
        ] as [(ErrorCategory, Int32)])
    func aCancelledFailureExitsWithItsCategorysStatus(_ category: ErrorCategory, _ expected: Int32) async {
        let status = await FriendlyMain.exitStatus(presenter: RecordingPresenter(answering: .cancel)) {
            throw Failure(category: category)
        }
        #expect(status == expected)
    }

    @Test(arguments: [0, 126, 255, -1, 1000] as [Int32])
    func aCustomStatusOutsideOneTo125BecomesOne(_ custom: Int32) async {
        let category = ErrorCategory("custom", httpStatus: 500, exitStatus: custom)
        let status = await FriendlyMain.exitStatus(presenter: RecordingPresenter()) {
            throw Failure(category: category)
        }
        #expect(status == 1)
    }

    @Test func theStatusNeverComesFromNSErrorCode() async {
        let status = await FriendlyMain.exitStatus(presenter: RecordingPresenter()) {
            throw NSError(domain: "com.example.custom", code: 78)
        }
        #expect(status == 1)
    }

    @Test func aSuccessfulRecoveryAndRetryIsZero() async {
        let runs = Box(0)
        let status = await FriendlyMain.exitStatus(presenter: RecordingPresenter(answering: .choose("fix"))) {
            runs.mutate { $0 += 1 }
            if runs.value == 1 { throw Failure(category: .configuration) }
        }
        #expect(status == 0)
        #expect(runs.value == 2)
    }

    @Test func aRecoveryThatIsDoneIsZeroWithoutARetry() async {
        let runs = Box(0)
        let status = await FriendlyMain.exitStatus(presenter: RecordingPresenter(answering: .choose("fix"))) {
            runs.mutate { $0 += 1 }
            throw Failure(category: .configuration, outcome: .done)
        }
        #expect(status == 0)
        #expect(runs.value == 1)
    }

    @Test func retriesAreBounded() async {
        let runs = Box(0)
        let recorder = RecordingPresenter(answering: .choose("fix"))
        let status = await FriendlyMain.exitStatus(presenter: recorder, maximumAttempts: 3) {
            runs.mutate { $0 += 1 }
            throw Failure(category: .timeout, outcome: .retry)
        }
        #expect(status == 75)
        #expect(runs.value == 3)
        #expect(recorder.alerts.count == 3)
    }

    @Test func aRecoveryThatThrowsEndsWithTheLastAlertsStatus() async {
        struct Broken: FriendlyError {
            var code: String { "test.broken" }
            var category: ErrorCategory { .configuration }
            var recoveries: [Recovery] { [Recovery(id: "fix", label: "Fix it") { throw POSIXError(.EACCES) }] }
        }
        let recorder = RecordingPresenter(answering: .choose("fix"))
        let status = await FriendlyMain.exitStatus(presenter: recorder) { throw Broken() }
        #expect(recorder.alerts.first?.code == "test.broken")
        #expect(status == recorder.alerts.last?.category.exitStatus)
        #expect(status == 77)
    }

    @Test func notInteractiveConsoleRunsNoClosureAndKeepsTheStatus() async {
        let runs = Box(0)
        let captured = CapturedOutput()
        let presenter = ConsolePresenter(
            output: captured.output, input: .lines(["2"]), environment: ["CI": "true"])
        let status = await FriendlyMain.exitStatus(presenter: presenter) {
            throw CountedError(runs: runs)
        }
        #expect(status == 78)
        #expect(runs.value == 0)
        #expect(captured.text.contains("2) Fix it"))
    }

    @Test func answeringTheRecoveryOnTheConsoleRunsItOnceAndSucceeds() async {
        let runs = Box(0)
        let attempts = Box(0)
        let presenter = consolePresenter(CapturedOutput(), interactivity: .always, answers: ["2"])
        let status = await FriendlyMain.exitStatus(presenter: presenter, in: "en") {
            attempts.mutate { $0 += 1 }
            if runs.value == 0 { throw CountedError(runs: runs) }
        }
        #expect(status == 0)
        #expect(runs.value == 1)
        #expect(attempts.value == 2)
    }

    @Test func theBodyPresentsWithTheWrappersPresenter() async {
        let recorder = RecordingPresenter()
        let status = await FriendlyMain.exitStatus(presenter: recorder) {
            await AlertPresentationSystem.pipeline.present(Failure(category: .timeout))
        }
        #expect(status == 0)
        #expect(recorder.alerts.map(\.code) == ["test.failure"])
    }
}
