/// Parses a command's arguments after swift-argument-parser's conventions, without depending on it:
/// `--option value` and `--option=value`, `-h`/`--help` anywhere, `--` ends the options, unknown
/// options are usage errors with a "did you mean" suggestion.
enum CommandLineParser {
    /// What the parser made of the arguments.
    enum Outcome: Equatable {
        /// `-h` or `--help` was given: show the command's help.
        case help
        /// The arguments, checked against the command's spec.
        case parsed(ParsedArguments)
    }

    static func parse(_ arguments: [String], for spec: CommandSpec) throws(UsageError) -> Outcome {
        var result = ParsedArguments()
        var positionals: [String] = []
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" { return .help }
            let (name, inlineValue) = split(argument)
            guard let option = spec.options.first(where: { "--" + $0.name == name }) else {
                let known = spec.options.map { "--" + $0.name } + ["--help"]
                throw UsageError(
                    "Unknown option '\(name)'." + Suggestion.didYouMean(name, among: known), command: spec)
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("Missing value for '\(option.usage)'.", command: spec)
            }
            if !option.allowedValues.isEmpty, !option.allowedValues.contains(value) {
                let choices = option.allowedValues.map { "'\($0)'" }
                throw UsageError(
                    "The value '\(value)' is invalid for '\(option.usage)'. Please provide one of "
                        + "\(choices.dropLast().joined(separator: ", ")) and \(choices.last ?? "")."
                        + Suggestion.didYouMean(value, among: option.allowedValues, quote: "'"),
                    command: spec)
            }
            if result.options[option.name] != nil {
                throw UsageError("'\(option.usage)' is given more than once.", command: spec)
            }
            result.options[option.name] = value
        }
        if positionals.count > spec.arguments.count {
            throw UsageError("Unexpected argument '\(positionals[spec.arguments.count])'.", command: spec)
        }
        if positionals.count < spec.arguments.count, !spec.argumentsAreOptional {
            throw UsageError("Missing expected argument '<\(spec.arguments[positionals.count].name)>'.", command: spec)
        }
        for (argument, value) in zip(spec.arguments, positionals) { result.arguments[argument.name] = value }
        return .parsed(result)
    }

    /// `--format=json` → (`--format`, `json`); `--format` → (`--format`, nil).
    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

/// The arguments of one command, by name.
struct ParsedArguments: Equatable {
    var arguments: [String: String] = [:]
    var options: [String: String] = [:]

    /// A positional argument's value.
    func argument(_ name: String) -> String { arguments[name] ?? "" }

    /// An option's value, if it was given.
    func option(_ name: String) -> String? { options[name] }
}

/// A mistake in the command line: exit status 64 (`EX_USAGE`), a message, the usage line.
struct UsageError: Error, Equatable {
    var message: String
    /// The command whose usage to show; `nil` for the tool as a whole.
    var usage: String
    var helpHint: String

    init(_ message: String, command: CommandSpec?) {
        self.message = message
        if let command {
            usage = command.usage
            helpHint = "\(CommandSpec.toolName) \(command.name) --help"
        } else {
            usage = "\(CommandSpec.toolName) <command> [options]"
            helpHint = "\(CommandSpec.toolName) --help"
        }
    }

    /// The lines for standard error, as swift-argument-parser writes them.
    var text: String {
        "Error: \(message)\nUsage: \(usage)\n  See '\(helpHint)' for more information.\n"
    }
}
