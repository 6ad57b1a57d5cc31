import FriendlyErrors

/// Where the tool writes. Every text it prints — results, diagnostics, help, usage errors — goes
/// through these outputs, which make it harmless for a terminal first (`TerminalSanitizer`): catalog
/// keys and values, paths and arguments come from outside, and an escape sequence in them must not
/// set the clipboard or the window title of whoever runs the tool. A new command writes here too.
///
/// The console presenter is the one exception: it sanitises its own text and adds its own colour, so
/// it is given the raw `TextOutput.standardOutput`.
enum ToolOutput {
    /// Standard output, for results (lint's problems, JSON).
    static let standardOutput = TextOutput.standardOutput.sanitizingForTerminal()
    /// Standard error, for lines meant for people.
    static let standardError = TextOutput.standardError.sanitizingForTerminal()
}

/// Lines for people go to standard error, so standard output stays for results.
enum StandardError {
    static func print(_ line: String) {
        ToolOutput.standardError.write(line + "\n")
    }
}
