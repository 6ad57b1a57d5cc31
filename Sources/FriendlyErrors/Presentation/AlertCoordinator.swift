/// Shows alerts to one presenter one after another and coalesces bursts.
///
/// Alerts presented at the same time never interleave: each waits for its turn, and the next turn
/// starts only when the previous alert was answered and its recovery ran. While an alert waits, an
/// identical one (same code, message and language) joins it instead of queueing: it is presented
/// once with ``Alert/occurrences`` counting both, and every caller receives the same answer. The
/// chosen recovery runs exactly once, in the task of the caller that queued the alert.
final class AlertCoordinator: Sendable {
    /// What a presentation gave: the alert as shown, the answer, and what its recovery did.
    struct Delivery: Sendable {
        var alert: Alert
        var response: String?
        var recovery: RecoveryRun
        /// Whether this caller joined another caller's alert (and so did not run the recovery).
        var joined = false
    }

    /// What running the chosen recovery gave.
    enum RecoveryRun: Sendable {
        case notRun
        case finished(RecoveryOutcome)
        case failed(any Error)
    }

    private struct CoalescingKey: Hashable {
        var code: String
        var message: String
        var language: String
    }

    private final class Entry: @unchecked Sendable {
        // @unchecked: every stored property is read and written only while holding `state`'s lock.
        var alert: Alert
        var count = 1
        var turnGranted = false
        var turn: CheckedContinuation<Void, Never>?
        var delivery: Delivery?
        var joiners: [CheckedContinuation<Delivery, Never>] = []

        init(alert: Alert) { self.alert = alert }
    }

    private struct State {
        var busy = false
        var queue: [Entry] = []
        var head = 0
        var pending: [CoalescingKey: Entry] = [:]

        mutating func popNext() -> Entry? {
            guard head < queue.count else {
                queue.removeAll(keepingCapacity: true)
                head = 0
                return nil
            }
            let entry = queue[head]
            head += 1
            if head > 64, head * 2 > queue.count {
                queue.removeFirst(head)
                head = 0
            }
            return entry
        }
    }

    /// The presenter alerts go to.
    let presenter: any AlertPresenter
    private let state = LockedValue(State())

    /// Set while a recovery runs, so an alert it presents itself goes straight to the presenter
    /// instead of waiting for the turn its own alert holds.
    @TaskLocal private static var runningRecoveryOf: ObjectIdentifier?

    init(presenter: any AlertPresenter) {
        self.presenter = presenter
    }

    /// Presents `alert` in its turn, runs the chosen recovery once, and answers.
    func present(_ alert: Alert) async -> Delivery {
        if Self.runningRecoveryOf == ObjectIdentifier(self) {
            return await presentNow(alert, count: alert.occurrences)
        }
        let key = CoalescingKey(code: alert.code, message: alert.message, language: alert.language)
        enum Ticket {
            case startNow(Entry)
            case wait(Entry)
            case join(Entry)
        }
        let ticket: Ticket = state.withLock { state in
            if let waiting = state.pending[key] {
                waiting.count += 1
                return .join(waiting)
            }
            let entry = Entry(alert: alert)
            if !state.busy {
                state.busy = true
                return .startNow(entry)
            }
            state.pending[key] = entry
            state.queue.append(entry)
            return .wait(entry)
        }

        let entry: Entry
        switch ticket {
        case .join(let waiting):
            var delivery = await withCheckedContinuation { continuation in
                let ready: Delivery? = state.withLock { _ in
                    if let delivery = waiting.delivery { return delivery }
                    waiting.joiners.append(continuation)
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
            delivery.joined = true
            return delivery
        case .startNow(let started):
            entry = started
        case .wait(let waiting):
            await withCheckedContinuation { continuation in
                let granted = state.withLock { _ in
                    if waiting.turnGranted { return true }
                    waiting.turn = continuation
                    return false
                }
                if granted { continuation.resume() }
            }
            entry = waiting
        }

        let count = state.withLock { _ in entry.count }
        let delivery = await presentNow(entry.alert, count: count)
        finishTurn(of: entry, with: delivery)
        return delivery
    }

    private func presentNow(_ alert: Alert, count: Int) async -> Delivery {
        var shown = alert
        shown.occurrences = count
        let response = await presenter.present(shown)
        guard let id = response, let action = shown.action(id: id) else {
            return Delivery(alert: shown, response: nil, recovery: .notRun)
        }
        guard let perform = action.perform else {
            return Delivery(alert: shown, response: response, recovery: .notRun)
        }
        let run: RecoveryRun
        do {
            run = .finished(try await Self.$runningRecoveryOf.withValue(ObjectIdentifier(self)) { try await perform() })
        } catch {
            run = .failed(error)
        }
        return Delivery(alert: shown, response: response, recovery: run)
    }

    /// Hands the turn to the next waiting alert and the answer to everyone who joined this one.
    private func finishTurn(of entry: Entry, with delivery: Delivery) {
        let (turn, joiners): (CheckedContinuation<Void, Never>?, [CheckedContinuation<Delivery, Never>]) =
            state.withLock { state in
                entry.delivery = delivery
                let joiners = entry.joiners
                entry.joiners = []
                guard let next = state.popNext() else {
                    state.busy = false
                    return (nil, joiners)
                }
                let key = CoalescingKey(
                    code: next.alert.code, message: next.alert.message, language: next.alert.language)
                state.pending[key] = nil
                next.turnGranted = true
                let turn = next.turn
                next.turn = nil
                return (turn, joiners)
            }
        turn?.resume()
        for joiner in joiners { joiner.resume(returning: delivery) }
    }
}
