#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the console presenter's automatic settings depend on: the environment variables and what
/// the output and input are. Tests build one by hand, so every rule can be checked without a terminal.
struct TerminalEnvironment: Sendable, Hashable {
    var variables: [String: String]
    var outputIsTerminal: Bool
    var inputIsTerminal: Bool
    /// The columns of the terminal the output goes to, when it is one and says.
    var terminalColumns: Int?

    init(
        variables: [String: String], outputIsTerminal: Bool = false, inputIsTerminal: Bool = false,
        terminalColumns: Int? = nil
    ) {
        self.variables = variables
        self.outputIsTerminal = outputIsTerminal
        self.inputIsTerminal = inputIsTerminal
        self.terminalColumns = terminalColumns
    }

    /// The environment as it is now for this output and input. With `checksInput` false the input
    /// counts as no terminal without asking the system (a call that costs as much as rendering a
    /// line), for callers that will not ask whatever the input is.
    static func current(
        variables: [String: String], output: TextOutput, input: ConsoleInput, checksInput: Bool = true
    ) -> TerminalEnvironment {
        let outputIsTerminal = output.isTerminal
        return TerminalEnvironment(
            variables: variables,
            outputIsTerminal: outputIsTerminal,
            inputIsTerminal: checksInput && input.isTerminal,
            terminalColumns: outputIsTerminal ? output.fileDescriptor.flatMap(terminalColumns(of:)) : nil
        )
    }

    // MARK: Colour

    /// Whether to colour, after the precedence documented on ``ConsolePresenter/ColorMode``.
    func usesColor(_ mode: ConsolePresenter.ColorMode) -> Bool {
        if let explicit = mode.explicitValue { return explicit }
        if let noColor = variables["NO_COLOR"], !noColor.isEmpty { return false }
        if let force = variables["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
        if let force = variables["FORCE_COLOR"], !force.isEmpty, force != "0", force.lowercased() != "false" {
            return true
        }
        if variables["TERM"] == "dumb" { return false }
        if variables["CLICOLOR"] == "0" { return false }
        return outputIsTerminal
    }

    // MARK: Width

    /// The columns to wrap at, `nil` for no wrapping, after ``ConsolePresenter/Width``.
    func columns(for width: ConsolePresenter.Width) -> Int? {
        if let explicit = width.explicitValue { return explicit }
        if let columns = Self.parseColumns(variables["COLUMNS"]) { return columns }
        return terminalColumns
    }

    /// `COLUMNS` as a width: a whole number of at least 1, surrounding spaces allowed; `nil` for
    /// anything else (unset, empty, `0`, `abc`, a number too large for `Int`).
    static func parseColumns(_ value: String?) -> Int? {
        guard let value else { return nil }
        let trimmed = value.trimmingSpaces()
        guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let number = Int(trimmed), number >= 1
        else { return nil }
        return number
    }

    /// The width of the terminal behind `descriptor`, from `TIOCGWINSZ`; `nil` when it is not a
    /// terminal or reports 0 columns (some pseudo-terminals before their size is set).
    static func terminalColumns(of descriptor: Int32) -> Int? {
        var size = winsize()
        #if canImport(Darwin)
            let result = ioctl(descriptor, TIOCGWINSZ, &size)
        #else
            let result = ioctl(descriptor, UInt(TIOCGWINSZ), &size)
        #endif
        guard result == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    // MARK: Interactivity

    /// Why the presenter does not ask, so the note under the options can say it.
    enum NotAsking: Equatable {
        /// The app said never, or standard input or error is not a terminal.
        case notATerminal
        /// `CI` is set and not empty.
        case continuousIntegration
        /// `TERM` is `dumb`.
        case dumbTerminal

        /// The key of the note's text.
        var noteKey: String {
            switch self {
            case .notATerminal: "console.notInteractive"
            case .continuousIntegration: "console.notInteractive.ci"
            case .dumbTerminal: "console.notInteractive.dumb"
            }
        }
    }

    /// Why not to ask, after ``ConsolePresenter/Interactivity``; `nil` to ask.
    func notAsking(_ interactivity: ConsolePresenter.Interactivity) -> NotAsking? {
        if let explicit = interactivity.explicitValue { return explicit ? nil : .notATerminal }
        if variables["TERM"] == "dumb" { return .dumbTerminal }
        if let ci = variables["CI"], !ci.isEmpty { return .continuousIntegration }
        return inputIsTerminal && outputIsTerminal ? nil : .notATerminal
    }

    /// Whether to ask, after ``ConsolePresenter/Interactivity``.
    func asks(_ interactivity: ConsolePresenter.Interactivity) -> Bool {
        notAsking(interactivity) == nil
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs (no Foundation needed).
    fileprivate func trimmingSpaces() -> Substring {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return slice
    }
}
