public import ArgumentParser
@_exported public import FriendlyErrors

/// The console presenter's settings as command-line options, for a command to adopt in one line:
///
/// ```swift
/// @OptionGroup var console: ConsoleOptions   // --color, --width, --interactive, --plain
/// ```
///
/// Every option left out keeps the presenter's automatic behaviour (`NO_COLOR`, `COLUMNS`, whether
/// standard input and standard error are terminals; see `ConsolePresenter.color` and `.interactive`).
public struct ConsoleOptions: ParsableArguments, Sendable {
    /// When to do something the environment can also decide: colour, asking.
    public enum When: String, ExpressibleByArgument, CaseIterable, Sendable {
        /// Let the environment decide.
        case auto
        /// Always.
        case always
        /// Never.
        case never

        /// The console presenter's setting: `nil` for `auto`.
        var value: Bool? {
            switch self {
            case .auto: nil
            case .always: true
            case .never: false
            }
        }
    }

    /// `--color`: whether the alerts are coloured.
    @Option(name: .long, help: "Colour the alerts: auto, always or never.")
    public var color: When = .auto

    /// `--width`: the columns the alerts wrap at; `nil` for `COLUMNS`, else the terminal's width.
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Wrap the alerts at this many columns (default: COLUMNS, else the terminal's).",
            valueName: "columns"))
    public var width: Int?

    /// `--interactive`: whether the user is asked which recovery to run.
    @Option(name: .long, help: "Ask which recovery to run: auto, always or never.")
    public var interactive: When = .auto

    /// `--plain`: the plain layout, for screen readers and logs.
    @Flag(name: .long, help: "One labelled field per line, without colour or wrapping (for screen readers and logs).")
    public var plain = false

    /// Parsing fills the options in (argument-parser's requirement); a value made with this
    /// initializer cannot be read until then. Pass `nil` to ``withFriendlyErrors(_:pipeline:maximumAttempts:in:isolation:_:)``
    /// to leave every setting to the environment.
    public init() {}

    /// The console presenter these options describe (standard error, standard input).
    public var presenter: ConsolePresenter {
        ConsolePresenter(color: color.value, width: width, interactive: interactive.value, plain: plain)
    }

    /// Checks the width: a width below 1 is a usage error, as argument-parser reports one.
    public func validate() throws {
        if let width, width < 1 { throw ValidationError("The width must be at least 1 column, not \(width).") }
    }
}
