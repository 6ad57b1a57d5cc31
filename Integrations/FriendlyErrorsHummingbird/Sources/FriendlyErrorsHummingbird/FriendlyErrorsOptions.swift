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
    /// Whether the text a Hummingbird `HTTPError` holds (`HTTPError(.badRequest, message: "…")`) is
    /// sent as the problem's `detail` when no rule of the pipeline knows the error. Off by default:
    /// an error's own text may hold internals, so it reaches users only when the app says its
    /// `HTTPError` messages are written for them. Never inferred from the build configuration.
    public var revealsHTTPErrorMessages: Bool
    /// Whether every error answered is logged through the request's `context.logger`, at the
    /// classification's level. On by default.
    public var logsErrors: Bool

    /// Options; the defaults suit production.
    public init(
        presenter: JSONPresenter = JSONPresenter(), revealsHTTPErrorMessages: Bool = false, logsErrors: Bool = true
    ) {
        self.presenter = presenter
        self.revealsHTTPErrorMessages = revealsHTTPErrorMessages
        self.logsErrors = logsErrors
    }
}
