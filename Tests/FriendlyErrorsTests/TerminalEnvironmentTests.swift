import Testing

@testable import FriendlyErrors

/// The automatic settings of the console presenter: colour, width and interactivity.
struct TerminalEnvironmentTests {
    // MARK: Colour

    struct ColorCase: Sendable, CustomTestStringConvertible {
        var variables: [String: String]
        var isTerminal: Bool
        var expected: Bool
        var testDescription: String { "\(variables) tty=\(isTerminal) → \(expected ? "colour" : "none")" }
    }

    @Test(arguments: [
        // 6. otherwise on exactly when the output is a terminal
        ColorCase(variables: [:], isTerminal: true, expected: true),
        ColorCase(variables: [:], isTerminal: false, expected: false),
        // 2. NO_COLOR non-empty → off, beating the forcing variables
        ColorCase(variables: ["NO_COLOR": "1"], isTerminal: true, expected: false),
        ColorCase(variables: ["NO_COLOR": "1", "CLICOLOR_FORCE": "1"], isTerminal: true, expected: false),
        ColorCase(variables: ["NO_COLOR": "yes", "FORCE_COLOR": "1"], isTerminal: true, expected: false),
        ColorCase(variables: ["NO_COLOR": ""], isTerminal: true, expected: true),
        // 3. CLICOLOR_FORCE ≠ 0 or FORCE_COLOR not empty/0/false → on, even into a file
        ColorCase(variables: ["CLICOLOR_FORCE": "1"], isTerminal: false, expected: true),
        ColorCase(variables: ["CLICOLOR_FORCE": "0"], isTerminal: false, expected: false),
        ColorCase(variables: ["CLICOLOR_FORCE": ""], isTerminal: false, expected: false),
        ColorCase(variables: ["FORCE_COLOR": "1"], isTerminal: false, expected: true),
        ColorCase(variables: ["FORCE_COLOR": "3"], isTerminal: false, expected: true),
        ColorCase(variables: ["FORCE_COLOR": "true"], isTerminal: false, expected: true),
        ColorCase(variables: ["FORCE_COLOR": "0"], isTerminal: false, expected: false),
        ColorCase(variables: ["FORCE_COLOR": "false"], isTerminal: false, expected: false),
        ColorCase(variables: ["FORCE_COLOR": "FALSE"], isTerminal: false, expected: false),
        ColorCase(variables: ["FORCE_COLOR": ""], isTerminal: false, expected: false),
        ColorCase(variables: ["CLICOLOR_FORCE": "1", "TERM": "dumb"], isTerminal: true, expected: true),
        ColorCase(variables: ["FORCE_COLOR": "1", "CLICOLOR": "0"], isTerminal: false, expected: true),
        // 4. TERM=dumb → off
        ColorCase(variables: ["TERM": "dumb"], isTerminal: true, expected: false),
        ColorCase(variables: ["TERM": "xterm-256color"], isTerminal: true, expected: true),
        // 5. CLICOLOR=0 → off
        ColorCase(variables: ["CLICOLOR": "0"], isTerminal: true, expected: false),
        ColorCase(variables: ["CLICOLOR": "1"], isTerminal: true, expected: true),
        ColorCase(variables: ["CLICOLOR": "1"], isTerminal: false, expected: false),
    ])
    func automaticColourFollowsThePrecedence(_ testCase: ColorCase) {
        let environment = TerminalEnvironment(variables: testCase.variables, outputIsTerminal: testCase.isTerminal)
        #expect(environment.usesColor(.automatic) == testCase.expected)
    }

    @Test func anExplicitColourSettingBeatsEveryVariable() {
        let forcing = TerminalEnvironment(
            variables: ["CLICOLOR_FORCE": "1", "FORCE_COLOR": "1"], outputIsTerminal: true)
        #expect(forcing.usesColor(.never) == false)
        let refusing = TerminalEnvironment(variables: ["NO_COLOR": "1", "TERM": "dumb", "CLICOLOR": "0"])
        #expect(refusing.usesColor(.always) == true)
    }

    @Test(arguments: [
        ("always", "always"), ("never", "never"), ("auto", "auto"), ("AUTO", "auto"), ("automatic", "auto"),
    ])
    func colorArgumentsParse(_ argument: String, _ expected: String) {
        #expect(ConsolePresenter.ColorMode(argument: argument)?.description == expected)
    }

    @Test func unknownColorArgumentIsRejected() {
        #expect(ConsolePresenter.ColorMode(argument: "sometimes") == nil)
        #expect(ConsolePresenter.ColorMode(argument: "") == nil)
    }

    // MARK: Width

    @Test(
        arguments: [
            ("80", 80), ("20", 20), ("1", 1), ("99999", 99999), (" 40 ", 40),
            ("0", nil), ("abc", nil), ("", nil), ("-5", nil), ("+5", nil), ("4x", nil), ("12.5", nil),
            ("99999999999999999999999", nil),
        ] as [(String, Int?)])
    func columnsVariableIsAWholeNumberOfAtLeastOne(_ value: String, _ expected: Int?) {
        #expect(TerminalEnvironment.parseColumns(value) == expected)
    }

    @Test func widthComesFromTheSettingThenColumnsThenTheTerminal() {
        let both = TerminalEnvironment(variables: ["COLUMNS": "50"], outputIsTerminal: true, terminalColumns: 120)
        #expect(both.columns(for: .columns(30)) == 30)
        #expect(both.columns(for: .unlimited) == nil)
        #expect(both.columns(for: .automatic) == 50)

        let badColumns = TerminalEnvironment(variables: ["COLUMNS": "0"], outputIsTerminal: true, terminalColumns: 120)
        #expect(badColumns.columns(for: .automatic) == 120)

        let file = TerminalEnvironment(variables: ["COLUMNS": "abc"])
        #expect(file.columns(for: .automatic) == nil)
    }

    @Test func explicitWidthIsAtLeastOneColumn() {
        let environment = TerminalEnvironment(variables: [:])
        #expect(environment.columns(for: .columns(0)) == 1)
        #expect(environment.columns(for: .columns(-3)) == 1)
    }

    @Test func terminalSizeOfSomethingThatIsNotATerminalIsUnknown() {
        #expect(TerminalEnvironment.terminalColumns(of: -1) == nil)
    }

    // MARK: Interactivity

    struct InteractivityCase: Sendable, CustomTestStringConvertible {
        var variables: [String: String]
        var input: Bool
        var output: Bool
        var expected: Bool
        var testDescription: String { "\(variables) stdin=\(input) stderr=\(output) → \(expected)" }
    }

    @Test(arguments: [
        InteractivityCase(variables: [:], input: true, output: true, expected: true),
        InteractivityCase(variables: [:], input: false, output: true, expected: false),
        InteractivityCase(variables: [:], input: true, output: false, expected: false),
        InteractivityCase(variables: ["TERM": "dumb"], input: true, output: true, expected: false),
        InteractivityCase(variables: ["CI": "true"], input: true, output: true, expected: false),
        InteractivityCase(variables: ["CI": "1"], input: true, output: true, expected: false),
        InteractivityCase(variables: ["CI": ""], input: true, output: true, expected: true),
        InteractivityCase(variables: ["TERM": "xterm"], input: true, output: true, expected: true),
    ])
    func automaticInteractivityNeedsTwoTerminalsAndNoCI(_ testCase: InteractivityCase) {
        let environment = TerminalEnvironment(
            variables: testCase.variables, outputIsTerminal: testCase.output, inputIsTerminal: testCase.input)
        #expect(environment.asks(.automatic) == testCase.expected)
    }

    @Test func explicitInteractivityBeatsTheEnvironment() {
        let ci = TerminalEnvironment(variables: ["CI": "true", "TERM": "dumb"])
        #expect(ci.asks(.always))
        let terminal = TerminalEnvironment(variables: [:], outputIsTerminal: true, inputIsTerminal: true)
        #expect(!terminal.asks(.never))
    }

    @Test func capturedOutputAndScriptedInputAreNotTerminals() {
        let presenter = ConsolePresenter(
            output: TextOutput { _ in }, input: .lines([]), environment: ["CLICOLOR_FORCE": "0"])
        #expect(!presenter.isInteractive)
        #expect(!presenter.usesColor)
        #expect(presenter.columns == nil)
    }

    @Test func plainLayoutNeitherColoursNorWraps() {
        let presenter = ConsolePresenter(
            output: TextOutput { _ in }, options: .init(color: .always, width: .columns(20), layout: .plain),
            environment: [:])
        #expect(!presenter.usesColor)
        #expect(presenter.columns == nil)
    }

    @Test func theInteractivityOnlyInitializerLeavesTheRestToTheEnvironment() {
        var presenter = ConsolePresenter(
            output: TextOutput { _ in }, options: .init(interactivity: .never),
            environment: ["CLICOLOR_FORCE": "1", "COLUMNS": "33"])
        #expect(!presenter.isInteractive)
        #expect(presenter.usesColor)
        #expect(presenter.columns == 33)
        presenter.options.interactivity = .always
        #expect(presenter.options.interactivity == .always)
        #expect(presenter.isInteractive)
    }
}
