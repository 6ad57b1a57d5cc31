public import FriendlyErrors

/// How ``FriendlyErrorsMiddleware`` answers and logs errors; options only gain members with defaults.
public struct FriendlyErrorsOptions: Sendable {
    /// Writes problem+json bodies: the `type` base URI and the size limits.
    public var presenter: JSONPresenter
    /// Writes the page a browser gets (`Accept: text/html`); `nil` to answer browsers with problem+json.
    public var htmlPresenter: HTMLPresenter?
    /// Whether a client error's `reason` (`Abort(.conflict, reason: "…")`) is sent as the detail when it says
    /// more than the status's phrase: on, as Vapor documents `reason` for clients; a 5xx's never is.
    public var revealsFrameworkMessages: Bool
    /// Whether every error answered is logged through `req.logger`. On by default.
    public var logsErrors: Bool

    /// Options; the defaults suit production.
    public init(
        presenter: JSONPresenter = JSONPresenter(), htmlPresenter: HTMLPresenter? = HTMLPresenter(),
        revealsFrameworkMessages: Bool = true, logsErrors: Bool = true
    ) {
        self.presenter = presenter
        self.htmlPresenter = htmlPresenter
        self.revealsFrameworkMessages = revealsFrameworkMessages
        self.logsErrors = logsErrors
    }
}
