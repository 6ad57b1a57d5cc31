import Foundation
import Testing

@testable import FriendlyErrors

/// Valid but hostile catalogs: huge numbers of placeholders and localizations are read completely
/// and checked exactly (their speed is measured by `Benchmarks/`, `catalog/placeholders/*`,
/// `catalog/localizations/*` and `catalog/280KB-40k-placeholders`).
struct HostileCatalogTests {
    @Test func aMismatchAfterFortyThousandPlaceholdersIsFound() {
        let base = String(repeating: "%@ ", count: 40_000)
        #expect(PlaceholderFormat.check(translation: base, against: base) == nil)
        let translation = String(repeating: "%@ ", count: 39_999) + "%d"
        #expect(
            PlaceholderFormat.check(translation: translation, against: base)
                == "placeholder 40000 is %d here but %@ in the base language")
        #expect(
            PlaceholderFormat.check(translation: String(repeating: "%@ ", count: 39_999), against: base)
                == "placeholder 40000 (%@) of the base language is missing here")
    }

    @Test func everyDistinctUnknownPlaceholderIsNotedOnce() {
        let template = (1...5_000).map { "%\($0)y %\($0)y" }.joined(separator: " ")
        let signature = PlaceholderFormat.signature(of: template)
        #expect(signature.problems.count == 5_000)
        #expect(signature.problems.first == .unknownSpecifier("%1y"))
        #expect(signature.has(.unknownSpecifier("%5000y")))
    }

    @Test func aKeyWithTwentyThousandLocalizationsKeepsEveryOne() {
        var text = #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"#
        text += #""en":{"stringUnit":{"state":"translated","value":"%@ files"}}"#
        for index in 0..<20_000 {
            text += #","x-\#(index)":{"stringUnit":{"state":"translated","value":"%@ f\#(index)"}}"#
        }
        // The same language twice: the last one counts, with a warning.
        text += #","x-7":{"stringUnit":{"state":"translated","value":"%@ last"}}}}}}"#
        let result = XCStringsParser.parse(bytes: Array(text.utf8), file: "Big.xcstrings")
        #expect(result.entries.count == 20_001)
        #expect(result.entries["x-19999"]?.first?.value == .text("%@ f19999"))
        #expect(result.entries["x-7"]?.map(\.value) == [.text("%@ last")])
        #expect(result.diagnostics.map(\.message) == [#"duplicate key "x-7" (also on line 1); this one is used"#])
    }
}
