extension TranslationCatalog {
    /// The library's own texts in every language it ships — button labels, presenter labels, the
    /// generic and Foundation error texts — compiled in from the repository's `Localization/`
    /// folder, so they are there however the binary is installed or moved.
    ///
    /// Alone, it offers alerts in all of them. Under an app's catalog (``AlertPipeline/addingCatalog(_:)``), it fills in
    /// for the app's languages only, so that an alert never mixes the app's English with built-in
    /// French buttons.
    public static let builtIn: TranslationCatalog = {
        var catalog = TranslationCatalog(literalTables: BuiltInStrings.literalTables)
        catalog.fillsInOnly = true
        return catalog
    }()

    /// A catalog of tables whose texts are string literals (`BuiltInStrings.literalTables`, which
    /// `Scripts/generate-builtin-strings.py` writes from the same files as `BuiltInStrings.files`): the
    /// catalog `init(stringsFiles:)` reads from those files, with texts that are never reference-counted,
    /// so every alert on every thread copies and drops them without writing a count they share (issue 45).
    /// `BuiltInCatalogTests` checks that both give the same tables, positions and diagnostics.
    init(literalTables: [(language: String, name: String, texts: [String], positions: [Int32])]) {
        var loader = CatalogLoader(baseLanguage: "en")
        for table in literalTables {
            let language = Self.canonicalLanguage(table.language)
            var texts: [String: CatalogValue] = [:]
            var places: [String: EntryPosition] = [:]
            texts.reserveCapacity(table.texts.count / 2)
            places.reserveCapacity(table.texts.count / 2)
            for entry in 0..<table.texts.count / 2 {
                let key = table.texts[2 * entry]
                texts[key] = .text(table.texts[2 * entry + 1])
                places[key] = EntryPosition(
                    file: table.name, line: Int(table.positions[2 * entry]), column: Int(table.positions[2 * entry + 1])
                )
            }
            loader.tables[language, default: [:]].merge(texts) { _, new in new }
            loader.locations[language, default: [:]].merge(places) { _, new in new }
        }
        self = loader.catalog()
    }
}
