/// A catalog's tables arranged for the hot path.
///
/// - Languages have an ordinal, their position in the catalog's order (the base language first,
///   then the others by name): the order ``LanguageNegotiator`` answers chains in, so a chain is a
///   shared array of ordinals and walking it needs no lookup by name.
/// - Texts derived from an error's code (`<code>.title`, `<code>.message`, …) are grouped by code
///   across every language, so one alert hashes its code once, whatever the chain's length, instead
///   of building and hashing `<code>.title`, `<code>.message`… per language.
/// - The stock labels and actions (OK, Cancel) are made once per language, so an alert without
///   recoveries allocates nothing for its actions.
struct CatalogIndex: Sendable {
    /// The texts one code has in one language, by field. A class, so the hot path passes one
    /// reference around instead of copying (and retaining) every field.
    ///
    /// Its fields are filled while the index is built and never change after: the finished index
    /// only reads them, which is what makes sharing it across threads safe.
    final class CodeTexts: @unchecked Sendable {
        fileprivate(set) var title: Value?
        fileprivate(set) var message: Value?
        fileprivate(set) var reason: Value?
        fileprivate(set) var suggestion: Value?
        /// Recovery labels, by action id (`<code>.action.<id>`).
        fileprivate(set) var actions: [String: Value] = [:]
    }

    /// A catalog value as the hot path uses it: with the finished text already at hand when the
    /// value is a text without placeholders, which formatting would only give back unchanged.
    struct Value: Sendable {
        let value: CatalogValue
        /// The text itself when formatting cannot change it, whatever the arguments.
        let plain: String?

        init(_ value: CatalogValue) {
            self.value = value
            if case .text(let text) = value, !text.containsUTF8Byte(UInt8(ascii: "%")) {
                plain = text
            } else {
                plain = nil
            }
        }

        /// The value with its placeholders filled (see ``CatalogValue/formatted(with:language:)``).
        func formatted(with arguments: [LocalizableText.Argument], language: String) -> String {
            plain ?? value.formatted(with: arguments, language: language)
        }
    }

    /// One language's tables; a class for the same reason as ``CodeTexts``.
    final class Language: Sendable {
        let name: String
        let texts: StringTable<Value>
        /// OK and Cancel in this language, or the base language's where it has none.
        let ok: AlertAction
        let cancel: AlertAction
        /// The actions of an alert without recoveries (OK alone), shared by every such alert.
        let confirmationActions: [AlertAction]

        init(name: String, texts: [String: CatalogValue], ok: String, cancel: String) {
            self.name = name
            self.texts = StringTable(texts.mapValues(Value.init))
            self.ok = AlertAction(id: AlertAction.okID, label: ok, role: .default)
            self.cancel = AlertAction(id: AlertAction.cancelID, label: cancel, role: .cancel)
            confirmationActions = [self.ok]
        }
    }

    /// The languages by ordinal; the base language is ordinal 0.
    let languages: [Language]
    /// The texts of each code, by language ordinal (`nil` where a language has none).
    let codes: StringTable<[CodeTexts?]>

    /// The ordinal of the base language.
    static let baseOrdinal = 0

    /// An index of `tables`, with the languages in `order` (which starts with the base language and
    /// may name languages without a table).
    init(tables: [String: [String: CatalogValue]], order: [String]) {
        let base = order.first.flatMap { tables[$0] } ?? [:]
        func label(_ key: String, _ texts: [String: CatalogValue], default fallback: String) -> String {
            if case .text(let text)? = texts[key] ?? base[key] { return text }
            return fallback
        }
        let ordered = order.map { tables[$0] ?? [:] }
        languages = zip(order, ordered).map { name, texts in
            Language(
                name: name, texts: texts, ok: label("action.ok", texts, default: "OK"),
                cancel: label("action.cancel", texts, default: "Cancel"))
        }
        codes = StringTable(Self.codeTexts(ordered))
    }

    /// Groups keys of the form `<code>.<field>` and `<code>.action.<id>` by code, then by language.
    private static func codeTexts(_ tables: [[String: CatalogValue]]) -> [String: [CodeTexts?]] {
        var codes: [String: [CodeTexts?]] = [:]
        codes.reserveCapacity(tables.reduce(0) { max($0, $1.count) })
        // Appended one by one: `Array(repeating:count:)` of an optional class takes a generic path.
        var empty: [CodeTexts?] = []
        for _ in tables { empty.append(nil) }
        for (ordinal, texts) in tables.enumerated() {
            for (key, value) in texts {
                // Scanning the UTF-8 bytes for the last dot keeps this cheap for catalogs of many
                // thousands of keys: only keys that end in a field are split, and only their code is copied.
                let utf8 = key.utf8
                guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot != utf8.startIndex else { continue }
                let field = key[utf8.index(after: dot)...]
                let prefix = key[..<dot]
                if Self.endsWithAction(utf8[..<dot]) {
                    let code = prefix.dropLast(".action".count)
                    if !code.isEmpty, !field.isEmpty {
                        let texts = Self.texts(of: code, ordinal, in: &codes, empty)
                        texts.actions[String(field)] = Value(value)
                    }
                    continue
                }
                let texts: CodeTexts
                switch field {
                case "title", "message", "reason", "suggestion":
                    texts = Self.texts(of: prefix, ordinal, in: &codes, empty)
                default:
                    continue
                }
                switch field {
                case "title": texts.title = Value(value)
                case "message": texts.message = Value(value)
                case "reason": texts.reason = Value(value)
                default: texts.suggestion = Value(value)
                }
            }
        }
        return codes
    }

    /// Whether a key's code part ends in `.action` (`<code>.action.<id>`), compared as bytes:
    /// `hasSuffix` compares Characters, which costs far more for every key of a large catalog.
    private static func endsWithAction(_ prefix: Substring.UTF8View) -> Bool {
        let suffix: StaticString = ".action"
        guard prefix.count > suffix.utf8CodeUnitCount else { return false }
        return prefix.suffix(suffix.utf8CodeUnitCount).elementsEqual(
            UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount))
    }

    /// The texts of `code` in language `ordinal`, added if there are none yet: one hash of the code,
    /// and its array of languages filled in place (`empty` is copied on its first write).
    private static func texts(
        of code: Substring, _ ordinal: Int, in codes: inout [String: [CodeTexts?]], _ empty: [CodeTexts?]
    ) -> CodeTexts {
        func slot(_ texts: inout [CodeTexts?]) -> CodeTexts {
            if let existing = texts[ordinal] { return existing }
            let new = CodeTexts()
            texts[ordinal] = new
            return new
        }
        return slot(&codes[String(code), default: empty])
    }
}
