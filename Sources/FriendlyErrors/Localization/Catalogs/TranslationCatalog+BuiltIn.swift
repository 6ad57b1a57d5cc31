extension TranslationCatalog {
    /// The library's own texts in every language it ships — button labels, presenter labels, the
    /// generic and Foundation error texts — compiled in from the repository's `Localization/`
    /// folder, so they are there however the binary is installed or moved.
    ///
    /// Alone, it offers alerts in all of them. Under an app's catalog (``AlertPipeline/addingCatalog(_:)``), it fills in
    /// for the app's languages only, so that an alert never mixes the app's English with built-in
    /// French buttons.
    public static let builtIn: TranslationCatalog = {
        var catalog = TranslationCatalog(stringsFiles: BuiltInStrings.files)
        catalog.fillsInOnly = true
        return catalog
    }()
}
