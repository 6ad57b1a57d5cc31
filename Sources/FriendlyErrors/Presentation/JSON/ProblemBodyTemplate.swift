/// A problem details object written once for an alert, with a gap where its `instance` goes: the
/// only member that differs between two responses for the same alert.
///
/// A server answers the same few errors over and over (a missing route, a rejected token, a rate
/// limit), and writing the object again — the type URI, every text escaped — costs several times
/// more than copying it. The templates of the last ``capacity`` alerts are kept, per thread (the library's one
/// cache of alerts: bounded, and holding no recovery closure), each with the presenter settings it
/// was written with, and one is used only for an equal alert (with the same
/// status) and equal settings: a body made from a template is byte for byte what
/// `body(for:instance:)` writes with the same instance.
struct ProblemBodyTemplate: Sendable {
    /// The instance a template is written with, then replaced: `urn:uuid:` and a UUID, as long as a fresh
    /// instance (45 bytes, none escaped), so a body is as long as its template.
    static let placeholderInstance = "urn:uuid:00000000-0000-4000-8000-000000000000"
    /// The most templates kept.
    static let capacity = 16
    /// The largest body kept as a template; larger ones are written whole each time.
    static let maximumBytes = 4096

    /// The object with the placeholder instance.
    let bytes: [UInt8]
    /// Where the instance's value is in ``bytes``, its quotes included.
    let instance: Range<Int>

    /// The object with a fresh instance (see `newInstance()`): the template's bytes up to and with the
    /// placeholder's opening quote and `urn:uuid:`, a fresh UUID, and the rest from the placeholder's closing
    /// quote on — the only bytes written one by one are the UUID's.
    func body() -> [UInt8] {
        var body = bytes
        RandomUUID.overwrite(&body, at: instance.lowerBound + Self.uuidStart)
        return body
    }

    /// Where the UUID starts in the quoted placeholder: after `"urn:uuid:`, 10 bytes.
    private static let uuidStart = 10

    /// The template for `alert` written by `presenter`: a recent one, or a new one kept for next time.
    static func cached(for alert: Alert, presenter: JSONPresenter) -> ProblemBodyTemplate {
        let status = alert.httpStatus
        let found = recent.withLock { recent -> ProblemBodyTemplate? in
            // Alerts compare categories by name; the status written comes from the category too.
            recent.entries.first { $0.matches(alert, status, presenter) }?.template
        }
        if let found { return found }
        let template = presenter.template(for: alert)
        if template.bytes.count <= maximumBytes {
            let entry = Entry(
                alert: Self.inert(alert), status: status, settings: Settings(presenter), template: template)
            recent.withLock { $0.keep(entry) }
        }
        return template
    }

    /// `alert` as kept for comparison: its recoveries' closures, and whatever they capture, are not
    /// kept alive by the cache; a stand-in that captures nothing keeps each action's equality.
    private static func inert(_ alert: Alert) -> Alert {
        guard alert.actions.contains(where: \.isRecovery) else { return alert }
        var kept = alert
        kept.actions = alert.actions.map { action in
            AlertAction(
                id: action.id, label: action.label, role: action.role, href: action.href,
                perform: action.isRecovery ? inertPerform : nil)
        }
        return kept
    }

    private static let inertPerform: @Sendable () async throws -> RecoveryOutcome = { .done }

    /// What of a presenter changes the bytes of a problem details object.
    private struct Settings: Equatable, Sendable {
        var typeBaseURI: String?
        var limits: PresenterLimits
        var revealsFilePaths: Bool

        init(_ presenter: JSONPresenter) {
            typeBaseURI = presenter.typeBaseURI
            limits = presenter.limits
            revealsFilePaths = presenter.revealsFilePaths
        }

        /// Whether `presenter` has these settings: compared without copying them out of it.
        func matches(_ presenter: JSONPresenter) -> Bool {
            revealsFilePaths == presenter.revealsFilePaths && limits == presenter.limits
                && typeBaseURI == presenter.typeBaseURI
        }
    }

    /// A class: the list's entries are compared where they are, an array of structs would copy each
    /// one out first (its alert: every text retained and released).
    private final class Entry: Sendable {
        let alert: Alert
        let status: Int
        let settings: Settings
        let template: ProblemBodyTemplate

        init(alert: Alert, status: Int, settings: Settings, template: ProblemBodyTemplate) {
            self.alert = alert
            self.status = status
            self.settings = settings
            self.template = template
        }

        /// Whether this entry is for `alert` with `status`, written by `presenter`: the cheap members first.
        func matches(_ alert: Alert, _ status: Int, _ presenter: JSONPresenter) -> Bool {
            self.status == status && settings.matches(presenter) && self.alert == alert
        }
    }

    /// The templates kept, the oldest replaced first.
    private struct Recent {
        var entries: [Entry] = []
        var next = 0

        mutating func keep(_ entry: Entry) {
            if entries.count < ProblemBodyTemplate.capacity {
                entries.append(entry)
            } else {
                entries[next] = entry
                next = (next + 1) % ProblemBodyTemplate.capacity
            }
        }
    }

    /// Each thread's own (``ThreadLocalValue``): threads answering at once take no lock and share no
    /// template (issue 35).
    private static let recent = ThreadLocalValue { Recent() }
}
