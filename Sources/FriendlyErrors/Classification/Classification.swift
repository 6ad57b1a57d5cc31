/// What the pipeline knows about an error before it is put into words for one language: its code,
/// category and severity, its texts as localizable values, its recoveries.
///
/// Classifiers return one; ``AlertPipeline`` then localizes it into an ``Alert``. It holds nothing of
/// the original error's own text unless the app opted into debug details.
public struct Classification: Sendable {
    /// The stable dotted code (`"file.notFound"`).
    public var code: String {
        didSet { knownCode = nil }
    }
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
    /// An HTTP status the error already carries (a framework's 404), which wins over the category's
    /// when it is in 400–599; ``httpStatus`` is the one a response is sent with.
    package var httpStatusOverride: Int?
    /// The status a command-line tool ends with when this error ends it, which wins over the
    /// category's; ``exitStatus`` is the one the tool ends with.
    package var exitStatusOverride: Int32?
    /// The place in a file the error is about, shown with an excerpt on the console. Several places:
    /// one per field problem (``FieldProblem/location``).
    public var location: FileLocation?
    /// The reference ID of an unexpected error, shown to the user and given to observers. Only the
    /// pipeline's fallback sets it.
    public internal(set) var referenceID: String?
    /// Whether no classifier knew the error and the fallback answered. Only the fallback sets it, so
    /// no classifier can pass itself off as the fallback.
    public internal(set) var isUnexpected: Bool
    /// The error's own description, only when the pipeline was configured to include debug details.
    package var debugDetail: String?
    /// Headers a response for this error carries (`Retry-After`, `WWW-Authenticate`, `Allow`,
    /// `Location`), from the error, a rule or the framework.
    public var responseHeaders: [ResponseHeader]
    /// Problems with single parts of the request or file (fields, JSON pointers), in order.
    public var fieldProblems: [FieldProblem]
    /// The level the error or a rule set, which wins over the default; ``logLevel`` is the one the
    /// error is logged at.
    package var logLevelOverride: LogLevel?
    /// The ordinal of the built-in entry this classification was made from (a Foundation error's,
    /// the fallback's), while its code is still that entry's: the alert finds the code's texts by
    /// it without hashing the code. Set by the library only; a new code clears it.
    var knownCode: Int? = nil
    /// The language the texts already are in, for an error whose texts are finished elsewhere (a
    /// ``RemoteProblem``'s, from a server): the alert is put in it, so its labels match its texts.
    var textLanguage: String? = nil

    /// How loud this error is in an operator's log: the level the error or a rule set, else the
    /// default from the category, severity and status: 4xx at `notice` or below, 5xx at `error`,
    /// cancellations at `debug`. Setting it sets the error's own level.
    public var logLevel: LogLevel {
        get { logLevelOverride ?? LogLevel.default(category: category, severity: severity, httpStatus: httpStatus) }
        set { logLevelOverride = newValue }
    }

    /// The status a response for this classification is sent with: its own (the error's, a rule's, a
    /// framework's) in 400–599, else its category's. Setting it gives the classification its own
    /// status; one outside 400–599 leaves the category's.
    public var httpStatus: Int {
        get {
            if let status = httpStatusOverride, (400...599).contains(status) { return status }
            return category.httpStatus
        }
        set { httpStatusOverride = newValue }
    }

    /// The status a command-line tool ends with when this error ends it: its own, else the
    /// category's (sysexits.h), always within 1…125 (anything else becomes 1). Setting it gives the
    /// classification its own status.
    public var exitStatus: Int32 {
        get { ExitStatusRange.failure(exitStatusOverride ?? category.exitStatus) }
        set { exitStatusOverride = newValue }
    }
}

extension Classification {
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
        responseHeaders: [ResponseHeader] = [],
        fieldProblems: [FieldProblem] = [],
        logLevel: LogLevel? = nil,
        exitStatus: Int32? = nil,
        location: FileLocation? = nil
    ) {
        self.init(
            code: code, category: category, severity: severity, title: title, message: message, reason: reason,
            suggestion: suggestion, recoveries: recoveries, httpStatusOverride: httpStatus,
            exitStatusOverride: exitStatus, location: location, referenceID: nil, isUnexpected: false,
            debugDetail: nil, responseHeaders: responseHeaders, fieldProblems: fieldProblems,
            logLevelOverride: logLevel)
    }

    /// The classification of an app's own ``FriendlyError``.
    public init(_ error: some FriendlyError) {
        self = .of(error)
    }

    /// The classification of an app's own error, as the pipeline makes it for every alert of one.
    ///
    /// A function that calls the memberwise initializer (these initializers are in an extension so
    /// that it exists): an initializer that assigns the fields, or delegates, builds the
    /// classification in a temporary and copies it out, retaining and releasing every field once more.
    static func of(_ error: some FriendlyError) -> Classification {
        return Classification(
            code: error.code, category: error.category, severity: error.severity, title: error.title,
            message: error.message, reason: error.reason, suggestion: error.suggestion, recoveries: error.recoveries,
            httpStatusOverride: nil, exitStatusOverride: nil, location: error.location, referenceID: nil,
            isUnexpected: false, debugDetail: nil, responseHeaders: error.responseHeaders,
            fieldProblems: error.fieldProblems, logLevelOverride: nil)
    }

    /// The classification of a problem a server answered with (the built-in rule for ``RemoteProblem``,
    /// in `FoundationErrorClassifier`, as for `URLError`): its reference ID (the server's, so that the
    /// alert shows it), its status, and the language its texts are in.
    @inline(never)
    static func ofRemote(_ remote: RemoteProblem) -> Classification {
        var classification = Classification(
            code: remote.code, category: remote.category, severity: remote.severity, title: remote.titleText,
            message: remote.message, reason: remote.reason, suggestion: remote.suggestion,
            recoveries: remote.recoveries,
            httpStatusOverride: (400...599).contains(remote.status) ? remote.status : nil, exitStatusOverride: nil,
            location: nil, referenceID: remote.referenceID, isUnexpected: false, debugDetail: nil,
            responseHeaders: remote.responseHeaders, fieldProblems: remote.fieldProblems, logLevelOverride: nil)
        classification.textLanguage = remote.language
        return classification
    }
}
