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
    final class CodeTexts: Sendable {
        let title: CatalogValue?
        let message: CatalogValue?
        let reason: CatalogValue?
        let suggestion: CatalogValue?
        /// Recovery labels, by action id (`<code>.action.<id>`).
        let actions: [String: CatalogValue]

        init(_ fields: Fields) {
            title = fields.title
            message = fields.message
            reason = fields.reason
            suggestion = fields.suggestion
            actions = fields.actions
        }
    }

    /// The fields of ``CodeTexts`` while they are gathered.
    struct Fields {
        var title: CatalogValue?
        var message: CatalogValue?
        var reason: CatalogValue?
        var suggestion: CatalogValue?
        var actions: [String: CatalogValue] = [:]
    }

    /// One language's tables; a class for the same reason as ``CodeTexts``.
    final class Language: Sendable {
        let name: String
        let texts: StringTable<CatalogValue>
        /// OK and Cancel in this language, or the base language's where it has none.
        let ok: AlertAction
        let cancel: AlertAction
        /// The actions of an alert without recoveries (OK alone), shared by every such alert.
        let confirmationActions: [AlertAction]

        init(name: String, texts: [String: CatalogValue], ok: String, cancel: String) {
            self.name = name
            self.texts = StringTable(texts)
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
        var codes: [String: [Fields?]] = [:]
        codes.reserveCapacity(tables.reduce(0) { max($0, $1.count) } / 2)
        let empty = [Fields?](repeating: nil, count: tables.count)
        for (ordinal, texts) in tables.enumerated() {
            for (key, value) in texts {
                // Scanning the UTF-8 bytes for the last dot keeps this cheap for catalogs of many
                // thousands of keys: only keys that end in a field are split, and only their code is copied.
                let utf8 = key.utf8
                guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot != utf8.startIndex else { continue }
                let field = key[utf8.index(after: dot)...]
                let prefix = key[..<dot]
                if prefix.hasSuffix(".action") {
                    let code = prefix.dropLast(".action".count)
                    if !code.isEmpty, !field.isEmpty {
                        codes[String(code), default: empty][ordinal, default: Fields()].actions[String(field)] = value
                    }
                    continue
                }
                switch field {
                case "title": codes[String(prefix), default: empty][ordinal, default: Fields()].title = value
                case "message": codes[String(prefix), default: empty][ordinal, default: Fields()].message = value
                case "reason": codes[String(prefix), default: empty][ordinal, default: Fields()].reason = value
                case "suggestion": codes[String(prefix), default: empty][ordinal, default: Fields()].suggestion = value
                default: continue
                }
            }
        }
        return codes.mapValues { fields in fields.map { $0.map(CodeTexts.init) } }
    }
}

extension Array {
    /// The optional element at `index`, replaced by `defaultValue` first when it is `nil`: in-place
    /// access to one slot of an array of optionals, as `Dictionary`'s `subscript(_:default:)` gives.
    fileprivate subscript<Wrapped>(index: Int, default defaultValue: @autoclosure () -> Wrapped) -> Wrapped
    where Element == Wrapped? {
        get { self[index] ?? defaultValue() }
        _modify {
            if self[index] == nil { self[index] = defaultValue() }
            yield &self[index]!
        }
    }
}
