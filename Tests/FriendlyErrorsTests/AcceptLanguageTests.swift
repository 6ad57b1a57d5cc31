import Testing

@testable import FriendlyErrors

@Suite struct AcceptLanguageTests {
    /// The entries as `tag;q` text, `*` for the wildcard, to compare whole results at once.
    private func entries(_ header: String) -> [String] {
        AcceptLanguage.parse(header).map { "\($0.tag?.description ?? "*");\($0.quality)" }
    }

    @Test func ordersByQualityAndDefaultsToOne() {
        #expect(entries("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5") == ["fr-CH;1.0", "fr;0.9", "en;0.8", "*;0.5"])
        #expect(entries("en;q=0.1, de, ja;q=0.7") == ["de;1.0", "ja;0.7", "en;0.1"])
    }

    @Test func keepsHeaderOrderForEqualQuality() {
        #expect(entries("ko;q=0.5, ja;q=0.5, de;q=0.5, fr") == ["fr;1.0", "ko;0.5", "ja;0.5", "de;0.5"])
    }

    @Test func acceptsQValuesWithUpToThreeDecimals() {
        #expect(entries("de;q=1.000, fr;q=0.123, ja;q=0., ko;q=0") == ["de;1.0", "fr;0.123", "ja;0.0", "ko;0.0"])
    }

    @Test(arguments: ["q=1.001", "q=2", "q=0.1234", "q=-0.5", "q=1e309", "q=.5", "q=", "q=nan", "q=0x1"])
    func skipsEntriesWithInvalidQuality(weight: String) {
        #expect(entries("de;\(weight), fr") == ["fr;1.0"])
    }

    @Test func toleratesWhitespaceAndEmptyElements() {
        #expect(entries("  ,, de-DE \t;  q = 0.5 ,\tfr , ,") == ["fr;1.0", "de-DE;0.5"])
        #expect(entries("en;;q=0.5;") == ["en;0.5"])
        #expect(entries("en;level=1;q=0.3") == ["en;0.3"])
    }

    @Test func skipsMalformedRanges() {
        #expect(entries("de_DE, ja.UTF-8, en@x, fr!, x-klingon, it") == ["it;1.0"])
        #expect(entries(";;;;") == [])
        #expect(entries("") == [])
        #expect(entries("de;q=0.5;q=0.7, fr") == ["fr;1.0"])
    }

    @Test func canonicalizesTagsInEntries() {
        #expect(entries("ZH-hant-tw") == ["zh-Hant-TW;1.0"])
    }

    @Test func keepsAtMostThirtyTwoEntries() {
        let header = (0..<10_000).map { _ in "de;q=0.5" }.joined(separator: ",") + ", fr"
        let parsed = AcceptLanguage.parse(header)
        #expect(parsed.count == AcceptLanguage.maximumEntries)
        #expect(parsed.allSatisfy { $0.tag?.description == "de" })
    }

    @Test func ignoresInputPastFourKiBAndDropsTheEntryCutThere() {
        let filler = String(repeating: ",", count: AcceptLanguage.maximumHeaderLength - 3)
        #expect(entries(filler + "ja") == ["ja;1.0"])  // 4095 bytes: read whole.
        #expect(entries(filler + "de-AT") == [])  // `de-AT` crosses the limit: not read as `de`.
        #expect(entries(filler + "fr, ja") == ["fr;1.0"])  // the limit falls right after the comma.
    }

    @Test func survivesHostileHeadersQuickly() {
        let hostile = [
            String(repeating: ",", count: 1 << 20),
            String(repeating: ";", count: 1 << 20),
            String(repeating: "en-", count: 1 << 18),
            String(repeating: "\u{0}", count: 1 << 16) + "en",
            "en;q=1e309, de;q=" + String(repeating: "9", count: 100_000),
            String(repeating: "*;q=0.5,", count: 100_000),
            String(repeating: "é", count: 1 << 19),
            "\u{0}de\u{0};q=0.5",
        ]
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for header in hostile { #expect(AcceptLanguage.parse(header).count <= AcceptLanguage.maximumEntries) }
        }
        #expect(elapsed < .seconds(2))
    }
}
