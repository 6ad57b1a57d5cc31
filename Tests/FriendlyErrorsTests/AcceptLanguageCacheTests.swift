import Testing

@testable import FriendlyErrors

/// Preferences of headers seen before come from a cache, and are the parsed ones.
@Suite struct AcceptLanguageCacheTests {
    @Test func aHeaderSeenBeforeGivesTheParsedPreference() {
        let header = "ja-JP,ja;q=0.9,en-US;q=0.8,en;q=0.7"
        let parsed = LanguagePreference.parsingAcceptLanguage(header)
        #expect(LanguagePreference.acceptLanguage(header) == parsed)
        #expect(LanguagePreference.acceptLanguage(header) == parsed)
        #expect(parsed.tags.map(\.description) == ["ja-JP", "ja", "en-US", "en"])
    }

    @Test func manyDistinctAndLongHeadersAreStillParsedRight() {
        let long = (0..<100).map { "x\($0)" }.joined(separator: ", ") + ", de;q=0.5"
        #expect(long.utf8.count > AcceptLanguageCache.maximumHeaderLength)
        for round in 0..<2 {
            #expect(LanguagePreference.acceptLanguage(long) == LanguagePreference.parsingAcceptLanguage(long))
            for index in 0..<(AcceptLanguageCache.maximumEntries * 2 + 1) {
                let header = "fr;q=0.\(index % 10 + 1), de-CH, pt-BR;q=0.\(index / 10 % 10)"
                #expect(
                    LanguagePreference.acceptLanguage(header) == LanguagePreference.parsingAcceptLanguage(header),
                    "round \(round), header \(header)")
            }
        }
    }

    @Test func aKeptHeaderIsNegotiatedByEachCatalogAsItsOwn() async {
        let header = "pt-PT, zh-TW;q=0.9, ja;q=0.8, *;q=0.1"
        let catalogs = [
            TranslationCatalog.builtIn,
            TranslationCatalog.builtIn.offering(languages: ["en", "ja"]),
            TranslationCatalog(strings: ["en": ["a": "A"], "pt-BR": ["a": "Á"]]),
        ]
        let expected = catalogs.map { $0.languageOrdinals(for: LanguagePreference.parsingAcceptLanguage(header)) }
        #expect(expected[0] != expected[1])
        // Several tasks, the catalogs taking turns: each catalog always gets its own chain.
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    (0..<300).allSatisfy { round in
                        let index = (task + round) % catalogs.count
                        return catalogs[index].languageOrdinals(for: .acceptLanguage(header)) == expected[index]
                    }
                }
            }
            for await agreed in group { #expect(agreed) }
        }
    }
}
