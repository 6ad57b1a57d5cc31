import FriendlyErrors

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `friendly-errors`: the package's command-line tool — lint catalogs, explain codes, run the demo.
@main
struct FriendlyErrorsTool {
    /// The package's version, as `--version` prints it (the release tag, without a `v`).
    static let version = "0.1.0"

    static let demoSpec = CommandSpec(
        name: "demo", abstract: "Run a small job that fails, and show the alert and its recovery.",
        options: [
            .init(
                name: "config", valueName: "path",
                help: "The configuration file to read (by default one in a new temporary folder)."),
            .init(
                name: "color", valueName: "when",
                help: "Whether the alert is coloured (NO_COLOR and others apply to auto).",
                allowedValues: ["auto", "always", "never"], defaultValue: "auto"),
        ])

    static let helpSpec = CommandSpec(
        name: "help", abstract: "Show help for a command.",
        arguments: [.init(name: "command", help: "The command to show help for.")], argumentsAreOptional: true)

    /// The commands, in the order the help lists them.
    static let commands = [LintCommand.spec, ExplainCommand.spec, demoSpec, helpSpec]

    static var help: String {
        var lines = [
            "OVERVIEW: Check, explain and try friendly error catalogs.", "",
            "USAGE: \(CommandSpec.toolName) <command> [options]", "",
            "OPTIONS:", CommandSpec.row("--version", "Show the version."),
            CommandSpec.row("-h, --help", "Show help information."), "",
            "SUBCOMMANDS:",
        ]
        lines += commands.map { CommandSpec.row($0.name, $0.abstract) }
        lines += ["", "  See '\(CommandSpec.toolName) help <subcommand>' for detailed help."]
        return lines.joined(separator: "\n") + "\n"
    }

    static func main() async {
        exit(await run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs a command line (without the tool's name) and answers the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        do {
            return try await dispatch(arguments)
        } catch {
            ToolOutput.standardError.write(error.text)
            return 64
        }
    }

    private static func dispatch(_ arguments: [String]) async throws(UsageError) -> Int32 {
        guard let command = arguments.first else {
            throw UsageError("Missing a command.", command: nil)
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "-h", "--help":
            ToolOutput.standardOutput.write(help)
            return 0
        case "--version":
            TextOutput.standardOutput.write("\(CommandSpec.toolName) \(version)\n")
            return 0
        case "help":
            guard case .parsed(let parsed) = try CommandLineParser.parse(rest, for: helpSpec) else {
                ToolOutput.standardOutput.write(helpSpec.help)
                return 0
            }
            guard let name = parsed.arguments["command"] else {
                ToolOutput.standardOutput.write(help)
                return 0
            }
            guard let spec = commands.first(where: { $0.name == name }) else { throw unknownCommand(name) }
            ToolOutput.standardOutput.write(spec.help)
            return 0
        case LintCommand.spec.name:
            return try await run(LintCommand.spec, rest) { LintCommand(arguments: $0).run() }
        case ExplainCommand.spec.name:
            return try await run(ExplainCommand.spec, rest) { await ExplainCommand(arguments: $0).run() }
        case demoSpec.name:
            return try await run(demoSpec, rest) { arguments in
                var demo = DemoCommand(configPath: arguments.option("config"))
                if let when = arguments.option("color"), let color = ConsolePresenter.ColorMode(argument: when) {
                    demo.color = color
                }
                return await demo.run()
            }
        default:
            throw unknownCommand(command)
        }
    }

    private static func run(
        _ spec: CommandSpec, _ arguments: [String], _ body: (ParsedArguments) async -> Int32
    ) async throws(UsageError) -> Int32 {
        switch try CommandLineParser.parse(arguments, for: spec) {
        case .help:
            ToolOutput.standardOutput.write(spec.help)
            return 0
        case .parsed(let parsed):
            return await body(parsed)
        }
    }

    private static func unknownCommand(_ name: String) -> UsageError {
        let hint = name.hasPrefix("-") ? "Unknown option '\(name)'." : "Unknown command '\(name)'."
        let candidates = name.hasPrefix("-") ? ["--help", "--version"] : commands.map(\.name)
        return UsageError(hint + Suggestion.didYouMean(name, among: candidates), command: nil)
    }
}
