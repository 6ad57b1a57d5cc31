import Foundation

// Foundation bridging: every FriendlyError describes itself to code that only knows
// LocalizedError and RecoverableError, in the process language, with the catalog of the
// bootstrapped pipeline (AlertPresentationSystem), so the app's own catalog texts appear too.
extension FriendlyError {
    /// The alert's message, in the process language.
    public var errorDescription: String? { bridgedAlert.message }
    /// The alert's reason, in the process language.
    public var failureReason: String? { bridgedAlert.reason }
    /// The alert's suggestion, in the process language.
    public var recoverySuggestion: String? { bridgedAlert.suggestion }

    /// The labels of the recoveries, in order.
    public var recoveryOptions: [String] {
        bridgedAlert.actions.filter(\.isRecovery).map(\.label)
    }

    /// Runs the recovery at `recoveryIndex` of ``recoveryOptions`` and answers whether it fixed the
    /// problem (`.recovered` or `.retry`).
    ///
    /// Foundation's protocol is synchronous, so this blocks the calling thread until the async
    /// recovery finishes: call it from a thread of your own, not from a task. Prefer
    /// ``AlertPipeline/present(_:locale:)``, which runs recoveries asynchronously.
    public func attemptRecovery(optionIndex recoveryIndex: Int) -> Bool {
        let recoveries = bridgedAlert.actions.filter(\.isRecovery)
        guard recoveries.indices.contains(recoveryIndex), let perform = recoveries[recoveryIndex].perform else {
            return false
        }
        let result = RecoveryResultBox()
        let semaphore = DispatchSemaphore(value: 0)
        Task.detached {
            let outcome = try? await perform()
            result.set(outcome == .recovered || outcome == .retry)
            semaphore.signal()
        }
        semaphore.wait()
        return result.value
    }

    private var bridgedAlert: Alert {
        let pipeline = AlertPresentationSystem.pipeline
        return AlertLocalizer(catalog: pipeline.catalog).alert(
            for: Classification(self), chain: pipeline.catalog.languageOrdinals(for: .process))
    }
}

/// Hands a recovery's answer from the task that ran it to the thread waiting for it.
private final class RecoveryResultBox: @unchecked Sendable {
    // Written once by the task before it signals the semaphore, read after the wait returns: the
    // semaphore orders the two accesses, so no lock is needed.
    private var stored = false
    func set(_ value: Bool) { stored = value }
    var value: Bool { stored }
}
