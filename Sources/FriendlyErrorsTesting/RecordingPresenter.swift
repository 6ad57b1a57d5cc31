import Foundation
public import FriendlyErrors

/// A presenter for tests: it records every alert it is given and answers as scripted, so recovery
/// flows can be tested without a terminal or a server.
///
/// ```swift
/// let recorder = RecordingPresenter(answering: .choose("createDefault"))
/// let result = await AlertPresentationSystem.withPresenter(recorder) {
///     await pipeline.present(ConfigError.missing(path))
/// }
/// #expect(recorder.alerts.map(\.code) == ["config.missing"])
/// #expect(result.outcome == .recovered)
/// ```
public final class RecordingPresenter: AlertPresenter, @unchecked Sendable {
    // @unchecked: all mutable state is behind `lock`, an NSLock (pthread-based, which
    // ThreadSanitizer understands).

    /// How the recorder answers each alert.
    public struct Answer: Sendable {
        let choose: @Sendable (Alert, Int) -> String?

        /// Choose the action with this id when the alert has it, else dismiss.
        public static func choose(_ id: String) -> Answer {
            Answer { alert, _ in alert.action(id: id) != nil ? id : nil }
        }

        /// Choose the alert's Cancel action (or dismiss when it has none).
        public static let cancel = Answer { alert, _ in alert.cancelAction.map(\.id) }

        /// Choose nothing: the alert is only shown.
        public static let dismiss = Answer { _, _ in nil }

        /// Answer the n-th alert with the n-th answer, and dismiss once the script runs out.
        public static func script(_ answers: [Answer]) -> Answer {
            Answer { alert, index in
                answers.indices.contains(index) ? answers[index].choose(alert, index) : nil
            }
        }

        /// Answer with a closure of your own; it receives the alert and its 0-based position.
        public static func custom(_ choose: @escaping @Sendable (Alert, Int) -> String?) -> Answer {
            Answer(choose: choose)
        }
    }

    private let lock = NSLock()
    private var recorded: [Alert] = []
    private var inFlight = 0
    private var maximumInFlight = 0
    private let answer: Answer

    /// A recorder that answers every alert with `answer` (by default it dismisses).
    public init(answering answer: Answer = .dismiss) {
        self.answer = answer
    }

    public func present(_ alert: Alert) async -> String? {
        let index: Int = lock.withLock {
            inFlight += 1
            maximumInFlight = max(maximumInFlight, inFlight)
            recorded.append(alert)
            return recorded.count - 1
        }
        let response = answer.choose(alert, index)
        lock.withLock { inFlight -= 1 }
        return response
    }

    /// The alerts presented so far, in order.
    public var alerts: [Alert] { lock.withLock { recorded } }

    /// The most recent alert.
    public var lastAlert: Alert? { lock.withLock { recorded.last } }

    /// How many errors the recorded alerts stand for, counting coalesced bursts.
    public var totalOccurrences: Int { lock.withLock { recorded.reduce(0) { $0 + $1.occurrences } } }

    /// The largest number of alerts that were being presented at the same moment: 1 means none
    /// ever overlapped.
    public var maximumConcurrentPresentations: Int { lock.withLock { maximumInFlight } }

    /// Forgets everything recorded.
    public func reset() {
        lock.withLock {
            recorded.removeAll()
            maximumInFlight = 0
        }
    }
}
