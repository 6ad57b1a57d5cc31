/// What the caller knows about the circumstances of an error, passed along when it is classified:
/// metadata for the logs (a request's id, method and path) and, from a server framework, the status
/// and headers the framework itself would answer the error with.
///
/// ```swift
/// let context = ClassificationContext(
///     metadata: ["request.id": requestID, "request.method": "POST", "request.path": "/orders"])
/// let alert = pipeline.alert(for: error, in: .acceptLanguage(header), context: context)
/// ```
///
/// The framework's facts win over what the pipeline knows: a status in 400–599 becomes the
/// classification's ``Classification/httpStatus`` and the headers are added to its
/// ``Classification/responseHeaders``; an error no classifier knew but the framework gave a client
/// error status (4xx) is classified by that status (code `http.<status>`, with the framework's
/// ``message`` when given) rather than as unexpected.
/// Observers see the final classification with this context.
public struct ClassificationContext: Sendable, Hashable {
    /// String metadata for logs and metrics (`"request.id"`, `"request.method"`, `"request.path"`…).
    /// Never shown to users.
    public var metadata: [String: String]
    /// The HTTP status the framework answers this error with, if it has one of its own.
    public var httpStatus: Int?
    /// Headers the framework sends with this error (`Allow`, `Retry-After`, `WWW-Authenticate`…).
    public var responseHeaders: [ResponseHeader]
    /// The framework error's own text for users (Hummingbird's `HTTPError` message, Vapor's
    /// `reason`), used as the message of an error classified by the framework's status. An error's
    /// own text may hold internals: pass it only when the app said these texts are for users.
    public var message: String?

    /// A context; everything is optional.
    public init(
        metadata: [String: String] = [:], httpStatus: Int? = nil, responseHeaders: [ResponseHeader] = [],
        message: String? = nil
    ) {
        self.metadata = metadata
        self.httpStatus = httpStatus
        self.responseHeaders = responseHeaders
        self.message = message
    }

    /// No metadata and no framework facts.
    public static let none = ClassificationContext()
}
