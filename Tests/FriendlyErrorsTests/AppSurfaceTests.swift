import FriendlyErrors
import Testing

/// What apps and ports of them do with the public API alone (issue 46).
struct AppSurfaceTests {
    @Test func anAlertMadeWithoutActionsHasOneOKInItsLanguage() {
        let alert = Alert(code: "sync.paused", category: .unavailable, title: "同期停止", message: "後で。", language: "ko")
        #expect(alert.kind == .confirmation)
        #expect(alert.actions.map(\.id) == [AlertAction.okID])
        #expect(alert.actions.first?.label == "확인")
        #expect(alert.actions.first?.role == .default)
    }

    @Test func settingAStatusOverridesTheCategorysWithinItsRange() {
        var alert = Alert(code: "order.taken", category: .invalidInput, title: "Taken", message: "Taken.")
        #expect(alert.httpStatus == 400)
        alert.httpStatus = 409
        #expect(alert.httpStatus == 409)
        alert.httpStatus = 200
        #expect(alert.httpStatus == 400)
        alert.exitStatus = 3
        #expect(alert.exitStatus == 3)
    }

    @Test func anAcceptLanguageHeaderGivesItsLanguagesAndTheRefusedOnes() {
        let preference = LanguagePreference.acceptLanguage("de-CH, de;q=0.9, *;q=0.5, en;q=0, pt;q=0")
        #expect(preference.languages == ["de-CH", "de"])
        #expect(preference.excludedLanguages == ["en", "pt"])
    }

    @Test func refusedLanguagesAreNeverChosenWhileAnotherIsOffered() {
        let pipeline = AlertPipeline().offering(languages: ["en", "ja"])
        let alert = pipeline.alert(for: CancellationError(), in: LanguagePreference(["fr"], excluded: ["en"]))
        #expect(alert.language == "ja")
    }

    @Test func languagesGivenAsTextLeaveOutWhatIsNoTag() {
        #expect(LanguagePreference(["pt-BR", "no tag", "es"]).languages == ["pt-BR", "es"])
    }
}
