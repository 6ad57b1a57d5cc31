public import ArgumentParser
public import FriendlyErrors

/// The console presenter's settings as command-line options, for a command to adopt in one line:
///
/// ```swift
/// @main struct Sync: AsyncParsableCommand {
///     @OptionGroup var console: ConsoleOptions
///
///     mutating func run() async throws {
///         try await withFriendlyErrors(console) { try await sync() }
///     }
/// }
/// ```
///
/// ```
/// --color <when>          Colour the alerts: auto, always or never. (default: auto)
/// --width <columns>       Wrap the alerts at this many columns (default: COLUMNS, else the terminal's).
/// --interactive <when>    Ask which recovery to run: auto, always or never. (default: auto)
/// --plain                 One labelled field per line, without colour or wrapping (for screen readers and logs).
/// ```
///
/// Every option left out keeps the presenter's automatic behaviour (`NO_COLOR`, `COLUMNS`, whether
/// standard input and standard error are terminals; see `ConsolePresenter.Options`).
public struct ConsoleOptions: ParsableArguments, Sendable {
    /// When to do something the environment can also decide: colour, asking.
    public enum When: String, ExpressibleByArgument, CaseIterable, Sendable {
        /// Let the environment decide.
        case auto
        /// Always.
        case always
        /// Never.
        case never
    }

    /// `--color`: whether the alerts are coloured.
    @Option(name: .long, help: "Colour the alerts: auto, always or never.")
    public var color: When = .auto

    /// `--width`: the columns the alerts wrap at; `nil` for `COLUMNS`, else the terminal's width.
    @Option(
        name: .long, help: ArgumentHelp("Wrap the alerts at this many columns (default: COLUMNS, else the terminal's).",
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
    /// to leave every setting to the environment without options.
    public init() {}

    /// The options as the console presenter takes them.
    public var presenterOptions: ConsolePresenter.Options {
        ConsolePresenter.Options(
            color: color.colorMode,
            width: width.map { .columns($0) } ?? .automatic,
            interactivity: interactive.interactivity,
            layout: plain ? .plain : .standard)
    }

    /// Checks the width: a width below 1 is a usage error, as argument-parser reports one.
    public func validate() throws {
        if let width, width < 1 { throw ValidationError("The width must be at least 1 column, not \(width).") }
    }
}

extension ConsoleOptions.When {
    var colorMode: ConsolePresenter.ColorMode {
        switch self {
        case .auto: .automatic
        case .always: .always
        case .never: .never
        }
    }

    var interactivity: ConsolePresenter.Interactivity {
        switch self {
        case .auto: .automatic
        case .always: .always
        case .never: .never
        }
    }
}
