public import FriendlyErrors

/// How ``FriendlyErrorsMiddleware`` answers and logs errors; options only gain members with defaults.
public struct FriendlyErrorsOptions: Sendable {
    /// Writes problem+json bodies: the `type` base URI and the size limits.
    public var presenter: JSONPresenter
    /// Whether a client error's `reason` (`Abort(.conflict, reason: "…")`) is sent as the detail
    /// when it says more than the status's phrase. On by default: Vapor documents `reason` as text
    /// for clients. A server error's reason never is.
    public var revealsFrameworkMessages: Bool
    /// Whether every error answered is logged through `req.logger`. On by default.
    public var logsErrors: Bool

    /// Options; the defaults suit production.
    public init(
        presenter: JSONPresenter = JSONPresenter(), revealsFrameworkMessages: Bool = true, logsErrors: Bool = true
    ) {
        self.presenter = presenter
        self.revealsFrameworkMessages = revealsFrameworkMessages
        self.logsErrors = logsErrors
    }
}
