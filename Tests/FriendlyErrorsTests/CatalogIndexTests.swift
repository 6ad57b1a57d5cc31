import Foundation
import FriendlyErrors
import Testing

/// The catalog index groups `<code>.<field>` and `<code>.action.<id>` keys by code across
/// languages (see `CatalogIndex`): every field, every language and the fallbacks between them must
/// come out as the plain tables say.
struct CatalogIndexTests {
    struct Cleanup: FriendlyError {
        var code: String { "shop.cart.stale" }
        var category: ErrorCategory { .conflict }
        var recoveries: [Recovery] {
            [
                Recovery(id: "refresh", label: LocalizableText(default: "Refresh")) { .retry },
                Recovery(id: "discard", label: LocalizableText(default: "Discard"), isDestructive: true) { .done },
            ]
        }
    }

    let catalog = TranslationCatalog(strings: [
        "en": [
            "shop.cart.stale.title": "Cart out of date",
            "shop.cart.stale.message": "Prices changed since you added these items.",
            "shop.cart.stale.reason": "The shop updated its prices.",
            "shop.cart.stale.action.refresh": "Update prices",
            "shop.cart.stale.action.discard": "Empty the cart",
            // Keys that look like codes but name no field are ordinary keys.
            "shop.cart.stale.footnote": "not a field",
            ".title": "a key with no code",
            "action": "no dot at all",
        ],
        "ja": [
            "shop.cart.stale.title": "カートが古くなっています",
            "shop.cart.stale.action.refresh": "価格を更新",
        ],
    ])

    @Test func fieldsAndRecoveryLabelsComeFromTheirOwnLanguageThenTheBase() {
        let pipeline = AlertPipeline().addingCatalog(catalog)
        let english = pipeline.alert(for: Cleanup(), in: "en")
        #expect(english.title == "Cart out of date")
        #expect(english.message == "Prices changed since you added these items.")
        #expect(english.reason == "The shop updated its prices.")
        #expect(english.action(id: "refresh")?.label == "Update prices")
        #expect(english.action(id: "discard")?.label == "Empty the cart")

        let japanese = pipeline.alert(for: Cleanup(), in: "ja-JP")
        #expect(japanese.language == "ja")
        #expect(japanese.title == "カートが古くなっています")
        // Missing in Japanese: the base language's text, key by key.
        #expect(japanese.message == "Prices changed since you added these items.")
        #expect(japanese.action(id: "refresh")?.label == "価格を更新")
        #expect(japanese.action(id: "discard")?.label == "Empty the cart")
        #expect(japanese.action(id: "cancel")?.label == "キャンセル")
    }

    @Test func keysThatAreNoFieldStayOrdinaryKeys() {
        #expect(catalog.text("shop.cart.stale.footnote", language: "en") == "not a field")
        #expect(catalog.text(".title", language: "en") == "a key with no code")
        #expect(catalog.text("action", language: "en") == "no dot at all")
    }

    @Test func manyCodesInManyLanguagesAreEachFound() {
        var english: [String: String] = [:]
        var german: [String: String] = [:]
        for index in 0..<3_000 {
            english["generated.code\(index).title"] = "Title \(index)"
            if index % 3 == 0 { german["generated.code\(index).title"] = "Titel \(index)" }
        }
        let catalog = TranslationCatalog(strings: ["en": english, "de": german])
        let pipeline = AlertPipeline().addingCatalog(catalog)
        var wrong = 0
        for index in stride(from: 0, to: 3_000, by: 7) {
            let classification = Classification(code: "generated.code\(index)", category: .internal)
            let alert = pipeline.generatedAlert(for: Generated(classification: classification), in: "de")
            let expected = index % 3 == 0 ? "Titel \(index)" : "Title \(index)"
            if alert.title != expected { wrong += 1 }
        }
        #expect(wrong == 0)
    }

    /// An error classified by a registered rule into a given classification.
    struct Generated: Error {
        var classification: Classification
    }
}

extension AlertPipeline {
    fileprivate func generatedAlert(for error: CatalogIndexTests.Generated, in locale: LanguagePreference) -> Alert {
        let pipeline = registering(CatalogIndexTests.Generated.self) { $0.classification }
        return pipeline.alert(for: error as any Error, in: locale)
    }
}
