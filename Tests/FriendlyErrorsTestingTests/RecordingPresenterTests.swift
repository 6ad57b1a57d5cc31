import Foundation
import FriendlyErrors
import FriendlyErrorsTesting
import Testing

struct RecordingPresenterTests {
    struct Failing: FriendlyError {
        var code: String { "test.failing" }
        var message: LocalizableText { "It failed." }
        var recoveries: [Recovery] { [.retry()] }
    }

    @Test func recordsAlertsAndAnswersAsScripted() async {
        let recorder = RecordingPresenter(answering: .script([.choose("retry"), .cancel]))
        let pipeline = AlertPipeline()
        let (first, second, third) = await AlertPresentationSystem.withPresenter(recorder) {
            (
                await pipeline.present(Failing(), in: "en"), await pipeline.present(Failing(), in: "en"),
                await pipeline.present(Failing(), in: "en")
            )
        }
        #expect(first.chosenActionID == "retry")
        #expect(first.outcome == .retry)
        #expect(second.chosenActionID == "cancel")
        #expect(second.outcome == nil)
        #expect(third.chosenActionID == nil)
        #expect(recorder.alerts.map(\.code) == ["test.failing", "test.failing", "test.failing"])
        #expect(recorder.maximumConcurrentPresentations == 1)
    }

    @Test func choosingAnIdTheAlertLacksDismisses() async {
        let recorder = RecordingPresenter(answering: .choose("nonexistent"))
        let result = await AlertPresentationSystem.withPresenter(recorder) {
            await AlertPipeline().present(Failing(), in: "en")
        }
        #expect(result.chosenActionID == nil)
    }
}
