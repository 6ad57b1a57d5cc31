import Foundation
import FriendlyErrors
import FriendlyErrorsTesting
import Testing

@Suite(.timeLimit(.minutes(2)))
struct PresentationTests {
    let pipeline = AlertPipeline()

    /// Counts how often its recovery runs.
    struct Counted: FriendlyError {
        var counter: Box<Int>
        var outcome: RecoveryOutcome = .recovered
        var code: String { "test.counted" }
        var message: LocalizableText { "Counted." }
        var recoveries: [Recovery] {
            [
                Recovery(id: "fix", label: "Fix it") { [counter, outcome] in
                    counter.mutate { $0 += 1 }
                    return outcome
                }
            ]
        }
    }

    /// Its recovery throws another error.
    struct ThrowingRecovery: FriendlyError {
        var code: String { "test.throwingRecovery" }
        var message: LocalizableText { "The first problem." }
        var recoveries: [Recovery] {
            [Recovery(id: "fix", label: "Fix it") { throw POSIXError(.EACCES) }]
        }
    }

    @Test func chosenRecoveryRunsExactlyOnce() async {
        let counter = Box(0)
        let recorder = RecordingPresenter(answering: .choose("fix"))
        let result = await AlertPresentationSystem.withPresenter(recorder) {
            await pipeline.present(Counted(counter: counter), in: "en")
        }
        #expect(counter.value == 1)
        #expect(result.outcome == .recovered)
        #expect(result.shouldRetry)
    }

    @Test func cancelRunsNoRecovery() async {
        let counter = Box(0)
        let recorder = RecordingPresenter(answering: .cancel)
        let result = await AlertPresentationSystem.withPresenter(recorder) {
            await pipeline.present(Counted(counter: counter), in: "en")
        }
        #expect(counter.value == 0)
        #expect(result.chosenActionID == "cancel")
        #expect(result.outcome == nil)
    }

    @Test func throwingRecoveryYieldsASecondAlertNotACrash() async {
        let recorder = RecordingPresenter(answering: .choose("fix"))
        let result = await AlertPresentationSystem.withPresenter(recorder) {
            await pipeline.present(ThrowingRecovery(), in: "en")
        }
        #expect(recorder.alerts.map(\.code) == ["test.throwingRecovery", "file.permissionDenied"])
        #expect(result.alert.code == "file.permissionDenied")
        #expect(result.outcome == nil)
    }

    @Test func recoveryThatKeepsThrowingStopsAtTheConfiguredDepth() async {
        struct Loop: FriendlyError {
            var code: String { "test.loop" }
            var recoveries: [Recovery] { [Recovery(id: "again", label: "Again") { throw Loop() }] }
        }
        let recorder = RecordingPresenter(answering: .choose("again"))
        let pipeline = AlertPipeline().configured(.init(maximumRecoveryDepth: 2))
        _ = await AlertPresentationSystem.withPresenter(recorder) { await pipeline.present(Loop(), in: "en") }
        #expect(recorder.alerts.count == 3)
    }

    @Test func runRetriesTheOperationAfterARecoveryAndBoundsAttempts() async throws {
        let attempts = Box(0)
        let recorder = RecordingPresenter(answering: .choose("retry"))
        await #expect(throws: URLError.self) {
            try await AlertPresentationSystem.withPresenter(recorder) {
                try await pipeline.run(maximumAttempts: 3, in: "en") {
                    attempts.mutate { $0 += 1 }
                    throw URLError(.timedOut)
                }
            }
        }
        #expect(attempts.value == 3)
        #expect(recorder.alerts.count == 3)

        let value = try await AlertPresentationSystem.withPresenter(recorder) {
            try await pipeline.run(in: "en") { () -> Int in
                attempts.mutate { $0 += 1 }
                if attempts.value < 5 { throw URLError(.timedOut) }
                return 42
            }
        }
        #expect(value == 42)
    }

    @Test func concurrentPresentationsAreAllAccountedForAndNeverInterleave() async {
        let recorder = RecordingPresenter(answering: .dismiss)
        let pipeline = self.pipeline
        let tasks = 8
        let alertsPerTask = 10_000
        await AlertPresentationSystem.withPresenter(recorder) {
            await withTaskGroup(of: Void.self) { group in
                for task in 0..<tasks {
                    group.addTask {
                        for index in 0..<alertsPerTask {
                            // Half are the same alert (coalescible), half differ per task.
                            let error: any Error =
                                index.isMultiple(of: 2)
                                ? StorageError.readOnly : StorageError.diskFull(freeMB: task, volume: "v")
                            await pipeline.present(error, in: "en")
                        }
                    }
                }
            }
        }
        #expect(recorder.totalOccurrences == tasks * alertsPerTask)
        #expect(recorder.maximumConcurrentPresentations == 1)
        #expect(recorder.alerts.count <= tasks * alertsPerTask)
    }

    @Test func burstOfTheSameAlertIsCoalescedWithACount() async {
        // A presenter that holds the first alert until the rest have queued up behind it.
        let gate = Gate()
        let recorder = RecordingPresenter(answering: .dismiss)
        let presenter = GatedPresenter(gate: gate, inner: recorder)
        let classified = Box(0)
        let pipeline = self.pipeline.observing { _ in classified.mutate { $0 += 1 } }
        await AlertPresentationSystem.withPresenter(presenter) {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await pipeline.present(StorageError.quotaExceeded, in: "en") }
                await gate.waitUntilEntered()
                for _ in 0..<50 {
                    group.addTask { await pipeline.present(StorageError.readOnly, in: "en") }
                }
                // Each task enqueues right after it is classified; give the last ones a moment.
                while classified.value < 51 { try? await Task.sleep(for: .milliseconds(5)) }
                try? await Task.sleep(for: .milliseconds(200))
                await gate.open()
            }
        }
        #expect(recorder.alerts.map(\.code) == ["storage.quotaExceeded", "storage.readOnly"])
        #expect(recorder.alerts.last?.occurrences == 50)
        #expect(recorder.totalOccurrences == 51)
    }

    @Test func secondBootstrapIsRefusedWithAMessage() {
        // The first call may or may not be this one, depending on test order; the second never wins.
        AlertPresentationSystem.bootstrap(RecordingPresenter())
        #expect(AlertPresentationSystem.bootstrap(RecordingPresenter()) == false)
    }

    @Test func taskLocalPresenterOverridesWithoutTouchingTheGlobal() async {
        let outer = RecordingPresenter()
        let inner = RecordingPresenter()
        await AlertPresentationSystem.withPresenter(outer) {
            await AlertPresentationSystem.withPresenter(inner) {
                await AlertPipeline().present(CancellationError(), in: "en")
            }
            await AlertPipeline().present(CancellationError(), in: "en")
        }
        #expect(inner.alerts.count == 1)
        #expect(outer.alerts.count == 1)
    }

    @Test func fanOutPresentsToEveryPresenterAndAnswersWithTheFirstChoice() async {
        let silent = RecordingPresenter(answering: .dismiss)
        let chooser = RecordingPresenter(answering: .choose("fix"))
        let counter = Box(0)
        let result = await AlertPresentationSystem.withPresenter(FanOutPresenter(silent, chooser)) {
            await pipeline.present(Counted(counter: counter), in: "en")
        }
        #expect(silent.alerts.count == 1)
        #expect(chooser.alerts.count == 1)
        #expect(result.chosenActionID == "fix")
        #expect(counter.value == 1)
    }
}

/// Holds presentations until opened, and counts who is waiting behind it.
actor Gate {
    private var entered = false
    private var isOpen = false
    private var enteredWaiters: [CheckedContinuation<Void, Never>] = []
    private var openWaiters: [CheckedContinuation<Void, Never>] = []

    func enterAndWait() async {
        entered = true
        enteredWaiters.forEach { $0.resume() }
        enteredWaiters = []
        if isOpen { return }
        await withCheckedContinuation { openWaiters.append($0) }
    }

    func waitUntilEntered() async {
        if entered { return }
        await withCheckedContinuation { enteredWaiters.append($0) }
    }

    func open() {
        isOpen = true
        openWaiters.forEach { $0.resume() }
        openWaiters = []
    }
}

/// Blocks on the gate for the first alert only, so the others queue up behind it.
final class GatedPresenter: AlertPresenter, Sendable {
    let gate: Gate
    let inner: RecordingPresenter
    private let first = Box(true)
    init(gate: Gate, inner: RecordingPresenter) {
        self.gate = gate
        self.inner = inner
    }

    func present(_ alert: Alert) async -> String? {
        var isFirst = false
        first.mutate { value in
            isFirst = value
            value = false
        }
        if isFirst { await gate.enterAndWait() }
        return await inner.present(alert)
    }
}
