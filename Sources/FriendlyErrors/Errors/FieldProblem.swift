/// One problem with one part of a request or a file: which part (a field's name or a JSON pointer),
/// a stable code, and a message — localizable where an error gives it, in the alert's language in
/// ``Alert/fieldProblems``.
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
    /// What is wrong with the part, for people: in ``Alert/fieldProblems``, in the alert's language;
    /// in an error's ``FriendlyError/fieldProblems``, the text as written in the base language (empty
    /// when only the catalog has it). Setting it sets a finished text, shown as it is.
    public var message: String {
        get { text.finishedDefault ?? text.defaultValue ?? "" }
        set { text = .verbatim(newValue) }
    }
    /// The message as the error gave it: looked up under its key, else under `<code>.message`.
    package var text: LocalizableText
    /// Where in a file the part is, when it comes from one (a line of a configuration): the console
    /// shows it with an excerpt, the JSON output its line and column (see ``FileLocation``).
    public var location: FileLocation?

    /// A problem with `field`: a JSON pointer (`"/items/2/price"`) or a field's name (`"limit"`), its
    /// message (without one, the catalog's `<code>.message`; `.verbatim(text)` for a finished text,
    /// as an alert's are), and where it is in a file, if it comes from one.
    ///
    /// ```swift
    /// FieldProblem("retries", code: "config.notANumber", location: FileLocation(file: path, line: 3, column: 11, length: 5))
    /// ```
    public init(
        _ field: String, code: String, message: LocalizableText = LocalizableText(), location: FileLocation? = nil
    ) {
        self.field = field
        self.code = code
        self.text = message
        self.location = location
    }

    /// Whether ``field`` is a JSON pointer (it starts with `/` or `#/`, or is `""` or `"#"`, the
    /// whole document) rather than a field's name.
    package var isPointer: Bool {
        field.isEmpty || field == "#" || field.hasPrefix("/") || field.hasPrefix("#/")
    }

    /// The JSON pointer in its URI fragment form (`"#/items/2/price"`), as problem+json's `pointer`
    /// member has it; `nil` when ``field`` is a field's name.
    ///
    /// As RFC 6901 (section 6) writes it: every byte of the pointer's UTF-8 that a URI fragment may
    /// not hold (RFC 3986) is percent-encoded — a space, a line break, `%`, `"`, `<`, non-ASCII
    /// letters — so `"/a b/€"` becomes `"#/a%20b/%E2%82%AC"`. A field given in fragment form
    /// (`"#/a%20b"`) keeps its `%XX` escapes.
    package var pointerFragment: String? {
        pointerFragment(maximumBytes: .max)
    }

    /// `pointerFragment`, at most `maximumBytes` long (16 or more): a longer one is cut at a
    /// character and ends with `%E2%80%A6` (`…`), so a megabyte pointer costs no more than the cap.
    func pointerFragment(maximumBytes: Int) -> String? {
        guard isPointer else { return nil }
        let marker = Array("%E2%80%A6".utf8)
        let isFragment = field.utf8.first == UInt8(ascii: "#")
        let bytes = field.utf8
        var fragment: [UInt8] = [UInt8(ascii: "#")]
        // Where each character starts in `fragment`, for a cut that splits none.
        var characterStarts: [Int] = []
        var index = bytes.startIndex
        if isFragment { index = bytes.index(after: index) }
        while index < bytes.endIndex {
            let byte = bytes[index]
            if isFragment, byte == UInt8(ascii: "%"), let escape = Self.escape(in: bytes, at: index) {
                if escape.value & 0xC0 != 0x80 { characterStarts.append(fragment.count) }
                fragment += escape.bytes
                index = bytes.index(index, offsetBy: 3)
            } else {
                if byte & 0xC0 != 0x80 { characterStarts.append(fragment.count) }
                if Self.isFragmentByte(byte) {
                    fragment.append(byte)
                } else {
                    fragment += [UInt8(ascii: "%"), Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0x0F)]]
                }
                index = bytes.index(after: index)
            }
            if fragment.count > maximumBytes {
                let end = characterStarts.last { $0 + marker.count <= maximumBytes } ?? 1
                fragment.removeSubrange(end...)
                fragment += marker
                break
            }
        }
        return String(decoding: fragment, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// The `%XX` at `index` and the byte it stands for, when two hex digits follow the `%`.
    private static func escape(
        in bytes: String.UTF8View, at index: String.UTF8View.Index
    ) -> (bytes: [UInt8], value: UInt8)? {
        let escape = Array(bytes[index...].prefix(3))
        guard escape.count == 3, let high = hexValue(escape[1]), let low = hexValue(escape[2]) else { return nil }
        return (escape, high << 4 | low)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// Whether a byte may stand for itself in a URI fragment (RFC 3986: `pchar`, `/` and `?`),
    /// `%` excepted.
    private static func isFragmentByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"),
            UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
            UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }
}
