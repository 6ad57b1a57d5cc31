import Foundation
import FriendlyErrors
import Testing

/// An app whose catalog was not loaded (a server started from another folder) still answers in one
/// language: when none of an alert's own texts — those under its code and keys — is translated into
/// the negotiated language, the whole alert, built-in texts and labels included, is in the base
/// language, and says so (`language`, `Content-Language`).
struct OneLanguageWithoutTheAppsTextsTests {
    /// As in the issue: a conflict with the category's generic title and one recovery of the app's.
    struct SeatTaken: FriendlyError {
        var code: String { "booking.seatTaken" }
        var category: ErrorCategory { .conflict }
        var recoveries: [Recovery] { [Recovery(id: "notify", label: "Notify me") { .done }] }
    }

    /// Every text the app's own, with English defaults, and a field problem.
    struct OrderRejected: FriendlyError {
        var code: String { "order.rejected" }
        var category: ErrorCategory { .invalidData }
        var title: LocalizableText { "Order rejected" }
        var message: LocalizableText { "Check the marked fields." }
        var fieldProblems: [FieldProblem] {
            [FieldProblem("/items/0/count", code: "order.count.tooLarge", message: "At most 10.")]
        }
    }

    static let japanese = TranslationCatalog(strings: [
        "en": [:],
        "ja": [
            "booking.seatTaken.action.notify": "通知する",
            "order.rejected.title": "注文を受け付けられません",
            "order.rejected.message": "印の付いた項目を確認してください。",
            "order.count.tooLarge.message": "10 以下にしてください。",
        ],
    ])

    @Test func withoutTheAppsCatalogTheResponseIsInTheBaseLanguageThroughout() throws {
        let response = AlertPipeline().response(for: SeatTaken(), to: ErrorRequest(acceptLanguage: "ja"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(object["language"] as? String == "en")
        #expect(object["title"] as? String == "Conflict")
        let actions = try #require(object["actions"] as? [[String: Any]])
        #expect(actions.compactMap { $0["title"] as? String } == ["Cancel", "Notify me"])
        #expect(response.value(forHeader: "Content-Language") == "en")
    }

    @Test func withTheAppsCatalogTheSameRequestIsInJapaneseThroughout() throws {
        let pipeline = AlertPipeline().addingCatalog(Self.japanese)
        let alert = pipeline.alert(for: SeatTaken(), in: .acceptLanguage("ja"))
        #expect(alert.language == "ja")
        #expect(alert.title == "競合が発生しました")
        #expect(alert.actions.map(\.label) == ["キャンセル", "通知する"])
    }

    @Test func everyTextAndLabelIsInTheBaseLanguageInTheConsoleAndJSONLines() async throws {
        for error in [OrderRejected() as any Error, SeatTaken()] {
            let alert = AlertPipeline().alert(for: error, in: "ja")
            #expect(alert.language == "en")
            #expect(alert.presenterTexts.language == "en")
            let captured = CapturedOutput()
            _ = await consolePresenter(captured).present(alert)
            // Not one Japanese character: the labels and the list of choices are English too.
            #expect(!captured.text.unicodeScalars.contains { $0.value >= 0x3000 }, "\(captured.text)")
            let json = CapturedOutput()
            _ = await JSONPresenter(output: json.output).present(alert)
            #expect(json.text.contains(#""language":"en""#))
            #expect(!json.text.unicodeScalars.contains { $0.value >= 0x3000 }, "\(json.text)")
        }
        let translated = AlertPipeline().addingCatalog(Self.japanese).alert(for: OrderRejected(), in: "ja")
        #expect(translated.language == "ja")
        #expect(translated.fieldProblems.map(\.message) == ["10 以下にしてください。"])
    }

    @Test func aLaterLanguageThatHasTheAppsTextsIsTakenBeforeTheBase() {
        let catalog = TranslationCatalog(strings: [
            "en": [:], "de": ["order.rejected.title": "Bestellung abgelehnt"],
        ])
        // The app's catalog offers only en and de: over the built-in one, add one that offers every
        // built-in language, so that French is negotiated first.
        let pipeline = AlertPipeline().addingCatalog(catalog).offering(languages: ["de", "fr", "ja"])
        let alert = pipeline.alert(for: OrderRejected(), in: .acceptLanguage("fr, de;q=0.5"))
        #expect(alert.language == "de")
        #expect(alert.title == "Bestellung abgelehnt")
        #expect(alert.actions.map(\.label) == ["OK"])
        #expect(alert.presenterTexts.language == "de")
    }

    @Test func anAlertWithoutTextsOfItsOwnKeepsTheNegotiatedLanguage() {
        struct Plain: FriendlyError {
            var code: String { "app.plain" }
            var category: ErrorCategory { .notFound }
        }
        let alert = AlertPipeline().alert(for: Plain(), in: "ja")
        #expect(alert.language == "ja")
        #expect(alert.title.unicodeScalars.contains { $0.value >= 0x3000 })
    }
}
