import Foundation
import FriendlyErrors
import FriendlyErrorsTesting
import Testing

/// Errors that give their own exit status, and errors that only ask the process to end.
@Suite(.timeLimit(.minutes(2)))
struct ExitStatusTests {
    struct OwnStatus: FriendlyError, ExitStatusProviding {
        var exitStatus: Int32
        var code: String { "test.ownStatus" }
        var category: ErrorCategory { .configuration }
    }

    struct ExitRequest: Error, ExitStatusProviding {
        var exitStatus: Int32
        var isExitRequest: Bool { true }
    }

    /// Not a `FriendlyError`: any error can give its status.
    struct PlainStatus: Error, ExitStatusProviding {
        var exitStatus: Int32 { 3 }
    }

    @Test func anErrorsOwnStatusWinsOverItsCategorys() async {
        let recorder = RecordingPresenter()
        let status = await FriendlyMain.exitStatus(presenter: recorder) { throw OwnStatus(exitStatus: 3) }
        #expect(status == 3)
        #expect(recorder.alerts.map(\.code) == ["test.ownStatus"])
        #expect(recorder.alerts.first?.exitStatusOverride == 3)
        #expect(recorder.alerts.first?.exitStatus == 3)
    }

    @Test func anyErrorCanGiveItsStatus() async {
        let status = await FriendlyMain.exitStatus(presenter: RecordingPresenter()) { throw PlainStatus() }
        #expect(status == 3)
    }

    @Test(arguments: [0, 126, 255, -1, 1000] as [Int32])
    func anOwnStatusOutsideOneTo125BecomesOne(_ custom: Int32) async {
        let status = await FriendlyMain.exitStatus(presenter: RecordingPresenter()) {
            throw OwnStatus(exitStatus: custom)
        }
        #expect(status == 1)
    }

    @Test func aRulesClassificationCanGiveTheStatus() async {
        struct Foreign: Error {}
        let pipeline = AlertPipeline().registering(Foreign.self) { _ in
            Classification(code: "test.foreign", category: .ioFailure, exitStatus: 9)
        }
        let status = await FriendlyMain.exitStatus(pipeline: pipeline, presenter: RecordingPresenter()) {
            throw Foreign()
        }
        #expect(status == 9)
    }

    @Test(arguments: [(0, 0), (3, 3), (130, 130), (255, 255), (256, 1), (-1, 1)] as [(Int32, Int32)])
    func anExitRequestEndsWithItsStatusWithoutAnAlert(_ requested: Int32, _ expected: Int32) async {
        let recorder = RecordingPresenter(answering: .choose("fix"))
        let runs = Box(0)
        let status = await FriendlyMain.exitStatus(presenter: recorder) {
            runs.mutate { $0 += 1 }
            throw ExitRequest(exitStatus: requested)
        }
        #expect(status == expected)
        #expect(recorder.alerts.isEmpty)
        #expect(runs.value == 1)
    }

    @Test func aRecoveryThatThrowsAnErrorWithItsOwnStatusEndsWithIt() async {
        struct Broken: FriendlyError {
            var code: String { "test.broken" }
            var category: ErrorCategory { .configuration }
            var recoveries: [Recovery] { [Recovery(id: "fix", label: "Fix it") { throw OwnStatus(exitStatus: 5) }] }
        }
        let recorder = RecordingPresenter(answering: .choose("fix"))
        let status = await FriendlyMain.exitStatus(presenter: recorder) { throw Broken() }
        #expect(recorder.alerts.map(\.code) == ["test.broken", "test.ownStatus"])
        #expect(status == 5)
    }

    @Test func withoutAnOwnStatusTheAlertHasItsCategorys() {
        let alert = AlertPipeline().alert(for: OwnStatus(exitStatus: 3), in: "en")
        // Made for a server, the alert does not ask; presenting it does.
        #expect(alert.exitStatusOverride == nil)
        #expect(alert.exitStatus == 78)
    }
}
