public import FriendlyErrors

/// How ``FriendlyErrorsMiddleware`` answers and logs errors. Every setting has a production-safe
/// default; options only ever gain members with defaults, so code that sets some keeps compiling.
///
/// ```swift
/// let options = FriendlyErrorsOptions(presenter: JSONPresenter(typeBaseURI: "https://errors.example.com/"))
/// ```
public struct FriendlyErrorsOptions: Sendable {
    /// Writes problem+json bodies: the `type` base URI and the size limits.
    public var presenter: JSONPresenter
    /// Whether an `AbortError`'s `reason` is sent as the problem's `detail` for a client error (4xx)
    /// that no rule of the pipeline knows. On by default: Vapor documents `reason` as text for the
    /// client (`Abort(.notFound, reason: "No such order.")`). A reason that is only the status's phrase
    /// ("Not Found") is never sent; the localized text of the status's category is. Turn this off
    /// when the app's reasons are not written for its users. Server errors' (5xx) reasons are never
    /// sent: they are logged.
    public var sendsAbortReasons: Bool
    /// Whether every error answered is logged through the request's `req.logger`. On by default.
    public var logsErrors: Bool

    /// Options; the defaults suit production.
    public init(presenter: JSONPresenter = JSONPresenter(), sendsAbortReasons: Bool = true, logsErrors: Bool = true) {
        self.presenter = presenter
        self.sendsAbortReasons = sendsAbortReasons
        self.logsErrors = logsErrors
    }
}
