/// A place in a text file that an error points at: a file, a 1-based line and column, and how many
/// characters from there are wrong.
///
/// An error carries one (``FriendlyError/location``, ``Classification/location``), or one per field
/// problem when several places are wrong (``FieldProblem/location``); the alert keeps them
/// (``Alert/location``, ``FieldProblem/location``). The console presenter shows each as `path:line:column`
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
    public var file: String {
        get { storage.fields.file }
        set { update { $0.file = newValue } }
    }
    /// The 1-based line; values below 1 are taken as 1.
    public var line: Int {
        get { storage.fields.line }
        set { update { $0.line = newValue } }
    }
    /// The 1-based column on that line, in Unicode scalars; values below 1 are taken as 1, and one
    /// past the end of the line points just after it.
    public var column: Int {
        get { storage.fields.column }
        set { update { $0.column = newValue } }
    }
    /// How many Unicode scalars from ``column`` on are wrong; `nil` points at the column alone, and a
    /// length past the end of the line (up to `Int.max`) reaches its end.
    public var length: Int? {
        get { storage.fields.length }
        set { update { $0.length = newValue } }
    }
    /// The text of the line, when the error has it (for a file that is gone or was never on disk);
    /// `nil` to read it from ``file`` when the alert is shown.
    public var lineText: String? {
        get { storage.fields.lineText }
        set { update { $0.lineText = newValue } }
    }

    /// The fields, in one shared immutable object: a location is copied from the error into its
    /// classification and alert, and an optional one of five fields is copied through the runtime's
    /// generic value witnesses (about 150 instructions a copy, even when it is `nil`), where one
    /// reference is retained. A setter makes a new one.
    private final class Storage: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private struct Fields: Sendable, Hashable {
        var file: String
        var line: Int
        var column: Int
        var length: Int?
        var lineText: String?
    }

    private var storage: Storage

    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = storage.fields
        change(&fields)
        storage = Storage(fields)
    }

    /// A location in `file`.
    public init(file: String, line: Int, column: Int = 1, length: Int? = nil, lineText: String? = nil) {
        storage = Storage(
            Fields(
                file: file, line: max(1, line), column: max(1, column), length: length.map { max(0, $0) },
                lineText: lineText))
    }

    public static func == (lhs: FileLocation, rhs: FileLocation) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
    }

    /// `file:line:column`, as compilers and editors write a location (a line or column set below 1
    /// after the location was made is written as 1), safe to print on a terminal: control characters
    /// and escape sequences in the file's name are shown as visible escapes (`\u{1B}`).
    public var description: String {
        TerminalSanitizer.sanitize("\(file):\(max(1, line)):\(max(1, column))")
    }
}
