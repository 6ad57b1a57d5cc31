import Foundation
import FriendlyErrors
import Testing

/// Finished texts (`LocalizableText.verbatim`) are shown as written in every language; the empty
/// text shows nothing and is never looked up under the error's code.
struct VerbatimTextTests {
    struct QuotaError: FriendlyError {
        var code: String { "quota.exceeded" }
        var category: ErrorCategory { .insufficientStorage }
        var message: LocalizableText { .verbatim("100% of %@ is used") }
        var reason: LocalizableText { .empty }
        var suggestion: LocalizableText { .verbatim("") }
    }

    /// A catalog with texts under every key a lookup by code would find.
    let pipeline = AlertPipeline().addingCatalog(
        TranslationCatalog(strings: [
            "en": [
                "quota.exceeded.message": "Looked up", "quota.exceeded.reason": "Looked up",
                "quota.exceeded.suggestion": "Looked up",
            ],
            "ja": ["quota.exceeded.message": "参照された"],
        ]))

    @Test func verbatimTextIsShownAsWrittenInEveryLanguage() {
        for language in ["en", "ja"] {
            let alert = pipeline.alert(for: QuotaError(), in: LanguagePreference([language]))
            #expect(alert.message == "100% of %@ is used", "\(language)")
        }
    }

    @Test func emptyTextsAreLeftOutAndNeverLookedUp() {
        let alert = pipeline.alert(for: QuotaError(), in: "en")
        #expect(alert.reason == nil)
        #expect(alert.suggestion == nil)
    }

    @Test func onlyFinishedTextsWithoutWordsAreEmpty() {
        #expect(LocalizableText.empty.isEmpty)
        #expect(LocalizableText.verbatim("").isEmpty)
        #expect(!LocalizableText.verbatim("Done").isEmpty)
        #expect(!LocalizableText().isEmpty)
        #expect(!LocalizableText(key: "quota.exceeded.reason").isEmpty)
        #expect(LocalizableText.verbatim("").key == "")
    }
}
