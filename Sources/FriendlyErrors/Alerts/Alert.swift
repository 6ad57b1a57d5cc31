/// A failure put into words for one language, with the choices the user has: the value every
/// presenter receives.
///
/// An alert holds no reference to the error it came from and none of that error's own text (unless
/// the app opted into debug details), so it can be logged, sent and stored safely. It compares by
/// value; recovery closures compare by their action's id.
///
/// Its actions follow Apple's Human Interface Guidelines:
/// - a **confirmation** has one action, OK;
/// - a **suggestion** has one recovery and Cancel: a destructive recovery first and Cancel second,
///   a non-destructive one after Cancel;
/// - a **choice list** (more than two choices) has destructive recoveries first, then the others in
///   the app's order, then exactly one Cancel.
public struct Alert: Sendable, Hashable {
    /// The shape of an alert's choices, after Apple's Human Interface Guidelines.
    package enum Kind: String, Sendable, Hashable {
        /// One action (OK): the user can only acknowledge.
        case confirmation
        /// One recovery and Cancel.
        case suggestion
        /// More than two choices, exactly one of them Cancel (the HIG's action sheet).
        case choiceList
    }

    /// The stable dotted code (`"file.notFound"`), never localized.
    public var code: String
    /// What kind of failure it is.
    public var category: ErrorCategory
    /// How serious it is.
    public var severity: Severity
    /// The headline, in ``language``.
    public var title: String
    /// What happened, in ``language``.
    public var message: String
    /// Why it happened, if known.
    public var reason: String?
    /// What the user can do, if anything.
    public var suggestion: String?
    /// The reference ID of an unexpected error, which also went to the observers and logs.
    ///
    /// Eight base32 characters in two groups (`7K3Q-9X2M`). No ID repeats within a process for its
    /// first 2^40 IDs, and another process's IDs cannot be guessed from it; it is not a secret, so
    /// it never serves as an access token, and IDs of different processes may coincide.
    public var referenceID: String?
    /// Whether no classifier knew the error and the pipeline's fallback answered: the alert is
    /// generic, carries a ``referenceID`` and has no problem type of its own.
    ///
    /// Only the pipeline sets it (an alert made with the initializer is never unexpected), so no
    /// error or classifier can pass itself off as the fallback.
    public internal(set) var isUnexpected: Bool
    /// The choices, in presentation order (see the type's documentation).
    public var actions: [AlertAction]
    /// The catalog language the texts are in (`"ja"`, `"pt-BR"`).
    public var language: String
    /// How many identical alerts (same code and message) this one stands for; more than 1 when a
    /// burst was coalesced.
    public var occurrences: Int
    /// An HTTP status the error carried itself (a framework's 404); `nil` to use the category's.
    package var httpStatusOverride: Int?
    /// An exit status the error carried itself (``ExitStatusProviding``, ``Classification/exitStatus``);
    /// `nil` to use the category's.
    package var exitStatusOverride: Int32?
    /// The place in a file the error is about: the console shows it with an excerpt, the JSON
    /// presenter its line and column (see ``FileLocation``). Several places: one per field problem
    /// (``FieldProblem/location``).
    public var location: FileLocation?
    /// The error's own description, present only when the app opted into debug details.
    public var debugDetail: String?
    /// The labels and prompts a presenter adds, from the alert's catalog in ``language``.
    package var presenterTexts: PresenterTexts
    /// Problems with single parts of the request or file, in ``language``, in the error's order.
    public var fieldProblems: [FieldProblem]
    /// Headers a response for this alert carries (`Retry-After`, `WWW-Authenticate`, `Allow`,
    /// `Location`), cleaned of CR, LF, NUL and every other control character.
    public var responseHeaders: [ResponseHeader]

    /// The shape of the alert's choices.
    package var kind: Kind {
        switch actions.count {
        case 0, 1: .confirmation
        case 2: .suggestion
        default: .choiceList
        }
    }

    /// The HTTP status for this alert: the error's own, else the category's (always 4xx or 5xx).
    /// Setting it gives the alert its own status; one outside 400–599 leaves the category's.
    public var httpStatus: Int {
        get {
            if let status = httpStatusOverride, (400...599).contains(status) { return status }
            return category.httpStatus
        }
        set { httpStatusOverride = newValue }
    }

    /// The status a command-line tool ends with when this alert is the last word: the error's own,
    /// else the category's (sysexits.h), always within 1…125 (anything else becomes 1). Setting it
    /// gives the alert its own status.
    public var exitStatus: Int32 {
        get { ExitStatusRange.failure(exitStatusOverride ?? category.exitStatus) }
        set { exitStatusOverride = newValue }
    }

    /// The action with the given id.
    public func action(id: String) -> AlertAction? {
        actions.first { $0.id == id }
    }

    /// The Cancel action, if the alert has one.
    public var cancelAction: AlertAction? {
        actions.first { $0.role == .cancel }
    }

}

extension Alert {
    /// An alert; actions are kept in the order given (a pipeline's alerts are in the HIG order:
    /// destructive first, one cancel). Without `actions` it is a confirmation with one OK, labelled in
    /// `language` (presenters label it with the built-in texts in `language`); without `httpStatus` or
    /// `exitStatus`, its category's.
    ///
    /// ```swift
    /// let alert = Alert(code: "sync.paused", category: .unavailable, title: "Sync paused", message: "Try again later.")
    /// ```
    public init(
        code: String,
        category: ErrorCategory,
        severity: Severity = .error,
        title: String,
        message: String,
        reason: String? = nil,
        suggestion: String? = nil,
        referenceID: String? = nil,
        actions: [AlertAction]? = nil,
        language: String = "en",
        occurrences: Int = 1,
        httpStatus: Int? = nil,
        exitStatus: Int32? = nil,
        location: FileLocation? = nil,
        debugDetail: String? = nil,
        fieldProblems: [FieldProblem] = [],
        responseHeaders: [ResponseHeader] = []
    ) {
        // The memberwise initializer, which the pipeline calls too: an initializer that assigns the fields
        // one by one builds the alert in a temporary and copies it out, retaining every field once more.
        let texts = PresenterTexts(builtInLanguage: language)
        let actions =
            actions ?? [AlertAction(id: AlertAction.okID, label: texts.text("action.ok") ?? "OK", role: .default)]
        self.init(
            code: code, category: category, severity: severity, title: title, message: message, reason: reason,
            suggestion: suggestion, referenceID: referenceID, isUnexpected: false, actions: actions,
            language: language, occurrences: occurrences, httpStatusOverride: httpStatus,
            exitStatusOverride: exitStatus, location: location, debugDetail: debugDetail,
            presenterTexts: texts, fieldProblems: fieldProblems, responseHeaders: responseHeaders)
    }
}
