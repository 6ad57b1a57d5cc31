/// What the caller knows about the circumstances of an error, passed along when it is classified:
/// whom the alert is for, metadata for the logs (a request's id, method and path) and, from a server
/// framework, the status and headers the framework itself would answer the error with.
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
/// The framework's facts win over what the pipeline knows: a status in 400–599 becomes the
/// classification's ``Classification/httpStatusOverride`` and the headers are added to its
/// ``Classification/responseHeaders``; an error no classifier knew but the framework gave a client
/// error status (4xx) is classified by that status (code `http.<status>`, with the framework's
/// ``message`` when given) rather than as unexpected.
public struct ClassificationContext: Sendable, Hashable {
    /// Whom an alert is for, which decides whose texts it may show.
    ///
    /// A struct rather than an enum, so that a kind added later breaks no `switch`.
    public struct Audience: Sendable, Hashable, CustomStringConvertible {
        // A number, not a name: a context is passed along the whole chain for every alert.
        private let kind: UInt8
        private init(_ kind: UInt8) { self.kind = kind }

        /// A person at this process: a terminal, a script reading a tool's JSON Lines, the app's own
        /// window. Another library's `LocalizedError` texts are shown, unless
        /// ``AlertPipeline/Configuration/showsForeignLocalizedDescriptions`` is off.
        public static let processUser = Audience(0)
        /// A server's client, across the network. Only texts the app said are meant for users are
        /// shown: another library's `LocalizedError` texts only for the types listed with
        /// ``AlertPipeline/showingTexts(of:code:)``. Every response of ``AlertPipeline/response(for:to:presenter:)``
        /// is made for this audience.
        public static let serverClient = Audience(1)

        public var description: String { kind == 0 ? "processUser" : "serverClient" }
    }

    /// The fields, in one shared object: a context is passed down the whole classifier chain for
    /// every alert, and each link's closure for the rest of the chain captures it, so one reference
    /// costs a fraction of what five fields cost. Immutable: a setter makes a new one.
    private final class Storage: Sendable {
        let audience: Audience
        let metadata: [String: String]
        let httpStatus: Int?
        let responseHeaders: [ResponseHeader]
        let message: String?

        init(
            audience: Audience, metadata: [String: String], httpStatus: Int?, responseHeaders: [ResponseHeader],
            message: String?
        ) {
            self.audience = audience
            self.metadata = metadata
            self.httpStatus = httpStatus
            self.responseHeaders = responseHeaders
            self.message = message
        }

        /// The context of `alert(for:)` without one: shared, so that it is never allocated.
        static let processUser = Storage(
            audience: .processUser, metadata: [:], httpStatus: nil, responseHeaders: [], message: nil)

        func with(
            audience: Audience? = nil, metadata: [String: String]? = nil, httpStatus: Int?? = nil,
            responseHeaders: [ResponseHeader]? = nil, message: String?? = nil
        ) -> Storage {
            Storage(
                audience: audience ?? self.audience, metadata: metadata ?? self.metadata,
                httpStatus: httpStatus ?? self.httpStatus, responseHeaders: responseHeaders ?? self.responseHeaders,
                message: message ?? self.message)
        }
    }

    private var storage: Storage

    /// Whom the alert is for: ``Audience/processUser`` unless said otherwise.
    public var audience: Audience {
        get { storage.audience }
        set { storage = storage.with(audience: newValue) }
    }
    /// String metadata for logs and metrics (`"request.id"`, `"request.method"`, `"request.path"`…).
    /// Never shown to users.
    public var metadata: [String: String] {
        get { storage.metadata }
        set { storage = storage.with(metadata: newValue) }
    }
    /// The HTTP status the framework answers this error with, if it has one of its own.
    public var httpStatus: Int? {
        get { storage.httpStatus }
        set { storage = storage.with(httpStatus: .some(newValue)) }
    }
    /// Headers the framework sends with this error (`Allow`, `Retry-After`, `WWW-Authenticate`…).
    public var responseHeaders: [ResponseHeader] {
        get { storage.responseHeaders }
        set { storage = storage.with(responseHeaders: newValue) }
    }
    /// The framework error's own text for users (Hummingbird's `HTTPError` message, Vapor's
    /// `reason`), used as the message of an error classified by the framework's status. An error's
    /// own text may hold internals: pass it only when the app said these texts are for users.
    public var message: String? {
        get { storage.message }
        set { storage = storage.with(message: .some(newValue)) }
    }

    /// A context; everything is optional, and without arguments it is a person at this process with
    /// no metadata and no framework facts.
    public init(
        audience: Audience = .processUser, metadata: [String: String] = [:], httpStatus: Int? = nil,
        responseHeaders: [ResponseHeader] = [], message: String? = nil
    ) {
        if audience == .processUser, metadata.isEmpty, httpStatus == nil, responseHeaders.isEmpty, message == nil {
            storage = .processUser
        } else {
            storage = Storage(
                audience: audience, metadata: metadata, httpStatus: httpStatus, responseHeaders: responseHeaders,
                message: message)
        }
    }

    public static func == (lhs: ClassificationContext, rhs: ClassificationContext) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.audience == rhs.audience && lhs.metadata == rhs.metadata && lhs.httpStatus == rhs.httpStatus
                && lhs.responseHeaders == rhs.responseHeaders && lhs.message == rhs.message)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(audience)
        hasher.combine(metadata)
        hasher.combine(httpStatus)
        hasher.combine(responseHeaders)
        hasher.combine(message)
    }
}
