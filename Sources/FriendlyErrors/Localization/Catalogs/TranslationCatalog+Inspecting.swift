/// Where a catalog entry was written, as the loader keeps it: a file, a 1-based line and a 1-based
/// column (in Unicode scalars), as ``CatalogDiagnostic`` counts them. ``TranslationCatalog/location(ofKey:language:)``
/// answers it as a ``FileLocation``, the library's one type for a place in a file.
struct EntryPosition: Sendable, Hashable {
    let file: String
    let line: Int
    let column: Int
}

/// Read-only inspection for an app's catalog tests: ``keys(language:)`` and
/// ``keyCount(language:)`` per language, ``hasOwnText(forKey:language:)``,
/// ``template(forKey:language:)`` and ``location(ofKey:language:)``.
///
/// ```swift
/// let catalog = TranslationCatalog.load(folder: "Localization")
/// for key in catalog.keys(language: "en") {
///     #expect(catalog.hasOwnText(forKey: key, language: "ja"), "\(key) at \(catalog.location(ofKey: key, language: "en")!)")
/// }
/// #expect(catalog.template(forKey: "order.tooLarge.message", language: "ja") == "注文は最大 %lld 点までです。")
/// ```
extension TranslationCatalog {
    /// Whether `language`'s own table has a text for `key` (no fallback to the base language).
    public func hasOwnText(forKey key: String, language: String) -> Bool {
        tables[Self.canonicalLanguage(language)]?[key] != nil
    }

    /// Where the entry for `key` in `language` was written, for tests and tools that report
    /// problems with a place (`friendly-errors lint`, the testing module).
    ///
    /// Known for catalogs loaded from files, `nil` for texts given in code. A translation that was
    /// left out because its placeholders do not match the base language keeps its location, so a
    /// tool can tell "written but rejected" from "never written".
    package func location(ofKey key: String, language: String) -> FileLocation? {
        locations[Self.canonicalLanguage(language)]?[key].map {
            FileLocation(file: $0.file, line: $0.line, column: $0.column)
        }
    }

    /// The text for `key` in `language`'s own table, as written, placeholders unfilled (for a plural,
    /// its `other` form); `nil` when that language has no such entry. Nothing falls back to the base
    /// language: this is for checking catalogs, not for showing texts.
    package func template(forKey key: String, language: String) -> String? {
        tables[Self.canonicalLanguage(language)]?[key]?.representativeTemplate
    }

    /// Why `translation` cannot be formatted with the arguments `base` takes, or `nil` when both
    /// take the same arguments of the same kinds (in any order): the check the catalog runs on
    /// every translation when it loads.
    ///
    /// ```swift
    /// TranslationCatalog.placeholderProblem(translation: "%d Dateien", base: "%@ files")
    /// // "placeholder 1 is %d here but %@ in the base language"
    /// ```
    package static func placeholderProblem(translation: String, base: String) -> String? {
        PlaceholderFormat.check(translation: translation, against: base)
    }
}

extension TranslationCatalog {
    /// Arguments that fill every placeholder of `key`'s base-language text (else of the first
    /// language that has it) with a visible sample, for tools that show a text without the error
    /// that fills it, numbered by its argument position so each shows where it goes: an object is
    /// `<1>`, `<2>`…, an integer its position (`2` for `%2$lld`), a floating-point number its
    /// position and a half (`2.5`).
    package func sampleArguments(forKey key: String) -> [LocalizableText.Argument] {
        let template =
            tables[baseLanguage]?[key]?.representativeTemplate
            ?? languages.lazy.compactMap { tables[$0]?[key]?.representativeTemplate }.first
        guard let template else { return [] }
        return PlaceholderFormat.signature(of: template).kinds.enumerated().map { position, kind in
            switch kind {
            case .integer: .integer(position + 1)
            case .double: .double(Double(position + 1) + 0.5)
            case .object, nil: .string("<\(position + 1)>")
            }
        }
    }
}
