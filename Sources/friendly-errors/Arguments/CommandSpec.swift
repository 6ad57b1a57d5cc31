/// What a command accepts, for parsing its arguments and writing its help, after
/// swift-argument-parser's conventions (`OVERVIEW:`, `USAGE:`, `ARGUMENTS:`, `OPTIONS:`).
struct CommandSpec: Sendable {
    /// A positional argument.
    struct Argument: Sendable {
        var name: String
        var help: String
    }

    /// An option that takes a value: `--format json` or `--format=json`.
    struct Option: Sendable {
        var name: String
        var valueName: String
        var help: String
        /// The values accepted; empty for any.
        var allowedValues: [String] = []
        /// Shown in the help as `(default: …)`.
        var defaultValue: String?

        var usage: String { "--\(name) <\(valueName)>" }
    }

    /// The tool's name, the start of every usage line.
    static let toolName = "friendly-errors"

    var name: String
    var abstract: String
    var discussion: String?
    var arguments: [Argument] = []
    /// Whether the positional arguments may be left out (as in `help [command]`).
    var argumentsAreOptional = false
    var options: [Option] = []

    /// `friendly-errors lint <folder> [--format <format>]`.
    var usage: String {
        var parts = [Self.toolName, name] + arguments.map { argumentsAreOptional ? "[<\($0.name)>]" : "<\($0.name)>" }
        parts += options.map { "[\($0.usage)]" }
        return parts.joined(separator: " ")
    }

    /// The full help text, ending with a newline.
    var help: String {
        var lines = ["OVERVIEW: \(abstract)", ""]
        if let discussion { lines += [discussion, ""] }
        lines += ["USAGE: \(usage)", ""]
        if !arguments.isEmpty {
            lines.append("ARGUMENTS:")
            lines += arguments.map { Self.row("<\($0.name)>", $0.help) }
            lines.append("")
        }
        lines.append("OPTIONS:")
        for option in options {
            var help = option.help
            if !option.allowedValues.isEmpty { help += " (values: \(option.allowedValues.joined(separator: ", ")))" }
            if let value = option.defaultValue { help += " (default: \(value))" }
            lines.append(Self.row(option.usage, help))
        }
        lines.append(Self.row("-h, --help", "Show help information."))
        return lines.joined(separator: "\n") + "\n"
    }

    /// An indented name and its help in a column, or on the next line when the name is long.
    static func row(_ name: String, _ help: String) -> String {
        let column = 26
        let lead = "  " + name
        if lead.count < column - 1 { return lead + String(repeating: " ", count: column - lead.count) + help }
        return lead + "\n" + String(repeating: " ", count: column) + help
    }
}
