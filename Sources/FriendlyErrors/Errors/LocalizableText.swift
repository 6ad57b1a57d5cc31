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
    /// An empty key marks a finished text that is never looked up (see ``verbatim(_:)``).
    public var key: String?
    /// The base-language text with printf-style placeholders, used when no catalog has the key.
    public var defaultValue: String? {
        get {
            switch storedDefault {
            case .none: nil
            case .template(let template): template
            case .rendered(let text): Self.template(rendered: text, arguments: arguments)
            }
        }
        set { storedDefault = newValue.map(DefaultText.template) ?? .none }
    }
    /// The values for the placeholders, in order (`%1$@` is the first).
    public var arguments: [Argument] {
        didSet {
            // The rendered default showed the old values: keep its template, with its placeholders.
            guard case .rendered(let text) = storedDefault else { return }
            storedDefault = .template(Self.template(rendered: text, arguments: oldValue))
        }
    }

    /// The default, in the form it was given: one field, so that a text stays small to copy.
    enum DefaultText: Sendable {
        case none
        /// A template with placeholders.
        case template(String)
        /// The text with its placeholders already filled: a string literal, or an interpolation of
        /// strings and integers. What the alert shows when no catalog has the text, with nothing to
        /// parse or search; its template (`%` doubled, a placeholder where each argument went) is
        /// made only when asked for.
        case rendered(String)
    }

    private(set) var storedDefault: DefaultText

    /// Whether the text is only its context's (`<code>.message`): no key, no default, no arguments.
    var isDerivedFromCode: Bool {
        guard key == nil, arguments.isEmpty, case .none = storedDefault else { return false }
        return true
    }

    /// Whether the text has a base-language default, without building its template.
    var hasDefault: Bool {
        if case .none = storedDefault { return false }
        return true
    }

    /// The default as the alert shows it when no catalog has the text, if it needs no formatting.
    var finishedDefault: String? {
        switch storedDefault {
        case .rendered(let text): text
        case .none, .template: nil
        }
    }

    /// A text for a catalog key with an optional base-language default and arguments.
    public init(key: String? = nil, default defaultValue: String? = nil, arguments: [Argument] = []) {
        self.key = key
        self.storedDefault = defaultValue.map(DefaultText.template) ?? .none
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
    package static let empty = LocalizableText.verbatim("")

    /// Whether the text is known to show nothing (``empty``, or ``verbatim(_:)`` of an empty
    /// string). A text with a key may still resolve to nothing in a catalog that lacks the key.
    package var isEmpty: Bool { key == "" && (defaultValue ?? "").isEmpty }

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
    public struct Argument: Sendable, Hashable {
        enum Storage: Sendable, Hashable {
            case string(String)
            case integer(Int64)
            case unsigned(UInt64)
            case double(Double)
        }

        let storage: Storage
        /// Where an interpolated value was rendered in its text's default (UTF-8 offsets), and the
        /// placeholder it stands for there; `nil` for an argument given as a value.
        var rendering: Rendering?

        struct Rendering: Sendable {
            let start: Int
            let end: Int
            let placeholder: String
        }

        init(storage: Storage) {
            self.storage = storage
        }

        public static func == (lhs: Argument, rhs: Argument) -> Bool { lhs.storage == rhs.storage }
        public func hash(into hasher: inout Hasher) { hasher.combine(storage) }

        /// A string argument, for `%@`.
        public static func string(_ value: String) -> Argument { Argument(storage: .string(value)) }
        /// A signed integer argument, for `%d`, `%ld`, `%lld`.
        public static func integer(_ value: some BinaryInteger) -> Argument {
            if let signed = Int64(exactly: value) { return Argument(storage: .integer(signed)) }
            return Argument(storage: .unsigned(UInt64(clamping: value)))
        }
        /// An unsigned integer argument, for `%u`, `%lu`, `%llu`.
        package static func unsigned(_ value: some BinaryInteger) -> Argument {
            Argument(storage: .unsigned(UInt64(clamping: value)))
        }
        /// A floating-point argument, for `%f`, `%.2f`.
        public static func double(_ value: Double) -> Argument { Argument(storage: .double(value)) }

        /// The argument as plain text, as `%@` shows it.
        package var description: String {
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
        // Shown as written; the template, with `%` doubled, is made only when asked for.
        self.init()
        storedDefault = .rendered(value)
    }

    /// A base-language text built by interpolation: each interpolated value becomes a placeholder
    /// (`%@` for strings, `%lld` for integers, `%f` for floating-point numbers) and an argument.
    public init(stringInterpolation: StringInterpolation) {
        // The text is rendered as it is interpolated, once; its template is made only when asked for
        // (or at once when a floating-point value needs the formatter).
        self.init(arguments: stringInterpolation.arguments)
        storedDefault =
            stringInterpolation.isRenderable
            ? .rendered(stringInterpolation.text)
            : .template(Self.template(rendered: stringInterpolation.text, arguments: stringInterpolation.arguments))
    }

    /// The template of a text rendered by interpolation: its literal parts with `%` doubled, and
    /// each argument's placeholder where the argument was rendered.
    static func template(rendered: String, arguments: [Argument]) -> String {
        // A string literal without `%`: its own template.
        if arguments.isEmpty, !rendered.containsUTF8Byte(UInt8(ascii: "%")) { return rendered }
        let utf8 = Array(rendered.utf8)
        var template: [UInt8] = []
        template.reserveCapacity(utf8.count + 4 * arguments.count)
        var position = 0
        func appendLiteral(upTo end: Int) {
            for byte in utf8[position..<max(position, min(end, utf8.count))] {
                template.append(byte)
                if byte == UInt8(ascii: "%") { template.append(byte) }
            }
        }
        for argument in arguments {
            guard let rendering = argument.rendering, rendering.start >= position else { continue }
            appendLiteral(upTo: rendering.start)
            template.append(contentsOf: rendering.placeholder.utf8)
            position = min(rendering.end, utf8.count)
        }
        appendLiteral(upTo: utf8.count)
        return String(decoding: template, as: UTF8.self)
    }

    /// Collects the literal segments and the placeholders of an interpolated ``LocalizableText``.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        /// The text as shown in the base language: literal parts as written, values rendered.
        var text = ""
        var arguments: [Argument] = []
        /// False when a value needs the formatter (a floating-point number): the text then keeps a
        /// template instead.
        var isRenderable = true

        public init(literalCapacity: Int, interpolationCount: Int) {
            if interpolationCount > 0 { arguments.reserveCapacity(interpolationCount) }
        }

        public mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        package mutating func appendInterpolation(_ value: String) {
            append(.string(value), rendered: value, placeholder: "%@")
        }

        public mutating func appendInterpolation(_ value: some BinaryInteger) {
            let argument = LocalizableText.Argument.integer(value)
            if case .unsigned(let magnitude) = argument.storage {
                append(argument, rendered: String(magnitude), placeholder: "%llu")
            } else if case .integer(let signed) = argument.storage {
                append(argument, rendered: String(signed), placeholder: "%lld")
            }
        }

        /// A floating-point value (`%f`), or with a fixed number of decimals (`%.2f`):
        /// `"\(ratio, decimals: 2)"`.
        public mutating func appendInterpolation(_ value: Double, decimals: Int? = nil) {
            isRenderable = false
            let placeholder = decimals.map { "%.\(max(0, min($0, 20)))f" } ?? "%f"
            append(.double(value), rendered: "", placeholder: placeholder)
        }

        /// A string, or any other value shown through its description: a `%@` argument.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            appendInterpolation(value.description)
        }

        private mutating func append(_ argument: Argument, rendered: String, placeholder: String) {
            var argument = argument
            let start = text.utf8.count
            text += rendered
            argument.rendering = Argument.Rendering(start: start, end: text.utf8.count, placeholder: placeholder)
            arguments.append(argument)
        }
    }
}
