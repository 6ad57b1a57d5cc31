/// A catalog's tables arranged for the hot path: texts derived from an error's code are found with
/// one lookup of the code per language instead of building and hashing `<code>.title`,
/// `<code>.message`… one by one, and the stock labels are resolved once per language.
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
        let texts: [String: CatalogValue]
        let codes: [String: CodeTexts]
        /// OK and Cancel in this language, or the base language's where it has none.
        let ok: String
        let cancel: String

        init(name: String, texts: [String: CatalogValue], codes: [String: CodeTexts], ok: String, cancel: String) {
            self.name = name
            self.texts = texts
            self.codes = codes
            self.ok = ok
            self.cancel = cancel
        }
    }

    let languages: [String: Language]

    init(tables: [String: [String: CatalogValue]], baseLanguage: String) {
        let base = tables[baseLanguage] ?? [:]
        func label(_ key: String, _ texts: [String: CatalogValue], default fallback: String) -> String {
            if case .text(let text)? = texts[key] ?? base[key] { return text }
            return fallback
        }
        var languages: [String: Language] = [:]
        for (name, texts) in tables {
            languages[name] = Language(
                name: name, texts: texts, codes: Self.codeTexts(texts),
                ok: label("action.ok", texts, default: "OK"), cancel: label("action.cancel", texts, default: "Cancel"))
        }
        self.languages = languages
    }

    /// Groups keys of the form `<code>.<field>` and `<code>.action.<id>` by code.
    private static func codeTexts(_ texts: [String: CatalogValue]) -> [String: CodeTexts] {
        var codes: [String: Fields] = [:]
        codes.reserveCapacity(texts.count / 2)
        for (key, value) in texts {
            // Scanning the UTF-8 bytes for the last dot keeps this cheap for catalogs of many
            // thousands of keys: only keys that end in a field are split, and only their code is copied.
            let utf8 = key.utf8
            guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot != utf8.startIndex else { continue }
            let field = key[utf8.index(after: dot)...]
            let prefix = key[..<dot]
            if prefix.hasSuffix(".action") {
                let code = prefix.dropLast(".action".count)
                if !code.isEmpty, !field.isEmpty { codes[String(code), default: Fields()].actions[String(field)] = value }
                continue
            }
            switch field {
            case "title": codes[String(prefix), default: Fields()].title = value
            case "message": codes[String(prefix), default: Fields()].message = value
            case "reason": codes[String(prefix), default: Fields()].reason = value
            case "suggestion": codes[String(prefix), default: Fields()].suggestion = value
            default: continue
            }
        }
        return codes.mapValues(CodeTexts.init)
    }
}
