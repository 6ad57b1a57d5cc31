/// A problem found in a string catalog (`.strings` or `.xcstrings`), with the place it was found.
///
/// Catalog parsers never fail as a whole: they keep every good entry and report each problem as a
/// diagnostic, so one typo in a translation does not take the whole table down. The description has
/// the clang layout that editors and CI logs turn into links:
///
/// ```
/// Localization/de.lproj/App.strings:3:22: error: expected ';' after the value of "storage.full"
/// ```
public struct CatalogDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The file the problem is in, as the caller named it when parsing.
    public let file: String
    /// The 1-based line of the problem.
    public let line: Int
    /// The 1-based column of the problem, counted in Unicode scalars.
    public let column: Int
    /// Whether the problem is an error (the entry concerned, or the whole file, could not be read;
    /// Apple's own reader rejects it) or a warning (the file was read, but something in it is
    /// probably not what its author meant). Parsers never report `info`.
    public let severity: FriendlyErrors.Severity
    /// What is wrong, in one sentence without a trailing period.
    public let message: String
    /// The catalog key the problem concerns, when it is known.
    public let key: String?

    /// A diagnostic at a position in a file.
    package init(
        file: String, line: Int, column: Int, severity: FriendlyErrors.Severity, message: String, key: String? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.key = key
    }

    /// The diagnostic as `file:line:column: severity: message`, safe to print on a terminal.
    ///
    /// The file name and the message can hold text from the catalog (a key, a value), so control
    /// characters, escape sequences and bidi overrides are shown as visible escapes
    /// (see `TerminalSanitizer`); ``file`` and ``message`` keep the text as it is.
    public var description: String {
        TerminalSanitizer.sanitize("\(file):\(line):\(column): \(severity.rawValue): \(message)")
    }
}
