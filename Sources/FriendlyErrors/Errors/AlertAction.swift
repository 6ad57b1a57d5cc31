/// One choice an alert offers: a stable id, a localized label, a role and, for a recovery, the code
/// that runs when it is chosen.
///
/// Two actions are equal when their id, label, role and link are; the closure is identified by the id.
public struct AlertAction: Sendable, Identifiable, Hashable {
    /// How an action is presented and how presenters treat it.
    public enum Role: String, Sendable, Hashable, Codable {
        /// Dismisses the alert without doing anything; the safe choice, picked by Enter.
        case cancel
        /// An ordinary choice.
        case `default`
        /// A choice that destroys or discards something; never picked by Enter.
        case destructive
    }

    /// The stable id, never localized (`"cancel"`, `"ok"`, `"createDefault"`).
    public let id: String
    /// The label in the alert's language.
    public let label: String
    /// How the action is presented.
    public let role: Role
    /// A link that carries the action out where the alert is shown on a page or sent to a client
    /// (``Recovery/href``): an absolute `http`/`https` URL or a relative reference, never anything
    /// else — an unsafe link given to the initializer is dropped, so this is `nil`.
    public let href: String?
    /// The recovery to run when this action is chosen; `nil` for OK and Cancel.
    public let perform: (@Sendable () async throws -> RecoveryOutcome)?

    /// An action; pass `perform` for one that runs a recovery, `href` for one a browser can follow.
    /// An `href` that is not an absolute `http(s)` URL or a relative reference is dropped.
    public init(
        id: String, label: String, role: Role, href: String? = nil,
        perform: (@Sendable () async throws -> RecoveryOutcome)? = nil
    ) {
        self.id = id
        self.label = label
        self.role = role
        self.href = LinkReference.validated(href)
        self.perform = perform
    }

    /// An action without a recovery whose link the caller checked already (``LinkReference/validated(_:)``):
    /// a page's own Cancel and "Try again", which the initializer would check a second time.
    init(id: String, label: String, role: Role, checkedHref: String) {
        self.id = id
        self.label = label
        self.role = role
        self.href = checkedHref
        self.perform = nil
    }

    /// This action with its label in storage of its own: a thread's copy of a catalog's stock actions
    /// (issue 45).
    var withLabelCopied: AlertAction {
        AlertAction(id: id, label: String(copyingStorageOf: label), role: role, href: href, perform: perform)
    }

    /// Whether choosing this action runs code.
    package var isRecovery: Bool { perform != nil }

    public static func == (lhs: AlertAction, rhs: AlertAction) -> Bool {
        lhs.id == rhs.id && lhs.label == rhs.label && lhs.role == rhs.role && lhs.href == rhs.href
            && lhs.isRecovery == rhs.isRecovery
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(label)
        hasher.combine(role)
        hasher.combine(href)
    }
}

extension AlertAction {
    /// The id of the stock Cancel action.
    package static let cancelID = "cancel"
    /// The id of the stock OK action of a confirmation.
    package static let okID = "ok"
}

extension AlertAction {
    // The one definition of the order of an alert's actions: the localizer, the catalog's shared
    // actions, a page's links and FriendlyErrorsTesting's check all use it.

    /// Orders recoveries and the stock actions after the Human Interface Guidelines: OK alone when
    /// there is no recovery; a destructive recovery before Cancel and a non-destructive one after it;
    /// with more choices, destructive ones first, the rest in the given order, Cancel last.
    package static func orderedActions(for recoveries: [AlertAction], cancel: AlertAction, ok: AlertAction)
        -> [AlertAction]
    {
        switch recoveries.count {
        case 0:
            return [ok]
        case 1:
            return suggestionActions(recoveries[0], cancel: cancel)
        default:
            let destructive = recoveries.filter { $0.role == .destructive }
            let others = recoveries.filter { $0.role != .destructive }
            return destructive + others + [cancel]
        }
    }

    /// A suggestion's two actions: a destructive recovery before Cancel, any other after it.
    /// Inlined, so the localizer's hot path builds the array literal in place.
    @inline(__always)
    static func suggestionActions(_ recovery: AlertAction, cancel: AlertAction) -> [AlertAction] {
        recovery.role == .destructive ? [recovery, cancel] : [cancel, recovery]
    }
}
