/// Shows an ``Alert`` to someone — a terminal, a response body, a test's recording — and answers
/// which of its actions was chosen.
///
/// ```swift
/// struct SlackPresenter: AlertPresenter {
///     func present(_ alert: Alert) async -> AlertResponse {
///         await slack.post("\(alert.title): \(alert.message)")
///         return .dismissed
///     }
/// }
/// ```
///
/// Rules an implementer keeps:
/// - Take everything from the one ``Alert`` value: new fields are added to it, never to this
///   protocol, so presenters never break.
/// - Do not run recovery closures: answer the chosen action's id; the pipeline runs it exactly once.
/// - Never throw or crash on output failures (a closed pipe, a full disk): present as much as possible.
/// - Treat every text as untrusted: escape what your medium interprets (terminal escapes, HTML).
/// - Answer only with ids of the alert's own actions; an unknown id counts as dismissed.
public protocol AlertPresenter: Sendable {
    /// Shows `alert` and answers which action, if any, was chosen.
    func present(_ alert: Alert) async -> AlertResponse
}

/// What a presenter answers: the action the user chose, or none.
public struct AlertResponse: Sendable, Hashable {
    /// The id of the chosen action; `nil` when the alert was only shown or dismissed.
    public var chosenActionID: String?

    /// A response choosing the action with `id`: `return .choose("retry")`.
    public static func choose(_ id: String) -> AlertResponse { AlertResponse(chosenActionID: id) }

    /// A response choosing nothing: shown only, or dismissed.
    public static let dismissed = AlertResponse(chosenActionID: nil)

    /// A response with the given chosen action id.
    public init(chosenActionID: String?) {
        self.chosenActionID = chosenActionID
    }
}
