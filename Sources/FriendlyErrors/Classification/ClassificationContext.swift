/// What the caller knows about the circumstances of an error, passed along when it is classified:
/// whom the alert is for and metadata for the logs (a request's id, method and path).
///
/// ```swift
/// let context = ClassificationContext(
///     audience: .serverClient, metadata: ["request.id": requestID, "request.path": "/orders"])
/// let alert = pipeline.alert(for: error, in: .acceptLanguage(header), context: context)
/// ```
///
/// Every field is visible to the classifiers of the chain (``ErrorClassifier``) and to observers
/// (``ClassificationEvent/context``): nothing about a classification depends on anything else.
///
/// A server framework's own facts about the error (its status, headers and text) are the request's:
/// ``ErrorRequest/frameworkStatus``, ``ErrorRequest/frameworkHeaders`` and
/// ``ErrorRequest/frameworkMessage``, which ``AlertPipeline/response(for:to:writers:)`` hands to the
/// classifiers in the context.
public struct ClassificationContext: Sendable, Hashable {
    /// Whom an alert is for, which decides whose texts it may show.
    ///
    /// A struct rather than an enum, so that a kind added later breaks no `switch`.
    public struct Audience: Sendable, Hashable {
        // A number, not a name: a context is passed along the whole chain for every alert.
        private let kind: UInt8
        private init(_ kind: UInt8) { self.kind = kind }

        /// A person at this process: a terminal, a script reading a tool's JSON Lines, the app's own
        /// window. Another library's `LocalizedError` texts are shown, unless
        /// ``AlertPipeline/Configuration/showsForeignLocalizedDescriptions`` is off.
        public static let processUser = Audience(0)
        /// A server's client, across the network. Only texts the app said are meant for users are
        /// shown: another library's `LocalizedError` texts only for the types listed with
        /// ``AlertPipeline/showingTexts(of:code:)``. Every response of ``AlertPipeline/response(for:to:writers:)``
        /// is made for this audience.
        public static let serverClient = Audience(1)

        package var description: String { kind == 0 ? "processUser" : "serverClient" }
    }

    /// The fields, in one shared object: a context is passed down the whole classifier chain for
    /// every alert, and each link's closure for the rest of the chain captures it, so one reference
    /// costs a fraction of what five fields cost. Immutable: a setter makes a new one.
    private final class Storage: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private struct Fields: Sendable, Hashable {
        var audience: Audience
        var metadata: [String: String]
        var httpStatus: Int?
        var responseHeaders: [ResponseHeader]
        var message: String?

        /// The context of `alert(for:)` without one.
        static let processUser = Fields(
            audience: .processUser, metadata: [:], httpStatus: nil, responseHeaders: [], message: nil)
    }

    /// `nil` for a person at this process with nothing more: the context of `alert(for:)` without one
    /// is then no object at all, so passing it writes no reference count that every thread shares
    /// (issue 45).
    private var storage: Storage?

    private var fields: Fields { storage?.fields ?? .processUser }

    /// Changes one field: a new storage, as others may share this one.
    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = self.fields
        change(&fields)
        storage = Storage(fields)
    }

    /// Whom the alert is for: ``Audience/processUser`` unless said otherwise.
    public var audience: Audience {
        get { storage?.fields.audience ?? .processUser }
        set { update { $0.audience = newValue } }
    }
    /// String metadata for logs and metrics (`"request.id"`, `"request.method"`, `"request.path"`…).
    /// Never shown to users.
    public var metadata: [String: String] {
        get { storage?.fields.metadata ?? [:] }
        set { update { $0.metadata = newValue } }
    }
    /// The HTTP status the framework answers this error with, if it has one of its own (an
    /// ``ErrorRequest``'s ``ErrorRequest/frameworkStatus``).
    package var frameworkStatus: Int? {
        get { storage?.fields.httpStatus }
        set { update { $0.httpStatus = newValue } }
    }
    /// Headers the framework sends with this error (`Allow`, `Retry-After`, `WWW-Authenticate`…).
    package var frameworkHeaders: [ResponseHeader] {
        get { storage?.fields.responseHeaders ?? [] }
        set { update { $0.responseHeaders = newValue } }
    }
    /// The framework error's own text for users (Hummingbird's `HTTPError` message, Vapor's
    /// `reason`), used as the message of an error classified by the framework's status. An error's
    /// own text may hold internals: pass it only when the app said these texts are for users.
    package var frameworkMessage: String? {
        get { storage?.fields.message }
        set { update { $0.message = newValue } }
    }

    /// A person at this process, with no metadata and no framework facts: the context of an alert
    /// asked for without one. Shared, so that passing it costs one reference.
    public static let processUser = ClassificationContext()

    /// A context; everything is optional, and without arguments it is a person at this process with
    /// no metadata.
    public init(audience: Audience = .processUser, metadata: [String: String] = [:]) {
        self.init(audience: audience, metadata: metadata, frameworkStatus: nil, frameworkMessage: nil)
    }

    /// A context with a server framework's facts (an ``ErrorRequest``'s): the status it answers the
    /// error with, its headers and its text for users.
    package init(
        audience: Audience = .processUser, metadata: [String: String] = [:], frameworkStatus: Int?,
        frameworkHeaders: [ResponseHeader] = [], frameworkMessage: String? = nil
    ) {
        let (httpStatus, responseHeaders, message) = (frameworkStatus, frameworkHeaders, frameworkMessage)
        if audience == .processUser, metadata.isEmpty, httpStatus == nil, responseHeaders.isEmpty, message == nil {
            storage = nil
        } else {
            storage = Storage(
                Fields(
                    audience: audience, metadata: metadata, httpStatus: httpStatus, responseHeaders: responseHeaders,
                    message: message))
        }
    }

    public static func == (lhs: ClassificationContext, rhs: ClassificationContext) -> Bool {
        lhs.storage === rhs.storage || lhs.fields == rhs.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields)
    }
}
