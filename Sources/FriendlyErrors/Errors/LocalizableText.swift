/// A user-facing text that is not yet a string: a catalog key, the base-language default and the
/// arguments for its placeholders.
///
/// Every text an alert shows goes through this type, so translating an app means adding catalogs,
/// never touching code. A text is resolved for one language when the pipeline builds an ``Alert``:
/// the key is looked up in each language of the negotiated chain, then the default is used; the
/// placeholders (`%@`, `%lld`, `%1$@`, …) are filled by the library's own safe formatter.
///
/// ```swift
/// var message: LocalizableText {
///     switch self {
///     case .diskFull(let free, let volume):
///         "Only \(free) MB are left on \(volume)."   // key "<code>.message", placeholders %lld and %@
///     case .readOnly:
///         .init(default: "The volume is read-only.")
///     }
/// }
/// ```
///
/// A text written without a key takes its key from where it is used: the `message` of a
/// ``FriendlyError`` with code `storage.diskFull` is looked up as `storage.diskFull.message`.
public struct LocalizableText: Sendable, Hashable {
    /// The catalog key, or `nil` to derive it from the error's code and the field (`<code>.title`…).
    /// An empty key marks a finished text that is never looked up (see ``verbatim(_:)`` and ``empty``).
    public var key: String?
    /// The base-language text with printf-style placeholders, used when no catalog has the key.
    public var defaultValue: String? {
        didSet { defaultIsPlain = false }
    }
    /// The values for the placeholders, in order (`%1$@` is the first).
    public var arguments: [Argument]
    /// Whether ``defaultValue`` is known to hold no `%` at all, so it shows as it is: a string literal
    /// was already searched for `%` when it was made, and the alert need not search it again.
    var defaultIsPlain = false

    /// A text for a catalog key with an optional base-language default and arguments.
    public init(key: String? = nil, default defaultValue: String? = nil, arguments: [Argument] = []) {
        self.key = key
        self.defaultValue = defaultValue
        self.arguments = arguments
    }

    public static func == (lhs: LocalizableText, rhs: LocalizableText) -> Bool {
        lhs.key == rhs.key && lhs.defaultValue == rhs.defaultValue && lhs.arguments == rhs.arguments
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(defaultValue)
        hasher.combine(arguments)
    }

    /// A text whose key comes from its context and whose wording lives only in catalogs.
    ///
    /// ```swift
    /// var message: LocalizableText { .arguments(fileName, lineNumber) }
    /// ```
    public static func arguments(_ arguments: Argument...) -> LocalizableText {
        LocalizableText(arguments: arguments)
    }

    /// A finished text shown as it is, in every language: no catalog lookup, `%` signs kept. For
    /// text that is already meant for users and already in their language, such as a framework's
    /// own message or another library's `LocalizedError` description the app chose to show.
    ///
    /// ```swift
    /// Recovery(id: "open", label: .verbatim(option)) { .recovered }
    /// ```
    public static func verbatim(_ text: String) -> LocalizableText {
        var result = LocalizableText(stringLiteral: text)
        result.key = ""
        return result
    }

    /// A text that shows nothing: a reason or suggestion is left out of the alert, a title or
    /// message takes its category's generic text. Unlike a text without a key, it is never looked
    /// up under the error's code.
    public static let empty = LocalizableText.verbatim("")

    /// Whether the text is known to show nothing (``empty``, or ``verbatim(_:)`` of an empty
    /// string). A text with a key may still resolve to nothing in a catalog that lacks the key.
    public var isEmpty: Bool { key == "" && (defaultValue ?? "").isEmpty }

    /// The same text with its key filled in when it had none.
    func withKey(orDerived derived: @autoclosure () -> String) -> LocalizableText {
        if key != nil { return self }
        var copy = self
        copy.key = derived()
        return copy
    }
}

extension LocalizableText {
    /// One value for a placeholder: a string, a signed or unsigned integer, or a floating-point number.
    ///
    /// Literals and interpolated values convert implicitly; a string goes to `%@`, an integer to
    /// `%d`/`%ld`/`%lld`/`%u`, a floating-point number to `%f`/`%.2f`. A value of the wrong kind for
    /// its placeholder is shown as well as possible, never crashes.
    public struct Argument: Sendable, Hashable, CustomStringConvertible {
        enum Storage: Sendable, Hashable {
            case string(String)
            case integer(Int64)
            case unsigned(UInt64)
            case double(Double)
        }

        let storage: Storage

        /// A string argument, for `%@`.
        public static func string(_ value: String) -> Argument { Argument(storage: .string(value)) }
        /// A signed integer argument, for `%d`, `%ld`, `%lld`.
        public static func integer(_ value: some BinaryInteger) -> Argument {
            if let signed = Int64(exactly: value) { return Argument(storage: .integer(signed)) }
            return Argument(storage: .unsigned(UInt64(clamping: value)))
        }
        /// An unsigned integer argument, for `%u`, `%lu`, `%llu`.
        public static func unsigned(_ value: some BinaryInteger) -> Argument {
            Argument(storage: .unsigned(UInt64(clamping: value)))
        }
        /// A floating-point argument, for `%f`, `%.2f`.
        public static func double(_ value: Double) -> Argument { Argument(storage: .double(value)) }

        /// The argument as plain text, as `%@` shows it.
        public var description: String {
            switch storage {
            case .string(let value): value
            case .integer(let value): String(value)
            case .unsigned(let value): String(value)
            case .double(let value): String(value)
            }
        }
    }
}

extension LocalizableText.Argument: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension LocalizableText: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    /// A base-language text with no arguments; `%` signs in it are kept as written.
    public init(stringLiteral value: String) {
        if value.containsUTF8Byte(UInt8(ascii: "%")) {
            self.init(default: value.replacingPercentSigns())
        } else {
            self.init(default: value)
            defaultIsPlain = true
        }
    }

    /// A base-language text built by interpolation: each interpolated value becomes a placeholder
    /// (`%@` for strings, `%lld` for integers, `%f` for floating-point numbers) and an argument.
    public init(stringInterpolation: StringInterpolation) {
        self.init(default: stringInterpolation.format, arguments: stringInterpolation.arguments)
    }

    /// Collects the literal segments and the placeholders of an interpolated ``LocalizableText``.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var format = ""
        var arguments: [Argument] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            format.reserveCapacity(literalCapacity + 4 * interpolationCount)
            arguments.reserveCapacity(interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            format += literal.replacingPercentSigns()
        }

        public mutating func appendInterpolation(_ value: String) {
            format += "%@"
            arguments.append(.string(value))
        }

        public mutating func appendInterpolation(_ value: some StringProtocol) {
            appendInterpolation(String(value))
        }

        public mutating func appendInterpolation(_ value: some BinaryInteger) {
            let argument = LocalizableText.Argument.integer(value)
            if case .unsigned = argument.storage { format += "%llu" } else { format += "%lld" }
            arguments.append(argument)
        }

        public mutating func appendInterpolation(_ value: Double) {
            format += "%f"
            arguments.append(.double(value))
        }

        /// A floating-point value shown with a fixed number of decimals (`%.2f`).
        public mutating func appendInterpolation(_ value: Double, decimals: Int) {
            format += "%.\(max(0, min(decimals, 20)))f"
            arguments.append(.double(value))
        }

        /// Any other value, shown through its description as a `%@` argument.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            appendInterpolation(value.description)
        }
    }
}

extension String {
    /// The text with every `%` doubled, so it survives placeholder formatting unchanged.
    fileprivate func replacingPercentSigns() -> String {
        guard containsUTF8Byte(UInt8(ascii: "%")) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 2)
        for character in self {
            if character == "%" { result += "%%" } else { result.append(character) }
        }
        return result
    }
}
