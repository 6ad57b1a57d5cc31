import Foundation

/// Presents alerts in a terminal: a compiler-style headline, the message, reason and help with
/// hanging indents, and — when someone is at the keyboard — a numbered choice of the recoveries.
///
/// ```
/// error: Configuration file not found
///   The configuration file “/tmp/demo/config.toml” couldn’t be read.
///   reason: The file doesn’t exist.
///   help: Create a default configuration, or pass the path of an existing one with --config.
///
///   1) Cancel
///   2) Create a default configuration
///   Choose [1-2, Enter=1]:
/// ```
///
/// - Everything goes to the output (standard error by default), one write per alert (the first
///   prompt included); nothing goes to standard output. Answers come from the input (standard input
///   by default).
/// - It asks only when someone can answer (see `interactive`). Enter picks Cancel, never a
///   destructive action; three invalid answers or the end of input (Ctrl-D) cancel; Ctrl-C ends the
///   process with the shell's status 130, as the default SIGINT action does (it is not trapped).
///   When it does not ask, it lists the options, numbered, and chooses nothing.
/// - It answers the chosen action's id; the pipeline runs that recovery, exactly once.
/// - Colour, width and interactivity follow the environment unless pinned (`color`, `width`,
///   `interactive`); the `plain` layout serves screen readers and logs.
/// - Every text is untrusted: control characters, escape sequences and bidi overrides are shown as
///   visible escapes (`\u{1B}`) before anything is measured or styled, whether colour is on or off.
/// - Lines are measured by grapheme cluster and East Asian Width and wrapped with Japanese
///   line-breaking rules; a word longer than the line overflows rather than being cut.
///
/// ```swift
/// AlertPresentationSystem.bootstrap(ConsolePresenter())
///
/// // Deterministic, for a test:
/// let presenter = ConsolePresenter(
///     output: TextOutput { captured.append($0) },
///     input: .lines(["2"]),
///     color: false, width: 40, interactive: true,
///     environment: [:])
/// ```
public struct ConsolePresenter: AlertPresenter {
    /// Where alerts and prompts are written.
    package var output: TextOutput
    /// Where answers are read from.
    package var input: ConsoleInput
    /// Colour, width, interactivity and layout.
    package var options: Options
    /// The environment variables the automatic settings read (the process's by default).
    package var environment: [String: String]
    /// A console presenter; by default it writes to standard error, reads answers from standard
    /// input and takes every setting from the process's environment.
    ///
    /// Its labels (`reason:`, `help:`, the prompt) are in each alert's language, from the catalog of
    /// the pipeline that made the alert (the alert's presenter texts).
    ///
    /// - Parameters:
    ///   - output: where alerts and prompts are written: standard error by default.
    ///   - input: where answers are read from: standard input by default.
    ///   - color: whether to colour; `nil` (the default) decides from the environment (see `color`).
    ///   - width: the columns to wrap at; `nil` (the default): `COLUMNS`, else the terminal's width.
    ///   - interactive: whether to ask which recovery to run; `nil` (the default) asks when someone
    ///     can answer (see `interactive`).
    ///   - plain: the plain layout: one labelled field per line, no colour, no wrapping.
    ///   - environment: the environment variables the automatic settings read; `nil` (the default): the
    ///     process's.
    public init(
        output: TextOutput = .standardError, input: ConsoleInput = .standardInput, color: Bool? = nil,
        width: Int? = nil, interactive: Bool? = nil, plain: Bool = false, environment: [String: String]? = nil
    ) {
        let options = Options(
            color: color.map { $0 ? .always : .never } ?? .automatic,
            width: width.map { .columns($0) } ?? .automatic,
            interactivity: interactive.map { $0 ? .always : .never } ?? .automatic,
            layout: plain ? .plain : .standard)
        self.init(output: output, input: input, options: options, environment: environment)
    }

    /// A console presenter with its settings as one value (the library's own tool and tests).
    package init(
        output: TextOutput = .standardError,
        input: ConsoleInput = .standardInput,
        options: Options,
        environment: [String: String]? = nil
    ) {
        self.output = output
        self.input = input
        self.options = options
        self.environment = environment ?? ProcessInfo.processInfo.environment
    }

    /// Whether the alerts are coloured: `nil` (the default) decides, for the output, by the first of
    /// these rules that applies: `NO_COLOR` set and not empty, off; `CLICOLOR_FORCE` (not empty or
    /// `0`) or `FORCE_COLOR` (not empty, `0` or `false`), on, even into a file or a pipe;
    /// `TERM=dumb` or `CLICOLOR=0`, off; otherwise on exactly when the output is a terminal. Off
    /// means not one escape byte; the plain layout never colours.
    package var color: Bool? {
        get { options.color.explicitValue }
        set { options.color = newValue.map { $0 ? .always : .never } ?? .automatic }
    }

    /// The columns alerts are wrapped at: `nil` (the default) for `COLUMNS`, else the terminal's
    /// width, else no wrapping; at least 1. `Int.max` never wraps.
    package var width: Int? {
        get { options.width.explicitValue.map { $0 ?? .max } }
        set { options.width = newValue.map { .columns($0) } ?? .automatic }
    }

    /// Whether the user is asked which recovery to run: `nil` (the default) asks when standard input
    /// and the output are terminals and neither `CI` is set nor `TERM` is `dumb`.
    package var interactive: Bool? {
        get { options.interactivity.explicitValue }
        set { options.interactivity = newValue.map { $0 ? .always : .never } ?? .automatic }
    }

    /// The plain layout, for screen readers and logs: one labelled field per line, without colour
    /// or wrapping.
    package var plain: Bool {
        get { options.layout.isPlain }
        set { options.layout = newValue ? .plain : .standard }
    }

    /// Writes `alert` in one write and, when someone can answer, asks which action to take: the
    /// answer is the chosen action's id, Cancel's for Enter, three invalid answers or the end of
    /// input. When nobody is asked the options are listed and nothing is chosen.
    public func present(_ alert: Alert) async -> String? {
        // A lone OK has nothing to choose; anything more is a choice, even without closures (an app
        // presenting directly may act on the id itself).
        let choices = alert.actions.count > 1 ? alert.actions : []
        // Whether the input is a terminal matters only to the automatic interactivity, and only when
        // there is something to choose.
        let terminal = TerminalEnvironment.current(
            variables: environment, output: output, input: input,
            checksInput: !choices.isEmpty && options.interactivity.explicitValue == nil)
        let renderer = self.renderer(for: alert, in: terminal)
        let notAsking = choices.isEmpty ? .notATerminal : terminal.notAsking(options.interactivity)
        let asks = notAsking == nil
        var text = renderer.render(alert, choices: choices, notAsking: notAsking)
        guard asks else {
            output.write(text)
            return nil
        }
        text += renderer.prompt(choices: choices)
        output.write(text)
        return await ask(choices: choices, renderer: renderer)
    }

    /// Whether this presenter would ask now, given its options, input, output and environment.
    package var isInteractive: Bool {
        TerminalEnvironment.current(variables: environment, output: output, input: input)
            .asks(options.interactivity)
    }

    /// Whether this presenter would colour its output now.
    package var usesColor: Bool {
        !options.layout.isPlain
            && TerminalEnvironment.current(variables: environment, output: output, input: input)
                .usesColor(options.color)
    }

    /// The columns this presenter would wrap at now; `nil` for no wrapping.
    package var columns: Int? {
        guard !options.layout.isPlain else { return nil }
        return TerminalEnvironment.current(variables: environment, output: output, input: input)
            .columns(for: options.width)
    }

    /// Writes a line for people — progress, a note, a result — to the presenter's output in one write:
    /// made harmless and wrapped like the alerts (at the same width, without indentation), so a
    /// tool's own lines look like its alerts. Never coloured.
    ///
    /// ```swift
    /// let console = ConsolePresenter()
    /// console.writeLine("Reading the configuration from \(path) …")   // a path may hold anything
    /// ```
    public func writeLine(_ text: String) {
        let terminal = TerminalEnvironment.current(variables: environment, output: output, input: input)
        output.write(renderer(for: nil, in: terminal).line(text))
    }

    /// The excerpt this presenter shows for `location` under an alert — the place, the line of the
    /// file and the span underlined, at its width and colour — for a tool that writes diagnostics of
    /// its own in the same style (as `friendly-errors lint` does):
    ///
    /// ```swift
    /// let console = ConsolePresenter(output: .standardOutput)
    /// print("\(location): error: expected ';'")
    /// console.output.write(console.excerpt(of: location, showsPlace: false))
    /// ```
    ///
    /// ```
    ///     |
    ///   3 | "greeting" = "Hello"
    ///     |                     ^
    /// ```
    ///
    /// - Parameters:
    ///   - location: the place; its line is read from the file unless it gives the text.
    ///   - severity: the colour of the underline.
    ///   - showsPlace: whether the `--> path:line:column` line comes first; leave it out when a line
    ///     of your own already names the place.
    /// - Returns: the lines, each ending with a newline; empty when there is nothing to show.
    public func excerpt(of location: FileLocation, severity: Severity = .error, showsPlace: Bool = true) -> String {
        let terminal = TerminalEnvironment.current(variables: environment, output: output, input: input)
        let renderer = self.renderer(for: nil, in: terminal)
        var output = ConsoleRenderer.OutputBytes(usesColor: renderer.usesColor)
        renderer.appendLocation(location, severity: severity, showsPlace: showsPlace, to: &output)
        return output.string
    }

    func renderer(for alert: Alert?, in terminal: TerminalEnvironment) -> ConsoleRenderer {
        ConsoleRenderer(
            columns: terminal.columns(for: options.width),
            usesColor: terminal.usesColor(options.color),
            isPlain: options.layout.isPlain,
            texts: alert?.presenterTexts ?? PresenterTexts(builtInLanguage: TranslationCatalog.builtIn.baseLanguage)
        )
    }

    // MARK: Asking

    private func ask(choices: [AlertAction], renderer: ConsoleRenderer) async -> String? {
        let cancel: String? = choices.first { $0.role == .cancel }.map(\.id)
        for attempt in 1...Self.maximumInvalidAnswers {
            guard let line = await input.readLine() else {
                // Ctrl-D leaves the cursor after the prompt; what is written next starts a line.
                output.write("\n")
                return cancel
            }
            switch Self.answer(line, choiceCount: choices.count) {
            case .enter:
                return cancel
            case .number(let number):
                return choices[number - 1].id
            case .invalid:
                if attempt < Self.maximumInvalidAnswers {
                    output.write(renderer.invalidChoice(choices: choices) + renderer.prompt(choices: choices))
                }
            }
        }
        return cancel
    }

    static let maximumInvalidAnswers = 3

    enum Answer: Equatable {
        case enter
        case number(Int)
        case invalid
    }

    /// What a line typed at the prompt means: Enter (nothing but spaces), one of the numbers 1…count
    /// (fullwidth digits too, as a Japanese or Chinese input method types them), or nothing valid.
    static func answer(_ line: String, choiceCount: Int) -> Answer {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .enter }
        var digits = ""
        for scalar in trimmed.unicodeScalars {
            switch scalar.value {
            case 0x30...0x39: digits.unicodeScalars.append(scalar)
            case 0xFF10...0xFF19: digits.unicodeScalars.append(Unicode.Scalar(UInt8(scalar.value - 0xFF10 + 0x30)))
            default: return .invalid
            }
        }
        guard let number = Int(digits), (1...choiceCount).contains(number) else { return .invalid }
        return .number(number)
    }
}
