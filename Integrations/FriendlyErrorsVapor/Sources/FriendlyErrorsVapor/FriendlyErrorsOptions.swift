public import FriendlyErrors

/// How ``FriendlyErrorsMiddleware`` answers and logs errors; options only gain members with defaults.
public struct FriendlyErrorsOptions: Sendable {
    /// Write the response's body, the one `Accept` prefers (the first when it names none): by default
    /// problem+json, the page a browser gets (`Accept: text/html`) and plain text. Pass your own to set
    /// the `type` base URI (`JSONPresenter(typeBaseURI:)`), a page's home, title suffix and brand
    /// (`HTMLPresenter(home:titleSuffix:brand:)`), to leave pages out, or to answer with a page of your
    /// own template (a `ErrorBodyWriter`).
    public var writers: [any ErrorBodyWriter]
    /// Whether a client error's `reason` (`Abort(.conflict, reason: "…")`) is sent as the detail when it says
    /// more than the status's phrase: on, as Vapor documents `reason` for clients; a 5xx's never is.
    public var revealsFrameworkMessages: Bool
    /// Whether every error answered is logged through `req.logger`. On by default.
    public var logsErrors: Bool

    /// Options; the defaults suit production.
    public init(
        writers: [any ErrorBodyWriter] = .standard, revealsFrameworkMessages: Bool = true,
        logsErrors: Bool = true
    ) {
        self.writers = writers
        self.revealsFrameworkMessages = revealsFrameworkMessages
        self.logsErrors = logsErrors
    }
}
