import Testing

@testable import FriendlyErrors

/// The `Accept-Language` value a client sends for its user's languages.
@Suite struct AcceptLanguageValueTests {
    @Test func eachTagComesWithItsMoreGeneralFormsAndFallingQValues() {
        #expect(LanguagePreference(["ja-JP", "en"]).acceptLanguageValue == "ja-JP, ja;q=0.9, en;q=0.8")
        #expect(LanguagePreference(["de-CH", "de", "fr"]).acceptLanguageValue == "de-CH, de;q=0.9, fr;q=0.8")
        #expect(LanguagePreference("ja").acceptLanguageValue == "ja")
        #expect(
            LanguagePreference("zh-TW").acceptLanguageValue == "zh-TW, zh-Hant-TW;q=0.9, zh-Hant;q=0.8")
    }

    @Test func theProcessLanguageOfAJapaneseLocaleAsksForJapanese() {
        let preference = LanguagePreference.process(environment: ["LANG": "ja_JP.UTF-8"])
        #expect(preference.acceptLanguageValue == "ja-JP, ja;q=0.9")
    }

    @Test func noLanguageAsksForAny() {
        #expect(LanguagePreference.base.acceptLanguageValue == "*")
        #expect(LanguagePreference.process(environment: ["LANG": "C"]).acceptLanguageValue == "*")
    }

    @Test func theWildcardKeepsItsPlaceAndRefusedLanguagesComeLast() {
        let preference = LanguagePreference.acceptLanguage("fr-CH, fr;q=0.9, *;q=0.5, en;q=0")
        #expect(preference.acceptLanguageValue == "fr-CH, fr;q=0.9, *;q=0.8, en;q=0")
        #expect(LanguagePreference(tags: [], wildcardPosition: 0, excluded: ["en"]).acceptLanguageValue == "*, en;q=0")
        // Refusing a language refuses its more specific forms, as negotiation has it.
        #expect(LanguagePreference(["pt-BR", "en"], excluded: ["pt"]).acceptLanguageValue == "en, pt;q=0")
    }

    @Test func theValueIsBoundedInEntriesAndLength() {
        let many = LanguagePreference(
            tags: ["en", "de", "fr", "es", "it", "ja", "ko", "nl", "sv", "da", "fi", "nb", "pl", "pt", "cs"].map {
                LanguageTag(stringLiteral: $0)
            })
        #expect(
            many.acceptLanguageValue
                == "en, de;q=0.9, fr;q=0.8, es;q=0.7, it;q=0.6, ja;q=0.5, ko;q=0.4, nl;q=0.3, sv;q=0.2, da;q=0.1")
        let long = LanguagePreference(
            tags: (0..<32).map { LanguageTag(stringLiteral: "en-x-\(String(repeating: "a", count: 8))\($0 % 10)") })
        #expect(long.acceptLanguageValue.utf8.count <= LanguagePreference.maximumAcceptLanguageLength)
    }

    @Test func aServerReadsTheValueBackAsTheSamePreference() {
        let preference = LanguagePreference(["pt-BR", "es", "en"])
        let read = LanguagePreference.acceptLanguage(preference.acceptLanguageValue)
        #expect(read.tags == ["pt-BR", "pt", "es", "en"])
    }
}
