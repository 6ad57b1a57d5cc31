public import Foundation

// Foundation bridging: a problem a server answered with describes itself to code that only knows
// LocalizedError (`localizedDescription`, argument-parser, SwiftUI's `.alert(isPresented:error:)`) with
// the texts of its alert, as a FriendlyError does.
extension RemoteProblem: LocalizedError {
    /// The alert's message: the server's `detail` in its language, or the status's generic text in the
    /// process language, from the task's pipeline (``AlertPresentationSystem/pipeline``). Its observers are
    /// not told.
    public var errorDescription: String? { bridgedAlert.message }
    /// The alert's reason, as ``errorDescription`` has it.
    public var failureReason: String? { bridgedAlert.reason }
    /// The alert's suggestion, as ``errorDescription`` has it.
    public var recoverySuggestion: String? { bridgedAlert.suggestion }

    private var bridgedAlert: Alert {
        AlertPresentationSystem.installedPipeline.pipeline.alert(localizing: .ofRemote(self), in: .process)
    }
}
