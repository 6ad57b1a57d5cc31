/// One problem with one part of a request or a file: which part (a field's name or a JSON pointer),
/// a stable code, and a localizable message.
///
/// An error that rejects several parts at once carries one per part, so a client can mark each
/// field and a person can fix them all in one go:
///
/// ```swift
/// struct InvalidOrder: FriendlyError {
///     var code: String { "order.invalid" }
///     var category: ErrorCategory { .invalidData }
///     var fieldProblems: [FieldProblem] {
///         [
///             FieldProblem("/items/2/price", code: "order.price.negative", message: "The price must be 0 or more."),
///             FieldProblem("email", code: "order.email.missing"),   // text from the catalog
///         ]
///     }
/// }
/// ```
///
/// The message is looked up like an error's: under its key, else under `<code>.message`, in each of
/// the alert's languages, then its default; one that resolves to nothing takes the alert category's
/// generic message, so a raw key is never shown. Problem+json writes the problems as an `errors`
/// array (`{"pointer": "#/items/2/price", "code": …, "detail": …}`); the console lists them under
/// the message.
///
/// New properties are added with defaults, so code that makes or reads field problems keeps
/// compiling.
public struct FieldProblem: Sendable, Hashable {
    /// Which part: a JSON pointer (RFC 6901) into the request's body or the file — `"/items/2/price"`,
    /// also accepted in its URI fragment form `"#/items/2/price"` — or the name of a field that is
    /// not in a JSON document (a query parameter, a form field, a command-line option): `"limit"`.
    public var field: String
    /// The stable dotted code of this problem (`"order.price.negative"`), never localized.
    public var code: String
    /// What is wrong with the part, for people. Without a key it is looked up as `<code>.message`.
    public var message: LocalizableText
    /// Where in a file the part is, when it comes from one (a line of a configuration): the console
    /// shows it with an excerpt, the JSON output its line and column (see ``FileLocation``).
    public var location: FileLocation?

    /// A problem with `field`: a JSON pointer (`"/items/2/price"`) or a field's name (`"limit"`), and
    /// where it is in a file, if it comes from one.
    ///
    /// ```swift
    /// FieldProblem("retries", code: "config.notANumber", location: FileLocation(file: path, line: 3, column: 11, length: 5))
    /// ```
    public init(
        _ field: String, code: String, message: LocalizableText = LocalizableText(), location: FileLocation? = nil
    ) {
        self.field = field
        self.code = code
        self.message = message
        self.location = location
    }

    /// Whether ``field`` is a JSON pointer (it starts with `/` or `#/`, or is `""` or `"#"`, the
    /// whole document) rather than a field's name.
    package var isPointer: Bool {
        field.isEmpty || field == "#" || field.hasPrefix("/") || field.hasPrefix("#/")
    }
}
