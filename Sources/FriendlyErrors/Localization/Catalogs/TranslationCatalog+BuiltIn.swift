extension TranslationCatalog {
    /// The library's own texts in every language it ships — button labels, presenter labels, the
    /// generic and Foundation error texts — compiled in from the repository's `Localization/`
    /// folder, so they are there however the binary is installed or moved.
    public static let builtIn = TranslationCatalog(stringsFiles: BuiltInStrings.files)
}
