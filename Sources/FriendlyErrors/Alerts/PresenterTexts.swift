/// The texts a presenter adds around an alert — the console's `reason:` and `help:` labels, its
/// prompt, a severity's name — from the same catalog and in the same language as the alert's own
/// texts, so that an alert and its labels never mix two languages.
///
/// Every alert a pipeline makes carries them (``Alert/presenterTexts``): a presenter looks its
/// labels up there instead of keeping a catalog of its own that the app would have to keep in step
/// with the pipeline's.
///
/// ```swift
/// struct LogPresenter: AlertPresenter {
///     func present(_ alert: Alert) async -> String? {
///         let label = alert.presenterTexts.text("console.reason") ?? "reason:"
///         print("\(alert.title) — \(label) \(alert.reason ?? "-")")
///         return nil
///     }
/// }
/// ```
///
/// A key the alert's language lacks is looked up in the catalog's base language, never in a third.
package struct PresenterTexts: Sendable, Hashable {
    private let index: CatalogIndex
    private let ordinal: Int

    init(index: CatalogIndex, ordinal: Int) {
        self.index = index
        self.ordinal = ordinal
    }

    /// The library's built-in texts in `language` (a catalog language such as `"ja"` or `"pt-BR"`),
    /// or in its base language when it has none: what an alert made by hand, not by a pipeline,
    /// carries.
    package init(builtInLanguage language: String) {
        let index = TranslationCatalog.builtIn.index
        self.init(index: index, ordinal: index.languages.firstIndex { $0.name == language } ?? CatalogIndex.baseOrdinal)
    }

    /// The language the texts are in: the alert's.
    package var language: String { index.languages[ordinal].name }

    /// The text for `key` in the alert's language, else the base language, with its placeholders
    /// filled; `nil` when neither has the key.
    package func text(_ key: String, arguments: [LocalizableText.Argument] = []) -> String? {
        // The alert's language, then the base language, without an array to hold the two.
        var candidate = ordinal
        while true {
            if let value = index.text(forKey: key, language: candidate) {
                return value.formatted(with: arguments, language: index.languages[candidate].name)
            }
            guard candidate != CatalogIndex.baseOrdinal else { return nil }
            candidate = CatalogIndex.baseOrdinal
        }
    }

    /// Two sets of texts are equal when they are in the same language: they come from the alert's
    /// catalog, which is not part of the alert's value.
    package static func == (lhs: PresenterTexts, rhs: PresenterTexts) -> Bool {
        lhs.language == rhs.language
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(language)
    }
}
