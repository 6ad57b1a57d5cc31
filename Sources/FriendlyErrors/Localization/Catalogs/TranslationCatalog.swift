/// The translated texts an ``AlertPipeline`` looks keys up in: tables of key → text, one per
/// language, with a base language every other one falls back to, key by key.
///
/// The library's own texts (buttons, labels, the Foundation error texts) are ``builtIn``, compiled
/// in from the repository's `Localization/` folder, so a moved binary still has them. Apps load
/// their own `.strings` or `.xcstrings` catalogs and layer them over it:
///
/// ```swift
/// let catalog = TranslationCatalog.load(folder: "Resources/Localization")
/// for problem in catalog.diagnostics { print(problem) }      // file:line:column: error: …
/// let pipeline = AlertPipeline().addingCatalog(catalog)
/// ```
///
/// Loading never throws and never drops good entries: every problem — a syntax error, a duplicate
/// key, a translation whose placeholders do not match the base language — becomes a diagnostic,
/// and the key falls back to the base language.
public struct TranslationCatalog: Sendable {
    /// The language every other one falls back to (`"en"`).
    public let baseLanguage: String
    /// The problems found while loading, each with its file, line and column.
    public private(set) var diagnostics: [CatalogDiagnostic]

    var tables: [String: [String: CatalogValue]] {
        didSet { rebuildIndex() }
    }
    /// The languages alerts may be put in, when not every language of ``tables``: after the built-in
    /// catalog is layered under an app's, the app's languages (see ``AlertPipeline/addingCatalog(_:)``). `nil` for all.
    private var offered: Set<String>? {
        didSet { rebuildIndex() }
    }
    /// Whether this is the built-in catalog alone, whose languages give way to an app's.
    var fillsInOnly = false
    /// The tables arranged for fast lookups; rebuilt whenever they change (at load time only).
    private(set) var index: CatalogIndex
    /// Where each entry was written, by language and key (files only; see `location(ofKey:language:)`).
    var locations: [String: [String: EntryPosition]] = [:]
    private(set) var negotiator: LanguageNegotiator

    /// A catalog from texts given in code: language → key → text (none: an empty catalog). Translations whose placeholders
    /// do not match the base language's are left out and reported in ``diagnostics``.
    ///
    /// ```swift
    /// let catalog = TranslationCatalog(strings: [
    ///     "en": ["storage.diskFull.title": "Disk full"],
    ///     "ja": ["storage.diskFull.title": "ディスクがいっぱいです"],
    /// ])
    /// ```
    public init(baseLanguage: String = "en", strings: [String: [String: String]] = [:]) {
        var tables: [String: [String: CatalogValue]] = [:]
        for (language, texts) in strings {
            let name = Self.canonicalLanguage(language)
            tables[name, default: [:]].merge(texts.mapValues { .text($0) }) { _, new in new }
        }
        self.init(baseLanguage: Self.canonicalLanguage(baseLanguage), tables: tables, diagnostics: [])
        validatePlaceholders(locations: [:])
    }

    init(
        baseLanguage: String, tables: [String: [String: CatalogValue]], diagnostics: [CatalogDiagnostic],
        offered: Set<String>? = nil
    ) {
        self.baseLanguage = baseLanguage
        self.tables = tables
        self.offered = offered
        let order = Self.order(of: offered ?? Set(tables.keys), baseLanguage: baseLanguage)
        self.index = CatalogIndex(tables: tables, order: order)
        self.diagnostics = diagnostics
        self.negotiator = LanguageNegotiator(availableLanguages: order, baseLanguage: baseLanguage)
    }

    /// The languages in a fixed order, the base language first, then by name: the negotiator breaks
    /// ties in this order, and the index numbers languages by it, so a chain of ordinals from the
    /// one is valid in the other.
    private static func order(of languages: Set<String>, baseLanguage: String) -> [String] {
        [baseLanguage] + languages.filter { $0 != baseLanguage }.sorted()
    }

    private mutating func rebuildIndex() {
        let order = Self.order(of: offered ?? Set(tables.keys), baseLanguage: baseLanguage)
        index = CatalogIndex(tables: tables, order: order)
        negotiator = LanguageNegotiator(availableLanguages: order, baseLanguage: baseLanguage)
    }

    /// The languages alerts can be put in, the base language first: every language with a text,
    /// or, once an app's catalog is layered over the built-in one, the app's languages only (see
    /// ``AlertPipeline/addingCatalog(_:)`` and ``AlertPipeline/offering(languages:)``).
    public var languages: [String] {
        Self.order(of: offered ?? Set(tables.keys), baseLanguage: baseLanguage)
    }

    /// Whether alerts can be put in `language` (one of ``languages``), without building that list:
    /// a server asks for every response.
    func offers(_ language: String) -> Bool {
        index.languages.contains { $0.name == language }
    }

    /// The catalog with alerts offered in these languages only (and the base language, which every
    /// lookup ends with), whatever languages its tables have: for an app that wants a subset of the
    /// built-in languages, or that ships a language in code that no catalog file declares.
    ///
    /// ```swift
    /// let catalog = TranslationCatalog.builtIn.offering(languages: ["en", "ja"])   // no French alerts
    /// ```
    package func offering(languages: [String]) -> TranslationCatalog {
        var copy = self
        copy.fillsInOnly = false
        copy.offered = Set(languages.map(Self.canonicalLanguage)).union([baseLanguage])
        return copy
    }

    /// The number of keys in a language's own table (without fallbacks): for an app's catalog tests.
    ///
    /// ```swift
    /// #expect(catalog.keyCount(language: "ja") == catalog.keyCount(language: "en"))
    /// ```
    package func keyCount(language: String) -> Int {
        tables[Self.canonicalLanguage(language)]?.count ?? 0
    }

    /// The keys of a language's own table (without fallbacks), sorted: for an app's catalog tests.
    public func keys(language: String) -> [String] {
        (tables[Self.canonicalLanguage(language)]?.keys).map { $0.sorted() } ?? []
    }

    /// The catalog with `other`'s texts layered over this one's: where both have a key in a
    /// language, `other`'s wins. Diagnostics of both are kept.
    ///
    /// Alerts are offered in the languages of the catalogs an app adds, so that every text of an
    /// alert is in one language: over ``builtIn``, the built-in texts fill in for the app's languages
    /// only (an app with English, Japanese and German catalogs answers a French reader in English,
    /// not with French buttons around English texts). Adding a catalog with no texts changes nothing.
    package func adding(_ other: TranslationCatalog) -> TranslationCatalog {
        var tables = self.tables
        var locations = self.locations
        for (language, texts) in other.tables {
            let name = language == other.baseLanguage ? baseLanguage : language
            tables[name, default: [:]].merge(texts) { _, new in new }
        }
        for (language, places) in other.locations {
            let name = language == other.baseLanguage ? baseLanguage : language
            locations[name, default: [:]].merge(places) { _, new in new }
        }
        var offered = self.offered
        if !other.tables.isEmpty {
            let added = Set(
                (other.offered ?? Set(other.tables.keys)).map { $0 == other.baseLanguage ? baseLanguage : $0 })
            offered = fillsInOnly ? added.union([baseLanguage]) : offered.map { $0.union(added) }
        }
        var combined = TranslationCatalog(
            baseLanguage: baseLanguage, tables: tables, diagnostics: diagnostics + other.diagnostics, offered: offered)
        combined.fillsInOnly = fillsInOnly && other.tables.isEmpty
        combined.locations = locations
        return combined
    }

    /// The languages to look keys up in for a preference, best first, ending with the base language.
    package func languageChain(for preference: LanguagePreference) -> [String] {
        negotiator.chain(for: preference)
    }

    /// `languageChain(for:)` as the index's ordinals: what the hot path walks.
    func languageOrdinals(for preference: LanguagePreference) -> LanguageChain {
        if let spelling = preference.spelling {
            return negotiator.chainIndices(forTag: spelling, packed: preference.packed)
        }
        if let negotiated = preference.negotiated {
            return negotiated.chain(by: negotiator.serial) { negotiator.chainIndices(for: preference) }
        }
        return negotiator.chainIndices(for: preference)
    }

    /// ``languageOrdinals(for:)`` for one tag as written (`"ja-JP"`), at the cost of a prebuilt
    /// preference when the spelling is canonical.
    func languageOrdinals(forTag tag: String) -> LanguageChain {
        negotiator.chainIndices(forTag: tag)
    }

    /// The text for `key` in `language`, falling back to the base language, with its placeholders
    /// filled; `nil` when neither has the key.
    ///
    /// ```swift
    /// catalog.text("action.cancel", language: "ja")   // "キャンセル"
    /// ```
    package func text(_ key: String, language: String, arguments: [LocalizableText.Argument] = []) -> String? {
        // An alert's language is already one of the catalog's own: parsing it as a tag again on every
        // label a presenter looks up would cost more than the lookup.
        let name = language == baseLanguage || tables[language] != nil ? language : Self.canonicalLanguage(language)
        for candidate in name == baseLanguage ? [baseLanguage] : [name, baseLanguage] {
            if let value = tables[candidate]?[key] { return value.formatted(with: arguments, language: candidate) }
        }
        return nil
    }

    /// The first of the languages in `chain` that has `key`, with its value.
    func lookup(_ key: String, in chain: [String]) -> (value: CatalogValue, language: String)? {
        for language in chain {
            if let value = tables[language]?[key] { return (value, language) }
        }
        return nil
    }

    /// Removes translations whose placeholders differ from the base language's, reporting each.
    mutating func validatePlaceholders(locations: [String: [String: (file: String, line: Int, column: Int)]]) {
        guard let base = tables[baseLanguage] else { return }
        // Removals go to a copy, assigned once at the end, so the index is rebuilt once.
        var checked = tables
        var removedAny = false
        defer { if removedAny { tables = checked } }
        for (language, texts) in tables where language != baseLanguage {
            for (key, value) in texts {
                guard let baseValue = base[key], let problem = value.placeholderProblem(against: baseValue) else {
                    continue
                }
                checked[language]?[key] = nil
                removedAny = true
                let location = locations[language]?[key] ?? (file: "\(language).lproj", line: 1, column: 1)
                diagnostics.append(
                    CatalogDiagnostic(
                        file: location.file, line: location.line, column: location.column, severity: .error,
                        message: "translation of '\(key)' not used, the base language is shown instead: \(problem)",
                        key: key))
            }
        }
    }

    /// `ja_JP` → `ja-JP`, `Base` stays as it is for the caller to map, unknown spellings unchanged.
    static func canonicalLanguage(_ name: String) -> String {
        LanguageTag(name)?.description ?? name
    }
}

extension CatalogValue {
    /// The template the placeholder check compares: the text, or a plural's `other` form.
    var representativeTemplate: String {
        switch self {
        case .text(let text): return text
        case .plural(_, let forms): return forms[.other] ?? forms.values.first ?? ""
        }
    }

    /// The problem with this translation's placeholders against the base language's, if any; a
    /// plural form may leave the count out ("one file").
    func placeholderProblem(against base: CatalogValue) -> String? {
        let baseTemplate = base.representativeTemplate
        if case .text(let text) = self {
            return PlaceholderFormat.check(translation: text, against: baseTemplate)
        }
        for (form, template) in allTemplates {
            if let problem = PlaceholderFormat.check(
                translation: template, against: baseTemplate, allowsOmittedArguments: true)
            {
                return "plural form '\(form)': \(problem)"
            }
        }
        return nil
    }

    /// The value with its placeholders filled, choosing a plural form by the counted argument.
    func formatted(with arguments: [LocalizableText.Argument], language: String) -> String {
        PlaceholderFormat.format(template(for: arguments, language: language), arguments: arguments)
    }
}
