import Foundation
import FriendlyErrors
import FriendlyErrorsAdapters
import Testing

/// Every text of an alert, and every label a presenter adds, is in `alert.language` or, where the
/// app never translated it, the base language: never a third.
@Suite struct OneLanguagePerAlertTests {
    /// A photo-sync app's own error, translated into English, Japanese and German.
    struct NameTaken: FriendlyError {
        var code: String { "sync.nameTaken" }
        var title: LocalizableText { "A photo with this name exists" }
        var message: LocalizableText { "“IMG_0042.HEIC” is already in the album." }
        var reason: LocalizableText? { "Two photos cannot share a name." }
        var suggestion: LocalizableText? { "Replace it, keep both, or skip this photo." }
        var category: ErrorCategory { .conflict }
        var recoveries: [Recovery] {
            [
                Recovery(id: "replace", label: "Replace", isDestructive: true) { .recovered },
                Recovery(id: "keepBoth", label: "Keep Both") { .recovered },
                Recovery(id: "skip", label: "Skip") { .done },
            ]
        }
    }

    static let appCatalog = TranslationCatalog(strings: [
        "en": [:],
        "ja": [
            "sync.nameTaken.title": "同じ名前の写真があります",
            "sync.nameTaken.message": "「IMG_0042.HEIC」はすでにアルバムにあります。",
            "sync.nameTaken.reason": "2 枚の写真に同じ名前は付けられません。",
            "sync.nameTaken.suggestion": "置き換えるか、両方残すか、この写真をスキップしてください。",
            "sync.nameTaken.action.replace": "置き換える",
            "sync.nameTaken.action.keepBoth": "両方残す",
            "sync.nameTaken.action.skip": "スキップ",
        ],
        "de": [
            "sync.nameTaken.title": "Ein Foto mit diesem Namen existiert",
            "sync.nameTaken.message": "„IMG_0042.HEIC“ ist bereits im Album.",
            "sync.nameTaken.reason": "Zwei Fotos können nicht denselben Namen haben.",
            "sync.nameTaken.suggestion": "Ersetzen, beide behalten oder dieses Foto überspringen.",
            "sync.nameTaken.action.replace": "Ersetzen",
            "sync.nameTaken.action.keepBoth": "Beide behalten",
            "sync.nameTaken.action.skip": "Überspringen",
        ],
    ])

    let pipeline = AlertPipeline().addingCatalog(Self.appCatalog)

    private func console(_ alert: Alert) async -> String {
        let captured = CapturedOutput()
        _ = await consolePresenter(captured, width: .unlimited).present(alert)
        return captured.text
    }

    @Test func aLanguageTheAppLacksFallsToTheNextTheAppHas() async {
        let alert = pipeline.alert(for: NameTaken(), in: .acceptLanguage("fr-CH, fr;q=0.9, de;q=0.8"))
        #expect(alert.language == "de")
        #expect(alert.title == "Ein Foto mit diesem Namen existiert")
        #expect(alert.message == "„IMG_0042.HEIC“ ist bereits im Album.")
        #expect(alert.reason == "Zwei Fotos können nicht denselben Namen haben.")
        #expect(alert.suggestion == "Ersetzen, beide behalten oder dieses Foto überspringen.")
        #expect(alert.actions.map(\.label) == ["Ersetzen", "Beide behalten", "Überspringen", "Abbrechen"])
        #expect(alert.presenterTexts.language == "de")
        let problem = ErrorResponse(alert: alert, contentLanguage: alert.language, writer: JSONPresenter())
        #expect(problem.value(forHeader: "Content-Language") == "de")

        #expect(
            await console(alert) == """
                Fehler: Ein Foto mit diesem Namen existiert
                  „IMG_0042.HEIC“ ist bereits im Album.
                  Grund: Zwei Fotos können nicht denselben Namen haben.
                  Hilfe: Ersetzen, beide behalten oder dieses Foto überspringen.

                  Keine Abfrage, da dies kein interaktives Terminal ist. Optionen:
                  1) Ersetzen
                  2) Beide behalten
                  3) Überspringen
                  4) Abbrechen

                """)
    }

    @Test func onlyALanguageTheAppLacksGivesTheBaseLanguageThroughout() async {
        for preference: LanguagePreference in ["fr", .acceptLanguage("fr-CH, fr;q=0.9")] {
            let alert = pipeline.alert(for: NameTaken(), in: preference)
            #expect(alert.language == "en")
            #expect(alert.title == "A photo with this name exists")
            #expect(alert.actions.map(\.label) == ["Replace", "Keep Both", "Skip", "Cancel"])
            #expect(await console(alert).hasPrefix("error: A photo with this name exists\n"))
            #expect(await console(alert).contains("  4) Cancel\n"))
            #expect(
                ErrorResponse(alert: alert, contentLanguage: alert.language, writer: JSONPresenter()).value(
                    forHeader: "Content-Language")
                    == "en")
        }
    }

    @Test func anAppWithoutACatalogOfItsOwnGetsEveryBuiltInLanguage() async {
        // For the built-in texts; an app's own error without its translations is in the base
        // language throughout (OneLanguageWithoutTheAppsTextsTests).
        let alert = AlertPipeline().alert(for: CocoaError(.fileNoSuchFile), in: "fr")
        #expect(alert.language == "fr")
        #expect(alert.presenterTexts.language == "fr")
        let text = await console(alert)
        #expect(text.hasPrefix("erreur: "), "\(text)")
    }

    @Test func anAppCanOfferASubsetOfTheBuiltInLanguages() {
        let pipeline = AlertPipeline().offering(languages: ["en", "ja"])
        #expect(pipeline.alert(for: CocoaError(.fileNoSuchFile), in: "fr").language == "en")
        #expect(pipeline.alert(for: CocoaError(.fileNoSuchFile), in: "ja").language == "ja")
        #expect(pipeline.catalog.languages == ["en", "ja"])
    }

    @Test func theBuiltInTextsFillInForTheAppsLanguages() {
        // The app translated only its own texts: Foundation's errors still come in Japanese.
        let alert = pipeline.alert(for: CocoaError(.fileNoSuchFile), in: "ja-JP")
        #expect(alert.language == "ja")
        #expect(alert.title == AlertPipeline().alert(for: CocoaError(.fileNoSuchFile), in: "ja").title)
    }

    @Test func aTagAStringAndALocaleFindTheSameLanguage() {
        let error = NameTaken()
        let expected = pipeline.alert(for: error, in: LanguagePreference(["de-CH"]))
        #expect(pipeline.alert(for: error, in: "de-CH") == expected)
        #expect(pipeline.alert(for: error, in: "de_CH") == expected)
        #expect(pipeline.alert(for: error, in: LanguagePreference(Locale(identifier: "de_CH"))) == expected)
        #expect(pipeline.alert(for: error, in: LanguagePreference(Locale(identifier: "ja_JP"))).language == "ja")
        let builtIn = CocoaError(.fileNoSuchFile)
        #expect(
            AlertPipeline().alert(for: builtIn, in: LanguagePreference(Locale(identifier: "zh_Hant_TW"))).language
                == "zh-Hant")
        #expect(
            AlertPipeline().alert(for: builtIn, in: LanguagePreference(Locale(identifier: "zh_TW"))).language
                == "zh-Hant")
    }
}
