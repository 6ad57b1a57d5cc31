/// What a recovery achieved, which decides what happens next.
public enum RecoveryOutcome: String, Sendable, Hashable {
    /// The cause is fixed: the failed operation may run again and should now succeed.
    case recovered
    /// Run the failed operation again as it was (a transient failure).
    case retry
    /// The recovery did what there was to do; nothing runs again.
    case done
}

/// A way out of a failure that the user can choose: a label, whether it destroys something, and the
/// code that runs when it is chosen.
///
/// ```swift
/// Recovery(id: "createDefault", label: "Create a default configuration") {
///     try await Config.writeDefault(to: path)
///     return .recovered
/// }
/// ```
///
/// The closure runs at most once per presentation. If it throws, the thrown error goes through the
/// same pipeline and becomes a new alert: nothing is lost and nothing crashes.
///
/// A recovery can also carry a link (``href``) that a presenter able to follow one offers — a web
/// page writes it as the action's link, problem+json as the action's `href`:
///
/// ```swift
/// Recovery.link(id: "signIn", label: "Sign in", href: "/login")
/// ```
public struct Recovery: Sendable, Identifiable {
    /// The stable identifier of the action, never localized (`"createDefault"`); JSON output and
    /// scripted tests refer to it.
    public let id: String
    /// The button label. Without a key it is looked up as `<code>.action.<id>`.
    public var label: LocalizableText
    /// Whether the recovery destroys or discards something; such an action is styled as
    /// destructive and is never the one picked by pressing Enter.
    public var isDestructive: Bool
    /// A link that carries out the recovery where the alert is shown on a page or sent to a client
    /// (`"/login"`, `"https://status.example.com"`), or `nil`.
    ///
    /// Only an absolute `http` or `https` URL with a host, or a relative reference (a path, query or
    /// fragment, with no scheme and not starting with `//`) is ever written out; any other value —
    /// `javascript:`, `data:`, another scheme, one holding whitespace, a control character or a
    /// backslash — is dropped when the alert is made (``AlertAction/href`` is `nil`).
    public var href: String?
    /// The work to do when the user chooses this recovery.
    public let perform: @Sendable () async throws -> RecoveryOutcome
    /// Whether this is ``retry(label:)``'s recovery, whose action is always the same: an alert in a
    /// language whose catalog has its label takes a prebuilt action (see ``isStockRetryOffer``).
    let isStockRetry: Bool

    /// A recovery with a stable id, a label, optionally a link, and the code to run.
    public init(
        id: String,
        label: LocalizableText,
        isDestructive: Bool = false,
        href: String? = nil,
        perform: @escaping @Sendable () async throws -> RecoveryOutcome
    ) {
        self.init(id: id, label: label, isDestructive: isDestructive, href: href, isStockRetry: false, perform: perform)
    }

    init(
        id: String, label: LocalizableText, isDestructive: Bool, href: String?, isStockRetry: Bool,
        perform: @escaping @Sendable () async throws -> RecoveryOutcome
    ) {
        self.id = id
        self.label = label
        self.isDestructive = isDestructive
        self.href = href
        self.isStockRetry = isStockRetry
        self.perform = perform
    }

    /// Whether this recovery is the stock retry as ``retry(label:)`` made it, with its label still
    /// the catalog's `action.retry` and nothing else changed: its action in a language is always the
    /// same, so a catalog builds it once per language.
    var isStockRetryOffer: Bool {
        isStockRetry && !isDestructive && href == nil && label.key == Self.retryLabelKey && label.arguments.isEmpty
    }

    /// The catalog key of the stock retry's label.
    static let retryLabelKey = "action.retry"

    /// A recovery that is only a way to go somewhere: a link (``href``) for presenters that can follow
    /// one, and nothing to run where none can (choosing it answers ``RecoveryOutcome/done``).
    ///
    /// ```swift
    /// var recoveries: [Recovery] {
    ///     [.link(id: "signIn", label: "Sign in", href: "/login?next=%2Fcart")]
    /// }
    /// ```
    public static func link(id: String, label: LocalizableText, href: String) -> Recovery {
        Recovery(id: id, label: label, href: href) { .done }
    }

    /// The stock "Try Again" recovery: it asks the caller to run the failed operation again.
    public static func retry(label: LocalizableText = LocalizableText(key: "action.retry", default: "Try Again"))
        -> Recovery
    {
        Recovery(id: "retry", label: label, isDestructive: false, href: nil, isStockRetry: true) { .retry }
    }
}
