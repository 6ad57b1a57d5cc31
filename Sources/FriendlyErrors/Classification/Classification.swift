/// What the pipeline knows about an error before it is put into words for one language: its code,
/// category and severity, its texts as localizable values, its recoveries.
///
/// Classifiers return one; ``AlertPipeline`` then localizes it into an ``Alert``. It holds nothing of
/// the original error's own text unless the app opted into debug details.
public struct Classification: Sendable {
    /// The stable dotted code (`"file.notFound"`).
    public var code: String
    /// What kind of failure it is.
    public var category: ErrorCategory
    /// How serious it is.
    public var severity: Severity
    /// The headline; without a key and default it is `<code>.title`, then the category's title.
    public var title: LocalizableText
    /// What happened; without a key and default it is `<code>.message`, then the category's message.
    public var message: LocalizableText
    /// Why it happened; left out when it resolves to nothing.
    public var reason: LocalizableText
    /// What to do; left out when it resolves to nothing.
    public var suggestion: LocalizableText
    /// The recoveries offered, in the app's order (the alert orders them after the HIG).
    public var recoveries: [Recovery]
    /// An HTTP status the error already carries (a framework's 404), which wins over the category's.
    public var httpStatus: Int?
    /// The status a command-line tool ends with when this error ends it, which wins over the
    /// category's (kept within 1…125; see ``FriendlyMain``).
    public var exitStatus: Int32?
    /// The places in files the error is about, each shown with an excerpt on the console.
    public var locations: [FileLocation]
    /// The reference ID of an unexpected error, shown to the user and given to observers.
    public var referenceID: String?
    /// Whether no classifier knew the error and the fallback answered.
    public var isUnexpected: Bool
    /// The error's own description, only when the pipeline was configured to include debug details.
    public var debugDetail: String?

    /// A classification; texts without keys derive them from `code`.
    public init(
        code: String,
        category: ErrorCategory,
        severity: Severity = .error,
        title: LocalizableText = LocalizableText(),
        message: LocalizableText = LocalizableText(),
        reason: LocalizableText = LocalizableText(),
        suggestion: LocalizableText = LocalizableText(),
        recoveries: [Recovery] = [],
        httpStatus: Int? = nil,
        exitStatus: Int32? = nil,
        locations: [FileLocation] = []
    ) {
        self.code = code
        self.category = category
        self.severity = severity
        self.title = title
        self.message = message
        self.reason = reason
        self.suggestion = suggestion
        self.recoveries = recoveries
        self.httpStatus = httpStatus
        self.exitStatus = exitStatus
        self.locations = locations
        self.referenceID = nil
        self.isUnexpected = false
        self.debugDetail = nil
    }

    /// The classification of an app's own ``FriendlyError``.
    public init(_ error: some FriendlyError) {
        // Assigned field by field rather than through the memberwise initializer: this runs for every
        // alert of an app's own error, and delegating made the compiler copy and destroy a whole
        // temporary classification.
        code = error.code
        category = error.category
        severity = error.severity
        title = error.title
        message = error.message
        reason = error.reason
        suggestion = error.suggestion
        recoveries = error.recoveries
        httpStatus = nil
        exitStatus = nil
        locations = error.locations
        referenceID = nil
        isUnexpected = false
        debugDetail = nil
    }
}
