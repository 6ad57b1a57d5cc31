import Foundation
import FriendlyErrors
import Testing

struct AlertOrderingTests {
    let pipeline = AlertPipeline()

    struct WithRecoveries: FriendlyError {
        var recoveries: [Recovery]
        var code: String { "test.recoveries" }
        var message: LocalizableText { "Something needs a decision." }
    }

    static func recovery(_ id: String, destructive: Bool = false) -> Recovery {
        Recovery(id: id, label: LocalizableText(default: id), isDestructive: destructive) { .done }
    }

    @Test func confirmationHasExactlyOneAction() {
        let alert = pipeline.alert(for: WithRecoveries(recoveries: []), in: "en")
        #expect(alert.kind == .confirmation)
        #expect(alert.actions.map(\.id) == ["ok"])
        #expect(alert.actions.first?.label == "OK")
    }

    @Test func destructiveRecoveryComesFirst() {
        let alert = pipeline.alert(
            for: WithRecoveries(recoveries: [Self.recovery("delete", destructive: true)]), in: "en")
        #expect(alert.kind == .suggestion)
        #expect(alert.actions.map(\.id) == ["delete", "cancel"])
        #expect(alert.actions.map(\.role) == [.destructive, .cancel])
    }

    @Test func nonDestructiveRecoveryComesAfterCancel() {
        let alert = pipeline.alert(for: WithRecoveries(recoveries: [Self.recovery("retry")]), in: "en")
        #expect(alert.kind == .suggestion)
        #expect(alert.actions.map(\.id) == ["cancel", "retry"])
        #expect(alert.actions.map(\.role) == [.cancel, .default])
    }

    /// The stock retry takes actions its language builds once; they are what the general path makes of
    /// a recovery written out the same way, in every language of the catalog.
    @Test func stockRetryActionsAreTheGeneralPathsActions() async throws {
        let written = Recovery(id: "retry", label: LocalizableText(key: "action.retry", default: "Try Again")) {
            .retry
        }
        for language in pipeline.catalog.languages + ["pt-BR", "ja-JP", "xx"] {
            let stock = pipeline.alert(
                for: WithRecoveries(recoveries: [.retry()]), in: LanguagePreference([language]))
            let general = pipeline.alert(
                for: WithRecoveries(recoveries: [written]), in: LanguagePreference([language]))
            #expect(stock.actions == general.actions, "\(language)")
            #expect(stock.actions.map(\.id) == ["cancel", "retry"], "\(language)")
            #expect(try await stock.actions[1].perform?() == .retry)
        }
    }

    /// A stock retry whose label, role or link the app changed is an ordinary recovery.
    @Test func changedStockRetryKeepsItsChanges() {
        var relabelled = Recovery.retry()
        relabelled.label = "Reconnect"
        var destructive = Recovery.retry()
        destructive.isDestructive = true
        let custom = Recovery.retry(label: LocalizableText(key: "shop.retry", default: "Try the order again"))
        for language in ["en", "ja"] {
            let preference = LanguagePreference([language])
            #expect(
                pipeline.alert(for: WithRecoveries(recoveries: [relabelled]), in: preference).actions[1].label
                    == "Reconnect")
            #expect(
                pipeline.alert(for: WithRecoveries(recoveries: [destructive]), in: preference).actions.map(\.id) == [
                    "retry", "cancel",
                ])
            #expect(
                pipeline.alert(for: WithRecoveries(recoveries: [custom]), in: preference).actions[1].label
                    == "Try the order again")
        }
    }

    @Test func choiceListHasDestructiveFirstAndExactlyOneCancelLast() {
        let alert = pipeline.alert(
            for: WithRecoveries(recoveries: [
                Self.recovery("open"), Self.recovery("erase", destructive: true), Self.recovery("rename"),
            ]), in: "en")
        #expect(alert.kind == .choiceList)
        #expect(alert.actions.map(\.id) == ["erase", "open", "rename", "cancel"])
        #expect(alert.actions.filter { $0.role == .cancel }.count == 1)
    }

    @Test func repeatedAndReservedRecoveryIdsAreDropped() {
        let alert = pipeline.alert(
            for: WithRecoveries(recoveries: [
                Self.recovery("retry"), Self.recovery("retry"), Self.recovery("cancel"), Self.recovery("ok"),
            ]), in: "en")
        #expect(alert.actions.map(\.id) == ["cancel", "retry"])
    }

    @Test func alertsCompareByValueAndActionsById() {
        let first = pipeline.alert(for: WithRecoveries(recoveries: [Self.recovery("retry")]), in: "en")
        let second = pipeline.alert(for: WithRecoveries(recoveries: [Self.recovery("retry")]), in: "en")
        #expect(first == second)
        let other = pipeline.alert(for: WithRecoveries(recoveries: [Self.recovery("open")]), in: "en")
        #expect(first != other)
    }
}
