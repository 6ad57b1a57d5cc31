extension ConsolePresenter {
    /// Everything that changes how a ``ConsolePresenter`` looks and behaves. Each setting is read from
    /// the environment by default (`.automatic`) and can be pinned, so tests are deterministic.
    ///
    package struct Options: Sendable, Hashable {
        /// Whether to colour the output.
        package var color: ColorMode
        /// How wide lines may be.
        package var width: Width
        /// Whether to ask the user to choose a recovery.
        package var interactivity: Interactivity
        /// The shape of the output: the standard layout or the plain one for screen readers and logs.
        package var layout: Layout

        /// Options; every one defaults to what the environment says.
        package init(
            color: ColorMode = .automatic,
            width: Width = .automatic,
            interactivity: Interactivity = .automatic,
            layout: Layout = .standard
        ) {
            self.color = color
            self.width = width
            self.interactivity = interactivity
            self.layout = layout
        }
    }

    /// Whether the output is coloured.
    ///
    /// With ``automatic`` the first of these rules that applies decides, for the presenter's output
    /// (standard error by default):
    /// 1. `NO_COLOR` set and not empty: off. It beats `CLICOLOR_FORCE` and `FORCE_COLOR`, since a
    ///    user who asked for no colour anywhere should get none.
    /// 2. `CLICOLOR_FORCE` set to anything but empty or `0`, or `FORCE_COLOR` set to anything but
    ///    empty, `0` or `false`: on, even into a file or a pipe.
    /// 3. `TERM=dumb`: off.
    /// 4. `CLICOLOR=0`: off.
    /// 5. Otherwise on exactly when the output is a terminal.
    ///
    /// Colour off means not one escape byte in the output. The plain layout never colours.
    package struct ColorMode: Sendable, Hashable, CustomStringConvertible {
        private let mode: AutomaticSwitch

        /// Decide from the environment and the output (see the type's documentation).
        package static let automatic = ColorMode(mode: .automatic)
        /// Always colour, whatever the environment says.
        package static let always = ColorMode(mode: .always)
        /// Never colour.
        package static let never = ColorMode(mode: .never)

        /// The mode named by a `--color` option's value: `always`, `never` or `auto` (`automatic`
        /// is accepted too); `nil` for anything else.
        ///
        /// ```swift
        /// guard let color = ConsolePresenter.ColorMode(argument: value) else { throw UsageError(…) }
        /// ```
        package init?(argument: String) {
            switch argument.lowercased() {
            case "always": self = .always
            case "never": self = .never
            case "auto", "automatic": self = .automatic
            default: return nil
            }
        }

        private init(mode: AutomaticSwitch) {
            self.mode = mode
        }

        /// The explicit choice, or `nil` when the environment decides.
        var explicitValue: Bool? { mode.explicitValue }

        /// `always`, `never` or `auto`, as a `--color` option spells them.
        package var description: String {
            switch mode {
            case .automatic: "auto"
            case .always: "always"
            case .never: "never"
            }
        }
    }

    /// How many columns a line may take before it wraps.
    ///
    /// With ``automatic``: the `COLUMNS` variable when it is a whole number of at least 1, else the
    /// size of the terminal the output goes to, else no wrapping (a file or a pipe keeps each
    /// paragraph on one line). Any width works, even 1: a word longer than the line overflows instead
    /// of being cut, and no text is ever lost.
    package struct Width: Sendable, Hashable {
        private enum Mode: Hashable {
            case automatic
            case columns(Int)
            case unlimited
        }
        private let mode: Mode

        /// Decide from `COLUMNS` and the terminal (see the type's documentation).
        package static let automatic = Width(mode: .automatic)
        /// Never wrap: lines break only where the text has newlines.
        package static let unlimited = Width(mode: .unlimited)
        /// Wrap at `count` columns (at least 1).
        package static func columns(_ count: Int) -> Width { Width(mode: .columns(max(1, count))) }

        private init(mode: Mode) {
            self.mode = mode
        }

        /// `nil` when the environment decides; `.some(nil)` for no wrapping; else the columns.
        var explicitValue: Int?? {
            switch mode {
            case .automatic: nil
            case .unlimited: .some(nil)
            case .columns(let count): .some(count)
            }
        }
    }

    /// Whether the presenter asks the user to choose a recovery.
    ///
    /// With ``automatic`` it asks only when its input and output are terminals, `TERM` is not `dumb`
    /// and `CI` is unset or empty. When it does not ask it lists the options, numbered, and chooses
    /// nothing, so no recovery runs.
    package struct Interactivity: Sendable, Hashable {
        private let mode: AutomaticSwitch

        /// Decide from the input, the output and the environment (see the type's documentation).
        package static let automatic = Interactivity(mode: .automatic)
        /// Always ask; tests feed the answers through ``ConsoleInput/lines(_:)``.
        package static let always = Interactivity(mode: .always)
        /// Never ask: list the options and choose nothing.
        package static let never = Interactivity(mode: .never)

        private init(mode: AutomaticSwitch) {
            self.mode = mode
        }

        /// The explicit choice, or `nil` when the environment decides.
        var explicitValue: Bool? { mode.explicitValue }
    }

    /// The shape of the output.
    package struct Layout: Sendable, Hashable {
        private enum Mode: Hashable { case standard, plain }
        private let mode: Mode

        /// A headline, then the message, reason and help with hanging indents, wrapped to the width,
        /// coloured when colour is on:
        /// ```
        /// error: Configuration file not found
        ///   The configuration file “/tmp/demo/config.toml” couldn’t be read.
        ///   reason: The file doesn’t exist.
        /// ```
        package static let standard = Layout(mode: .standard)
        /// For screen readers and logs: no colour, no wrapping, no indentation, one labelled field
        /// per line (a field's own line breaks go on indented by two spaces).
        /// ```
        /// error: Configuration file not found
        /// message: The configuration file “/tmp/demo/config.toml” couldn’t be read.
        /// reason: The file doesn’t exist.
        /// ```
        package static let plain = Layout(mode: .plain)

        private init(mode: Mode) {
            self.mode = mode
        }

        var isPlain: Bool { mode == .plain }
    }
}

/// A setting that is on, off, or left to the environment: colour and interactivity alike.
private enum AutomaticSwitch: Hashable {
    case automatic, always, never

    /// The explicit choice, or `nil` when the environment decides.
    var explicitValue: Bool? {
        switch self {
        case .automatic: nil
        case .always: true
        case .never: false
        }
    }
}
