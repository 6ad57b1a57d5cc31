/// A ``FieldProblem`` put into words for the alert's language: the value presenters receive in
/// ``Alert/fieldProblems``.
public struct AlertFieldProblem: Sendable, Hashable {
    /// Which part: a JSON pointer (`"/items/2/price"` or `"#/items/2/price"`) or a field's name
    /// (`"limit"`), as the error gave it.
    public var field: String
    /// The stable dotted code of this problem, never localized.
    public var code: String
    /// What is wrong with the part, in the alert's language.
    public var message: String
    /// Where in a file the part is, as the error gave it (see ``FieldProblem/location``).
    public var location: FileLocation?

    /// A field problem in words.
    public init(field: String, code: String, message: String, location: FileLocation? = nil) {
        self.field = field
        self.code = code
        self.message = message
        self.location = location
    }

    /// Whether ``field`` is a JSON pointer rather than a field's name (see ``FieldProblem/isPointer``).
    public var isPointer: Bool { FieldProblem(field, code: code).isPointer }

    /// The JSON pointer in its URI fragment form (`"#/items/2/price"`), as problem+json's `pointer`
    /// member has it; `nil` when ``field`` is a field's name.
    public var pointerFragment: String? {
        guard isPointer else { return nil }
        return field.hasPrefix("#") ? field : "#" + field
    }
}
