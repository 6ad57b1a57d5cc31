import Foundation

// Foundation bridging: every FriendlyError describes itself to code that only knows
// LocalizedError. (Its recoveries are the alert's actions: `AlertPipeline.present(_:in:)` runs them.)
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

    private func bridgedText(_ field: AlertLocalizer.Field) -> String? {
        let installed = AlertPresentationSystem.installedPipeline
        return installed.localizer.text(field, of: self, chain: installed.processChain)
    }
}
