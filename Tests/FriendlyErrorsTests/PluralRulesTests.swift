import Testing

@testable import FriendlyErrors

@Suite struct PluralRulesTests {
    private func categories(_ language: String, _ counts: [Int64]) -> [PluralCategory] {
        counts.map { PluralRules.category(for: $0, language: language) }
    }

    @Test func englishAndGermanDistinguishOneFromOther() {
        #expect(categories("en", [0, 1, 2, 11, 101]) == [.other, .one, .other, .other, .other])
        #expect(categories("de-DE", [0, 1, 2]) == [.other, .one, .other])
    }

    @Test func eastAsianLanguagesOnlyHaveOther() {
        for language in ["ja", "zh-Hans", "zh-Hant", "zh", "ko", "ja_JP"] {
            #expect(categories(language, [0, 1, 2, 1_000_000]) == [.other, .other, .other, .other])
        }
    }

    @Test func frenchAndBrazilianPortugueseTreatZeroAsSingular() {
        #expect(categories("fr", [0, 1, 2, 1_000_000]) == [.one, .one, .other, .many])
        #expect(categories("pt-BR", [0, 1, 2]) == [.one, .one, .other])
        #expect(categories("pt", [0, 1]) == [.one, .one])
    }

    @Test func europeanPortugueseAndSpanishTreatZeroAsPlural() {
        #expect(categories("pt-PT", [0, 1, 2, 2_000_000]) == [.other, .one, .other, .many])
        #expect(categories("es", [0, 1, 2, 1_000_000]) == [.other, .one, .other, .many])
    }

    @Test func russianAndUkrainianUseOneFewMany() {
        let expected: [PluralCategory] = [.many, .one, .few, .few, .many, .many, .many, .one, .few, .many, .many]
        #expect(categories("ru", [0, 1, 2, 4, 5, 11, 12, 21, 22, 25, 111]) == expected)
        #expect(categories("uk", [0, 1, 2, 4, 5, 11, 12, 21, 22, 25, 111]) == expected)
    }

    @Test func polishOnlyUsesOneForExactlyOne() {
        #expect(categories("pl", [1, 2, 5, 12, 21, 22, 112]) == [.one, .few, .many, .many, .many, .few, .many])
    }

    @Test func czechUsesFewForTwoToFour() {
        #expect(categories("cs", [0, 1, 2, 4, 5, 22]) == [.other, .one, .few, .few, .other, .other])
    }

    @Test func arabicUsesAllSixCategories() {
        #expect(
            categories("ar", [0, 1, 2, 3, 10, 11, 99, 100, 102]) == [
                .zero, .one, .two, .few, .few, .many, .many, .other, .other,
            ])
    }

    @Test func negativeCountsUseTheirMagnitude() {
        #expect(PluralRules.category(for: -1, language: "en") == .one)
        #expect(PluralRules.category(for: .min, language: "ru") == .many)  // 9223372036854775808 ends in 08
    }

    @Test func unknownLanguagesFallBackToEnglishRule() {
        #expect(categories("xx", [0, 1, 2]) == [.other, .one, .other])
        #expect(categories("", [1]) == [.one])
    }

    @Test func zeroFormIsUsedForZeroWhenACatalogHasOne() {
        let forms: [PluralCategory: String] = [.zero: "no files", .one: "one file", .other: "%lld files"]
        let value = CatalogValue.plural(argument: nil, forms: forms)
        #expect(value.template(forCount: 0, language: "en") == "no files")
        #expect(value.template(forCount: 1, language: "en") == "one file")
        #expect(value.template(forCount: 1, language: "ja") == "%lld files")
        #expect(value.template(for: ["x", 1], language: "en") == "one file")
        #expect(value.template(for: ["no number"], language: "en") == "%lld files")
    }
}
