import Testing

@testable import FriendlyErrors

/// A language chain packed in one value (issue 45) answers what the array it was made from answers, and
/// a chain longer than it holds keeps its first languages and the base language.
struct LanguageChainTests {
    /// Chains of 0 to 15 ordinals, some beyond what a byte holds.
    static let chains: [[Int]] = [
        [], [0], [3, 0], [1, 2, 0], [254, 0], [255, 0], [1000, 3, 0], [6, 5, 4, 3, 2, 1, 0], [7, 6, 5, 4, 3, 2, 1, 0],
        Array((0..<15).reversed()), [65_534, 0],
    ]

    @Test(arguments: chains)
    func aChainAnswersWhatItsArrayAnswers(ordinals: [Int]) {
        let chain = LanguageChain(ordinals)
        #expect(chain.ordinals == ordinals)
        #expect(Array(chain) == ordinals)
        #expect(chain.count == ordinals.count)
        #expect(chain.first == ordinals.first)
        for position in ordinals.indices {
            #expect(chain[position] == ordinals[position])
            #expect(chain.suffix(from: position).ordinals == Array(ordinals[position...]))
            #expect(chain.suffix(from: position) == LanguageChain(Array(ordinals[position...])))
        }
    }

    @Test func aLongerChainKeepsItsFirstLanguagesAndTheBase() {
        let ordinals = Array((0..<20).reversed())
        let chain = LanguageChain(ordinals)
        #expect(chain.count == LanguageChain.capacity)
        #expect(chain.ordinals == Array(ordinals.prefix(14)) + [0])
    }

    @Test func chainsAreEqualWhenTheirLanguagesAre() {
        #expect(LanguageChain([2, 0]) == LanguageChain([2, 0]))
        #expect(LanguageChain([2, 0]) != LanguageChain([0, 2]))
        #expect(LanguageChain([0]) != LanguageChain([0, 0]))
        #expect(LanguageChain([300, 0]) == LanguageChain([300, 0]))
    }

    @Test func aNegotiatedChainIsTheOneTheNegotiatorAnswersInStrings() {
        let negotiator = LanguageNegotiator(availableLanguages: ["en", "ja", "zh-Hant"], baseLanguage: "en")
        for tag in ["ja-JP", "zh-TW", "fr", "en"] {
            let preference = LanguagePreference(stringLiteral: tag)
            #expect(
                negotiator.chainIndices(for: preference).map { negotiator.availableLanguages[$0] }
                    == negotiator.chain(for: preference))
        }
    }
}
