import Testing

@testable import FriendlyErrors

@Suite struct LanguageTagTests {
    @Test(arguments: [
        ("ja-JP", "ja-JP"),
        ("ja_JP", "ja-JP"),
        ("ja_JP.UTF-8", "ja-JP"),
        ("de_DE@euro", "de-DE"),
        ("zh-hant-tw", "zh-Hant-TW"),
        ("EN", "en"),
        ("sr-Latn-RS", "sr-Latn-RS"),
        ("zh-Hans", "zh-Hans"),
        ("sr_RS@latin", "sr-Latn-RS"),
        ("es-419", "es-419"),
        ("DE-de-1996", "de-DE-1996"),
        ("en-US-u-ca-gregory", "en-US"),
        ("de-x-formal", "de"),
        ("zh-yue-HK", "yue-HK"),
        ("iw-IL", "he-IL"),
        ("pt_BR.utf8", "pt-BR"),
    ])
    func readsBCP47AndPOSIXSpellingsIntoCanonicalForm(input: String, canonical: String) throws {
        let tag = try #require(LanguageTag(input))
        #expect(tag.description == canonical)
    }

    @Test func exposesSubtagsInCanonicalCase() {
        let tag: LanguageTag = "ZH_hANT_tw"
        #expect(tag.language == "zh")
        #expect(tag.script == "Hant")
        #expect(tag.region == "TW")
        #expect(tag.variants.isEmpty)

        let bare: LanguageTag = "ja"
        #expect(bare.script == nil)
        #expect(bare.region == nil)
    }

    @Test(arguments: [
        "", "C", "POSIX", "C.UTF-8", "e", "english", "en--US", "en-", "-en", "en-US!", "en US", "*",
        "x-private", "i-klingon", "en-u", "ja_JP.", "de_DE@", "12", "en-GB-oed", "ja\u{0}JP", "日本語",
        String(repeating: "a", count: 65), "en-" + String(repeating: "x", count: 62),
    ])
    func rejectsTextThatIsNotATag(input: String) {
        #expect(LanguageTag(input) == nil)
    }

    @Test func spellingsOfOneLanguageAreEqualAndHashAlike() {
        let first: LanguageTag = "pt_BR.UTF-8"
        let second: LanguageTag = "PT-br"
        #expect(first == second)
        #expect(Set([first, second]).count == 1)
    }

    @Test func literalThatIsNotATagBecomesUndetermined() {
        let junk: LanguageTag = "not a tag"
        #expect(junk == .undetermined)
        #expect(junk.description == "und")
        let good: LanguageTag = "pt-BR"
        #expect(good.description == "pt-BR")
    }

    @Test func literalArgumentToTheInitializerIsALiteralToo() {
        // `LanguageTag("C")` with a literal is `"C" as LanguageTag` (SE-0213), not the failable init.
        let literal = LanguageTag("C")
        #expect(literal == .undetermined)
        let text = "C"
        #expect(LanguageTag(text) == nil)
    }

    @Test(arguments: [
        ("ja-JP", ["ja-JP", "ja"]),
        ("pt-BR", ["pt-BR", "pt"]),
        ("en", ["en"]),
        ("zh-Hant-TW", ["zh-Hant-TW", "zh-TW", "zh-Hant"]),
        ("zh-TW", ["zh-TW", "zh-Hant-TW", "zh-Hant"]),
        ("zh-HK", ["zh-HK", "zh-Hant-HK", "zh-Hant"]),
        ("zh-MO", ["zh-MO", "zh-Hant-MO", "zh-Hant"]),
        ("zh-Hant-HK", ["zh-Hant-HK", "zh-HK", "zh-Hant"]),
        ("zh-CN", ["zh-CN", "zh-Hans-CN", "zh-Hans", "zh"]),
        ("zh-SG", ["zh-SG", "zh-Hans-SG", "zh-Hans", "zh"]),
        ("zh", ["zh", "zh-Hans"]),
        ("zh-Hans", ["zh-Hans", "zh"]),
        ("zh-Hans-TW", ["zh-Hans-TW", "zh-Hans", "zh"]),
        ("sr-Latn-RS", ["sr-Latn-RS", "sr-Latn"]),
        ("de-DE-1996", ["de-DE-1996", "de-DE", "de"]),
        ("en-Latn-US", ["en-Latn-US", "en-US", "en-Latn", "en"]),
    ])
    func fallbackChainDropsSubtagsAndKnowsImpliedScripts(input: String, chain: [String]) throws {
        let tag = try #require(LanguageTag(input))
        #expect(tag.fallbackChain.map(\.description) == chain)
    }

    @Test func traditionalChineseNeverFallsBackToBareChinese() throws {
        for input in ["zh-TW", "zh-Hant", "zh-Hant-TW", "zh-HK"] {
            let tag = try #require(LanguageTag(input))
            #expect(!tag.fallbackChain.contains("zh"), "\(input)")
            #expect(!tag.fallbackChain.contains("zh-Hans"), "\(input)")
        }
    }
}
