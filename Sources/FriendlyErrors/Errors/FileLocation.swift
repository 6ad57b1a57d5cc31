/// A place in a text file that an error points at: a file, a 1-based line and column, and how many
/// characters from there are wrong.
///
/// An error carries one (``FriendlyError/location``, ``Classification/location``), or one per field
/// problem when several places are wrong (``FieldProblem/location``); the alert keeps them
/// (``Alert/location``, ``AlertFieldProblem/location``). The console presenter shows each as `path:line:column`
/// with the line of the file and the span underlined, as compilers do; the JSON presenter writes the
/// line, column and length, and the file only when the app allows it (a server's paths are its own).
///
/// ```swift
/// struct BadSetting: FriendlyError {
///     var path: String
///     var line: Int
///     var code: String { "config.badSetting" }
///     var category: ErrorCategory { .configuration }
///     var location: FileLocation? { FileLocation(file: path, line: line, column: 11, length: 5) }
/// }
/// ```
///
/// ```
/// error: Invalid setting
///    --> config.toml:3:11
///     |
///   3 | retries = three
///     |           ^^^^^
/// ```
///
/// Columns and lengths count Unicode scalars, as the library's catalog diagnostics do (a tab is one;
/// `é` written as `e` and a combining accent is two). The line's text is read from the file when the
/// alert is shown — at most the first MiB, and never from a file that is missing, unreadable or not
/// UTF-8 text — unless the error gives it as ``lineText``. Neither the text nor the path is ever
/// trusted: both are shown with escape sequences made visible. Any value is taken, also one set on
/// the properties after the location was made: presenters clamp each as its documentation says.
public struct FileLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file, as the app names it to its users (a path relative to where they work reads best).
    public var file: String
    /// The 1-based line; values below 1 are taken as 1.
    public var line: Int
    /// The 1-based column on that line, in Unicode scalars; values below 1 are taken as 1, and one
    /// past the end of the line points just after it.
    public var column: Int
    /// How many Unicode scalars from ``column`` on are wrong; `nil` points at the column alone, and a
    /// length past the end of the line (up to `Int.max`) reaches its end.
    public var length: Int?
    /// The text of the line, when the error has it (for a file that is gone or was never on disk);
    /// `nil` to read it from ``file`` when the alert is shown.
    public var lineText: String?

    /// A location in `file`.
    public init(file: String, line: Int, column: Int = 1, length: Int? = nil, lineText: String? = nil) {
        self.file = file
        self.line = max(1, line)
        self.column = max(1, column)
        self.length = length.map { max(0, $0) }
        self.lineText = lineText
    }

    /// `file:line:column`, as compilers and editors write a location (a line or column set below 1
    /// after the location was made is written as 1).
    public var description: String { "\(file):\(max(1, line)):\(max(1, column))" }
}
