public import Foundation

extension LanguagePreference {
    /// A preference for a Foundation `Locale`'s language: its language, script and region
    /// (`de_CH` → `de-CH`, `zh_Hant_TW` → `zh-Hant-TW`); calendar, collation and other keywords
    /// play no part. A locale with no language (the root locale) asks for the base language.
    ///
    /// ```swift
    /// let alert = pipeline.alert(for: error, in: LanguagePreference(Locale(identifier: "pt_BR")))
    /// ```
    ///
    /// On Linux `Locale.current` is the same whatever `LANG` or `LANGUAGE` say: a command-line tool
    /// uses ``process`` for the user's language.
    public init(_ locale: Locale) {
        let language = locale.language
        guard let code = language.languageCode?.identifier, !code.isEmpty else {
            self = .base
            return
        }
        var spelling = code
        if let script = language.script?.identifier { spelling += "-" + script }
        if let region = language.region?.identifier { spelling += "-" + region }
        self.init(tags: LanguageTag(spelling).map { [$0] } ?? [])
    }
}
