import Foundation

/// Presents alerts in a terminal: a compiler-style headline, the message, reason and help with
/// hanging indents, and — when someone is at the keyboard — a numbered choice of the recoveries.
///
/// ```
/// error: Configuration file not found
///   The configuration file “/tmp/demo/config.toml” couldn't be read.
///   reason: The file doesn't exist.
///   help: Create a default configuration, or pass the path of an existing one with --config.
///
///   1) Cancel
///   2) Create a default configuration
///   Choose [1-2, Enter=1]:
/// ```
///
/// Everything goes to the output (standard error by default) in one write per alert; the prompt's
/// answer comes from the input (standard input by default). Enter picks Cancel, never a
/// destructive action; three invalid answers or the end of input cancel.
public struct ConsolePresenter: AlertPresenter {
    /// Whether the presenter asks the user to choose.
    public struct Interactivity: Sendable, Hashable {
        enum Mode: Hashable { case automatic, always, never }
        let mode: Mode
        /// Ask when standard input and the output are terminals, `TERM` is not `dumb` and `CI` is unset.
        public static let automatic = Interactivity(mode: .automatic)
        /// Always ask (tests feed the answers through the input).
        public static let always = Interactivity(mode: .always)
        /// Never ask: list the options and run nothing.
        public static let never = Interactivity(mode: .never)
    }

    /// Where the alert is written.
    public var output: TextOutput
    /// Where answers are read from: one line per call, `nil` at the end of input.
    public var input: @Sendable () async -> String?
    /// Whether to ask.
    public var interactivity: Interactivity
    /// The catalog for the presenter's own labels (`reason:`, the prompt).
    public var catalog: TranslationCatalog
    /// The environment read for the automatic settings (the process's by default).
    public var environment: [String: String]

    /// A console presenter; by default on standard error, answering from standard input.
    public init(
        output: TextOutput = .standardError,
        input: (@Sendable () async -> String?)? = nil,
        interactivity: Interactivity = .automatic,
        catalog: TranslationCatalog = .builtIn,
        environment: [String: String]? = nil
    ) {
        self.output = output
        self.input = input ?? ConsolePresenter.readStandardInputLine
        self.interactivity = interactivity
        self.catalog = catalog
        self.environment = environment ?? ProcessInfo.processInfo.environment
    }

    public func present(_ alert: Alert) async -> AlertResponse {
        let choices = alert.actions.contains(where: \.isRecovery) ? alert.actions : []
        let asks = !choices.isEmpty && isInteractive
        output.write(render(alert, choices: choices, asking: asks))
        guard asks else { return .dismissed }
        return await ask(alert, choices: choices)
    }

    /// Whether this presenter would ask, given its settings and the environment.
    public var isInteractive: Bool {
        switch interactivity.mode {
        case .always: return true
        case .never: return false
        case .automatic:
            if environment["TERM"] == "dumb" { return false }
            if let ci = environment["CI"], !ci.isEmpty { return false }
            return isatty(0) == 1 && output.isTerminal
        }
    }

    func text(_ key: String, _ alert: Alert, _ arguments: LocalizableText.Argument...) -> String {
        catalog.text(key, language: alert.language, arguments: arguments) ?? key
    }

    func render(_ alert: Alert, choices: [AlertAction], asking: Bool) -> String {
        var lines: [String] = []
        var headline = "\(text("severity.\(alert.severity.rawValue)", alert)): \(clean(alert.title))"
        if alert.occurrences > 1 { headline += " " + text("console.occurrences", alert, .integer(alert.occurrences)) }
        lines.append(headline)
        if alert.message != alert.title { lines.append("  " + clean(alert.message)) }
        if let reason = alert.reason { lines.append("  \(text("console.reason", alert)): \(clean(reason))") }
        if let suggestion = alert.suggestion { lines.append("  \(text("console.help", alert)): \(clean(suggestion))") }
        if let reference = alert.referenceID { lines.append("  \(text("console.reference", alert)): \(reference)") }
        if let detail = alert.debugDetail { lines.append("  debug: \(clean(detail))") }
        if !choices.isEmpty {
            lines.append("")
            if !asking { lines.append("  " + text("console.notInteractive", alert)) }
            for (index, action) in choices.enumerated() { lines.append("  \(index + 1)) \(clean(action.label))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func ask(_ alert: Alert, choices: [AlertAction]) async -> AlertResponse {
        let cancelIndex = choices.firstIndex { $0.role == .cancel } ?? choices.count - 1
        let range = "1-\(choices.count)"
        for attempt in 1...3 {
            output.write("  " + text("console.prompt", alert, .string(range), .string(String(cancelIndex + 1))) + " ")
            guard let line = await input() else {
                output.write("\n")
                return .dismissed
            }
            let answer = line.trimmingCharacters(in: .whitespaces)
            if answer.isEmpty { return AlertResponse.chose(choices[cancelIndex].id) }
            if let number = Int(answer), (1...choices.count).contains(number) {
                return .chose(choices[number - 1].id)
            }
            if attempt < 3 { output.write("  " + text("console.invalidChoice", alert, .string(range)) + "\n") }
        }
        return AlertResponse.chose(choices[cancelIndex].id)
    }

    private func clean(_ text: String) -> String {
        TerminalSanitizer.sanitize(text)
    }

    /// Reads one line of standard input on a thread of its own, so no task thread blocks.
    @Sendable static func readStandardInputLine() async -> String? {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: readLine(strippingNewline: true))
            }
        }
    }
}
