import Testing

@testable import FriendlyErrors

@Suite struct LanguageNegotiatorTests {
    let negotiator = LanguageNegotiator(
        availableLanguages: ["en", "ja", "de", "fr", "es", "pt-BR", "zh-Hans", "zh-Hant", "ko"],
        baseLanguage: "en")

    // MARK: Single tags

    @Test(arguments: [
        ("ja-JP", ["ja", "en"]),
        ("ja", ["ja", "en"]),
        ("zh-TW", ["zh-Hant", "en"]),
        ("zh-Hant-HK", ["zh-Hant", "en"]),
        ("zh-HK", ["zh-Hant", "en"]),
        ("zh", ["zh-Hans", "en"]),
        ("zh-CN", ["zh-Hans", "en"]),
        ("pt-BR", ["pt-BR", "en"]),
        ("pt-PT", ["pt-BR", "en"]),
        ("pt", ["pt-BR", "en"]),
        ("en-GB", ["en"]),
        ("en", ["en"]),
        ("xx", ["en"]),
        ("und", ["en"]),
        ("de-CH-1996", ["de", "en"]),
        ("es-419", ["es", "en"]),
    ])
    func singleTagFindsItsLanguageThenTheBase(tag: String, chain: [String]) {
        #expect(negotiator.chain(for: LanguagePreference(stringLiteral: tag)) == chain)
    }

    @Test func emptyPreferenceGivesTheBaseLanguage() {
        #expect(negotiator.chain(for: .base) == ["en"])
        #expect(negotiator.bestLanguage(for: .base) == "en")
    }

    @Test func bestLanguageIsTheFirstOfTheChain() {
        #expect(negotiator.bestLanguage(for: "zh-TW") == "zh-Hant")
        #expect(negotiator.bestLanguage(for: .acceptLanguage("xx, ko;q=0.5")) == "ko")
    }

    @Test func answersInTheCatalogsOwnSpelling() {
        let legacy = LanguageNegotiator(availableLanguages: ["EN", "zh_TW", "zh_CN", "PT-br"], baseLanguage: "en")
        #expect(legacy.chain(for: "zh-Hant") == ["zh_TW", "EN"])
        #expect(legacy.chain(for: "zh-HK") == ["zh_TW", "EN"])
        #expect(legacy.chain(for: "zh") == ["zh_CN", "EN"])
        #expect(legacy.chain(for: "pt-br") == ["PT-br", "EN"])
        #expect(legacy.chain(for: "en-US") == ["EN"])
        #expect(legacy.availableLanguages == ["EN", "zh_TW", "zh_CN", "PT-br"])
    }

    @Test func regionalCatalogComesBeforeItsLanguage() {
        let regional = LanguageNegotiator(availableLanguages: ["en", "en-GB", "pt", "pt-BR"], baseLanguage: "en")
        #expect(regional.chain(for: "en-GB") == ["en-GB", "en"])
        #expect(regional.chain(for: "pt-BR") == ["pt-BR", "pt", "en"])
        #expect(regional.chain(for: "pt-PT") == ["pt", "en"])
        #expect(regional.chain(for: "en-AU") == ["en"])
    }

    @Test func traditionalChineseNeverGetsSimplified() {
        let simplifiedOnly = LanguageNegotiator(availableLanguages: ["en", "zh-Hans"], baseLanguage: "en")
        #expect(simplifiedOnly.chain(for: "zh-TW") == ["en"])
        #expect(simplifiedOnly.chain(for: "zh-Hant") == ["en"])
        #expect(simplifiedOnly.chain(for: "zh-SG") == ["zh-Hans", "en"])
    }

    @Test func baseLanguageMissingFromTheListIsAdded() {
        let withoutBase = LanguageNegotiator(availableLanguages: ["ja"], baseLanguage: "en")
        #expect(withoutBase.availableLanguages == ["ja", "en"])
        #expect(withoutBase.chain(for: "de") == ["en"])
    }

    @Test func namesThatAreNotTagsAreNeverChosen() {
        let withBaseFolder = LanguageNegotiator(availableLanguages: ["Base", "en", "de"], baseLanguage: "en")
        #expect(withBaseFolder.chain(for: "de-AT") == ["de", "en"])
        #expect(withBaseFolder.chain(for: .acceptLanguage("en;q=0")) == ["de", "en"])
        #expect(withBaseFolder.chain(for: .acceptLanguage("xx, *")) == ["en"])
    }

    // MARK: Accept-Language

    @Test func acceptLanguageWithWildcardStopsAtTheBase() {
        let preference = LanguagePreference.acceptLanguage("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5")
        #expect(negotiator.chain(for: preference) == ["fr", "en"])
    }

    @Test func severalTagsAreTriedInOrder() {
        #expect(negotiator.chain(for: .acceptLanguage("ja-JP, ja;q=0.9, de;q=0.8")) == ["ja", "de", "en"])
        #expect(negotiator.chain(for: .acceptLanguage("xx, zh-TW;q=0.9, pt-PT;q=0.8")) == ["zh-Hant", "pt-BR", "en"])
    }

    @Test func wildcardAddsTheBaseAtItsRank() {
        #expect(negotiator.chain(for: .acceptLanguage("de, *;q=0.9, fr;q=0.8")) == ["de", "en"])
        #expect(negotiator.chain(for: .acceptLanguage("*")) == ["en"])
        #expect(negotiator.chain(for: .acceptLanguage("*, ja;q=0.5")) == ["en"])
    }

    @Test func excludedLanguagesAreNeverChosen() {
        #expect(negotiator.chain(for: .acceptLanguage("ja, ja;q=0")) == ["en"])
        #expect(negotiator.chain(for: .acceptLanguage("pt-PT, pt;q=0")) == ["en"])
        #expect(negotiator.chain(for: .acceptLanguage("zh-TW, zh-Hant;q=0, ko;q=0.5")) == ["ko", "en"])
        #expect(negotiator.chain(for: .acceptLanguage("de, ja-JP;q=0")) == ["de", "en"])
    }

    @Test func excludedBaseGivesWayToAnotherLanguageButStillClosesTheChain() {
        #expect(negotiator.chain(for: .acceptLanguage("en;q=0, ja")) == ["ja", "en"])
        #expect(negotiator.chain(for: .acceptLanguage("en-US, ja;q=0.5, en;q=0")) == ["ja", "en"])
        // Nothing wanted but English refused: the first non-excluded language in catalog order.
        #expect(negotiator.chain(for: .acceptLanguage("en;q=0")) == ["ja", "en"])
        #expect(negotiator.chain(for: .acceptLanguage("en;q=0, ja;q=0")) == ["de", "en"])
        #expect(negotiator.chain(for: .acceptLanguage("fr;q=0.5, *;q=0.3, en;q=0")) == ["fr", "ja", "en"])
        let englishOnly = LanguageNegotiator(availableLanguages: ["en"], baseLanguage: "en")
        #expect(englishOnly.chain(for: .acceptLanguage("en;q=0")) == ["en"])
    }

    @Test func hostileHeadersStillNegotiate() {
        let headers = [
            String(repeating: ",", count: 1 << 20),
            (0..<10_000).map { "x\($0 % 10)x;q=0.\($0 % 1000)" }.joined(separator: ", "),
            "ja\u{0}, de;q=1e309, ;;;;, fr;q=0.5",
        ]
        #expect(negotiator.chain(for: .acceptLanguage(headers[0])) == ["en"])
        #expect(negotiator.chain(for: .acceptLanguage(headers[1])) == ["en"])
        #expect(negotiator.chain(for: .acceptLanguage(headers[2])) == ["fr", "en"])
    }

    // MARK: Invariants

    @Test func chainsEndWithTheBaseAndHaveNoDuplicates() {
        let headers = [
            "ja, ja-JP, ja;q=0.5, en, ko", "pt, pt-BR, pt-PT, *, es", "zh, zh-CN, zh-TW, zh-Hans, zh-Hant",
            "*;q=0, fr;q=0", "en;q=0, *", "de-AT, de-DE, de;q=0.2, en-US;q=0.1", "",
        ]
        for header in headers {
            let chain = negotiator.chain(for: .acceptLanguage(header))
            #expect(chain.last == "en", "\(header)")
            #expect(Set(chain).count == chain.count, "\(header)")
        }
    }

    @Test func precomputedAnswersMatchTheGeneralCase() {
        let tags = [
            "en", "en-US", "ja", "ja-JP", "de", "de-AT", "pt", "pt-BR", "pt-PT", "zh", "zh-CN", "zh-SG", "zh-TW",
            "zh-HK", "zh-Hans", "zh-Hant", "zh-Hant-TW", "zh-Hans-HK", "sr", "xx", "ko-KR", "es-419",
        ]
        for text in tags {
            let tag = LanguageTag(stringLiteral: text)
            // An exclusion that matches nothing forces the general path.
            let general = LanguagePreference(tags: [tag], excluded: ["qaa"])
            #expect(negotiator.chain(for: LanguagePreference(tags: [tag])) == negotiator.chain(for: general), "\(text)")
        }
    }

    @Test func aTagAsWrittenFindsWhatItsParsedPreferenceFinds() {
        let spellings = [
            "en", "en-US", "en-GB", "ja", "ja-JP", "ja_JP", "JA-jp", "ja-jp", "de-AT", "de-CH", "pt-PT", "pt_BR",
            "zh", "zh-CN", "zh-TW", "zh-HK", "zh-Hant", "zh-Hant-TW", "zh_Hant_TW", "sr-RS", "es-419", "es-4190",
            "xx", "xx-YY", "abcd-EF", "", "-", "ja-", "-JP", "x-private", "i-klingon", "en-US-u-ca-gregory", "ja-JPN",
            "\u{1B}[31m", "ja-J\u{0}", "日本語", "de_CH", "fr_FR", "zh_TW", "xx_YY", "ja_", "_JP", "ja_jp", "ja_JP.UTF-8",
            "ast", "abc", "JA", "j", "jaa", "e\u{301}n",
        ]
        for spelling in spellings {
            #expect(
                negotiator.chainIndices(forTag: spelling)
                    == negotiator.chainIndices(for: LanguagePreference(stringLiteral: spelling)), "\(spelling)")
        }
    }
}

@Suite struct LanguagePreferenceTests {
    let negotiator = LanguageNegotiator(availableLanguages: ["en", "ja", "de", "fr"], baseLanguage: "en")

    private func chain(_ environment: [String: String]) -> [String] {
        negotiator.chain(for: .process(environment: environment))
    }

    @Test func languageListComesFirstInGettextOrder() {
        #expect(chain(["LANGUAGE": "de:fr", "LANG": "ja_JP.UTF-8"]) == ["de", "fr", "en"])
        #expect(LanguagePreference.process(environment: ["LANGUAGE": "de:fr"]).tags == ["de", "fr"])
    }

    @Test func languageListIsIgnoredUnderTheCLocale() {
        #expect(chain(["LANG": "C", "LANGUAGE": "de"]) == ["en"])
        #expect(chain(["LANG": "POSIX", "LANGUAGE": "de"]) == ["en"])
        #expect(chain(["LC_ALL": "C.UTF-8", "LANG": "ja_JP.UTF-8", "LANGUAGE": "de"]) == ["en"])
    }

    @Test func localeVariablesArePrioritized() {
        #expect(chain(["LC_ALL": "ja_JP.UTF-8", "LANG": "de_DE"]) == ["ja", "en"])
        #expect(chain(["LC_MESSAGES": "fr_FR", "LANG": "de_DE"]) == ["fr", "en"])
        #expect(chain(["LC_ALL": "", "LC_MESSAGES": "", "LANG": "de_DE@euro"]) == ["de", "en"])
        #expect(chain(["LANG": "C.UTF-8"]) == ["en"])
        #expect(chain([:]) == ["en"])
    }

    @Test func invalidLanguageListEntriesAreSkipped() {
        #expect(chain(["LANGUAGE": "C::fr_FR.UTF-8:!!", "LANG": "ja_JP"]) == ["fr", "en"])
        #expect(chain(["LANGUAGE": "C", "LANG": "ja_JP"]) == ["ja", "en"])
    }

    @Test func processPreferenceIsReadOnce() {
        #expect(LanguagePreference.process == LanguagePreference.process)
    }

    @Test func acceptLanguageKeepsWildcardRankAndExclusions() {
        let preference = LanguagePreference.acceptLanguage("de;q=0.2, fr, *;q=0.5, ja;q=0, de")
        #expect(preference.tags == ["fr", "de"])
        #expect(preference.wildcardPosition == 2)
        #expect(preference.acceptsAnyLanguage)
        #expect(preference.excluded == ["ja"])
    }

    @Test func literalNamesOneLanguageOrNone() {
        let japanese: LanguagePreference = "ja-JP"
        #expect(japanese.tags == ["ja-JP"])
        let junk: LanguagePreference = "!!"
        #expect(junk == .base)
        #expect(junk.isEmpty)
    }

    @Test func duplicatesAreRemovedAndWildcardFollowsItsRank() {
        let preference = LanguagePreference(tags: ["de", "fr", "de", "ja"], wildcardPosition: 3)
        #expect(preference.tags == ["de", "fr", "ja"])
        #expect(preference.wildcardPosition == 2)
    }
}
