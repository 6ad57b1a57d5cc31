import Foundation

// Foundation bridging: every FriendlyError describes itself to code that only knows
// LocalizedError, and offers its recoveries without blocking a thread.
extension FriendlyError {
    /// The alert's message, for code that only knows Foundation's `LocalizedError` (and so for
    /// `localizedDescription`, argument-parser and SwiftUI's `.alert(isPresented:error:)`).
    ///
    /// It is put into words by the task's pipeline (``AlertPresentationSystem/pipeline``: the
    /// task's override, else the bootstrapped one, else `AlertPipeline()`), so the app's own
    /// catalog texts appear, in the process language (``LanguagePreference/process``: `LANGUAGE`,
    /// `LC_ALL`, `LC_MESSAGES`, `LANG`). Only this text is looked up, not the whole alert.
    public var errorDescription: String? { bridgedText(.message) }
    /// The alert's reason, from the same pipeline and language as ``errorDescription``.
    public var failureReason: String? { bridgedText(.reason) }
    /// The alert's suggestion, from the same pipeline and language as ``errorDescription``.
    public var recoverySuggestion: String? { bridgedText(.suggestion) }

    /// The alert's message, as Foundation's `localizedDescription` would answer it (the same text as
    /// ``errorDescription``), without the trip through `NSError`.
    ///
    /// Where the error's type is known (`catch let error as StorageError`, a test), Swift picks this
    /// property over Foundation's: it looks up one text. Through `any Error`, Foundation's own
    /// `localizedDescription` answers the same text, after bridging the error to an `NSError` and
    /// asking it for every `LocalizedError` and `RecoverableError` property.
    public var localizedDescription: String { bridgedText(.message) ?? "" }

    /// The labels of the recoveries, in the alert's order, from the same pipeline and language as
    /// ``errorDescription``.
    public var recoveryOptions: [String] {
        // Foundation asks for these whenever it describes the error: most errors have none to build.
        if recoveries.isEmpty { return [] }
        return bridgedAlert.actions.filter(\.isRecovery).map(\.label)
    }

    /// Starts the recovery at `recoveryIndex` of ``recoveryOptions`` and calls `resultHandler` once it
    /// ends, with whether it fixed the problem (`.recovered` or `.retry`); at once with `false` when
    /// there is no such recovery.
    ///
    /// Nothing waits: the recovery runs in a new task and the handler is called from it. (Foundation's
    /// synchronous `RecoverableError.attemptRecovery(optionIndex:)` is not offered: it would have to
    /// block the calling thread until the async recovery ends, which starves Swift's cooperative
    /// pool.) Prefer ``AlertPipeline/present(_:in:)``, which runs recoveries with the alert.
    public func attemptRecovery(
        optionIndex recoveryIndex: Int, resultHandler: @escaping @Sendable (_ recovered: Bool) -> Void
    ) {
        let recoveries = bridgedAlert.actions.filter(\.isRecovery)
        guard recoveries.indices.contains(recoveryIndex), let perform = recoveries[recoveryIndex].perform else {
            resultHandler(false)
            return
        }
        Task {
            let outcome = try? await perform()
            resultHandler(outcome == .recovered || outcome == .retry)
        }
    }

    private func bridgedText(_ field: AlertLocalizer.Field) -> String? {
        let installed = AlertPresentationSystem.installedPipeline
        return installed.localizer.text(field, of: self, chain: installed.processChain)
    }

    private var bridgedAlert: Alert {
        let installed = AlertPresentationSystem.installedPipeline
        return installed.localizer.alert(for: Classification.of(self), chain: installed.processChain)
    }
}
