/// Shows an ``Alert`` to someone — a terminal, a response body, a test's recording — and answers
/// which of its actions was chosen.
///
/// ```swift
/// struct SlackPresenter: AlertPresenter {
///     func present(_ alert: Alert) async -> String? {
///         await slack.post("\(alert.title): \(alert.message)")
///         return nil   // shown; no action chosen
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
    /// Shows `alert` and answers the id of the action chosen (``AlertAction/id``): `nil` when the
    /// alert was only shown, or dismissed.
    func present(_ alert: Alert) async -> String?
}
