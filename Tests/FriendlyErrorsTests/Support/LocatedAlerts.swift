import FriendlyErrors

/// Alerts that point into a configuration file, built by hand so the output is deterministic: the
/// line's text is given, so no file is read.
enum LocatedAlerts {
    /// A tab, then the span `retries three` (columns 2…14), then a comment.
    static let englishLine = "\tretries three   # how often to try again"
    /// A tab, then the span `再試行 三回` (columns 2…7, 11 terminal columns), then a comment.
    static let japaneseLine = "\t再試行 三回   # もう一度試す回数"
    /// A line of 113 characters whose span (where a comma is missing, and the rest of the list)
    /// starts at column 71 and runs 40 characters, past the right edge of a narrow terminal.
    static let longLine =
        #"servers = "alpha.example.com", "beta.example.com", "gamma.example.com" "delta.example.com", "epsilon.example.com""#

    static func english(_ location: FileLocation, severity: Severity = .error) -> Alert {
        Alert(
            code: "demo.configInvalid", category: .configuration, severity: severity,
            title: "Invalid configuration",
            message: "“config.toml” has an error on line \(location.line).",
            suggestion: "Write each setting as name = value, or turn the line into a comment with #.",
            actions: [AlertAction(id: "ok", label: "OK", role: .default)],
            language: "en", location: location)
    }

    static func japanese(_ location: FileLocation) -> Alert {
        Alert(
            code: "demo.configInvalid", category: .configuration,
            title: "設定が正しくありません",
            message: "「config.toml」の\(location.line)行目に誤りがあります。",
            suggestion: "設定は「名前 = 値」の形で書くか、# を付けてコメントにしてください。",
            actions: [AlertAction(id: "ok", label: "OK", role: .default)],
            language: "ja", location: location)
    }

    static let englishLocation = FileLocation(
        file: "config.toml", line: 3, column: 2, length: 13, lineText: englishLine)
    static let japaneseLocation = FileLocation(
        file: "config.toml", line: 3, column: 2, length: 6, lineText: japaneseLine)
    static let longLocation = FileLocation(
        file: "config.toml", line: 12, column: 71, length: 40, lineText: longLine)
}
