import FriendlyErrors

/// One problem `friendly-errors lint` found, with its place in a file.
struct LintProblem: Sendable, Hashable {
    /// What kind of problem it is; its name is the `kind` member of the JSON output.
    enum Kind: String, Sendable, Hashable {
        case syntax, duplicateKey, placeholderMismatch, missingKey, extraKey, emptyValue
    }

    var kind: Kind
    var file: String
    var line: Int
    var column: Int
    var severity: Severity
    var message: String
    var key: String?
    var language: String?

    /// A problem the catalog loader reported.
    init(_ diagnostic: CatalogDiagnostic) {
        // The loader does not name its diagnostics' kinds; its messages are stable and tested.
        if diagnostic.message.hasPrefix("duplicate key") {
            kind = .duplicateKey
        } else if diagnostic.message.contains("the base language is shown instead") {
            kind = .placeholderMismatch
        } else {
            kind = .syntax
        }
        file = diagnostic.file
        line = diagnostic.line
        column = diagnostic.column
        severity = diagnostic.severity
        message = diagnostic.message
        key = diagnostic.key
        language = nil
    }

    /// A problem found by comparing languages.
    init(_ kind: Kind, at location: FileLocation, _ message: String, key: String, language: String) {
        self.kind = kind
        file = location.file
        line = location.line
        column = location.column
        severity = .error
        self.message = message
        self.key = key
        self.language = language
    }

    /// `file:line:column: error: message`, as compilers write it.
    var consoleLine: String { "\(file):\(line):\(column): \(severity.rawValue): \(message)" }

    /// The members of the JSON output.
    var jsonObject: [String: Any] {
        var object: [String: Any] = [
            "kind": kind.rawValue, "file": file, "line": line, "column": column, "severity": severity.rawValue,
            "message": message,
        ]
        object["key"] = key
        object["language"] = language
        return object
    }
}
