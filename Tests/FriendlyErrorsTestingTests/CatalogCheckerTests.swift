import Foundation
import FriendlyErrors
import FriendlyErrorsTesting
import Testing

struct CatalogCheckerTests {
    struct Found: Hashable, CustomStringConvertible {
        var kind: CatalogProblem.Kind
        var caseName: String
        var language: String?
        var key: String?

        init(_ kind: CatalogProblem.Kind, _ caseName: String, _ language: String?, _ key: String?) {
            self.kind = kind
            self.caseName = "ShopError." + caseName
            self.language = language
            self.key = key
        }

        init(_ problem: CatalogProblem) {
            kind = problem.kind
            caseName = problem.caseName
            language = problem.language
            key = problem.key
        }

        var description: String { "\(kind) \(caseName) \(language ?? "-") \(key ?? "-")" }
    }

    @Test func reportsEachPlantedDefectAndNothingElse() {
        let report = ShopCatalog.checker(.defective).check(ShopError.all(.defective))
        let expected: Set<Found> = [
            Found(.duplicateCode, "couponExpired", nil, "shop.couponInvalid"),
            Found(.missingText, "paymentDeclined", "en", "shop.paymentDeclined.title"),
            Found(.missingText, "paymentDeclined", "ja", "shop.paymentDeclined.title"),
            Found(.emptyText, "outOfStock", "ja", "shop.outOfStock.message"),
            Found(.untranslated, "cartEmpty", "ja", "shop.cartEmpty.title"),
            Found(.rawKey, "addressInvalid", "ja", "shop.addressInvalid.suggestion"),
            Found(.unfilledPlaceholder, "limitReached", "en", "shop.limitReached.message"),
            Found(.unfilledPlaceholder, "limitReached", "ja", "shop.limitReached.message"),
            Found(.placeholderMismatch, "priceChanged", "ja", "shop.priceChanged.message"),
            Found(.genericWording, "syncFailed", "en", "shop.syncFailed.message"),
            Found(.actionOrder, "checkoutFailed", nil, nil),
            Found(.duplicateActionID, "checkoutFailed", nil, "shop.checkoutFailed.action.retry"),
        ]
        let found = report.problems.map(Found.init)
        #expect(found.count == Set(found).count, "a problem was reported twice:\n\(report)")
        #expect(Set(found) == expected, "\(report)")
    }

    @Test func theFixedCatalogPasses() throws {
        let report = ShopCatalog.checker(.fixed).check(ShopError.all(.fixed))
        #expect(report.isClean, "\(report)")
        #expect(report.checkedCases.count == 10)
        #expect(report.languages == ["en", "ja"])
        try ShopCatalog.checker(.fixed).expectValid(ShopError.all(.fixed))
    }

    @Test func theThrowingHelperListsEveryProblem() {
        do {
            try ShopCatalog.checker(.defective).expectValid(ShopError.all(.defective))
            Issue.record("expected a failure")
        } catch let failure as CatalogCheckFailure {
            let lines = failure.description.split(separator: "\n")
            #expect(lines.first == "12 problems in 10 cases in 2 languages (en, ja):")
            #expect(lines.count == 13)
            #expect(
                lines.contains(
                    "- ShopError.cartEmpty [ja] shop.cartEmpty.title: untranslated: there is no ja text; "
                        + "the base text \"Your cart is empty\" is shown"))
            #expect(
                lines.contains(
                    "- ShopError.priceChanged [ja] shop.priceChanged.message: placeholder mismatch: the translation "
                        + "was rejected: translation of 'shop.priceChanged.message' not used, the base language is "
                        + "shown instead: placeholder 1 is %d here but %@ in the base language"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func allowListedTextsMayReadTheSameInEveryLanguage() {
        let catalog = TranslationCatalog(strings: [
            "en": ["brand.down.title": "Acme Cloud", "brand.down.message": "Acme Cloud is down."],
            "ja": ["brand.down.title": "Acme Cloud", "brand.down.message": "Acme Cloud は停止中です。"],
        ])
        struct BrandDown: FriendlyError { var code: String { "brand.down" } }
        let strict = CatalogChecker(catalog: catalog).check([BrandDown()])
        #expect(strict.problems.map(\.kind) == [.untranslated])
        let allowing = CatalogChecker(catalog: catalog, options: .init(allowedUntranslated: ["Acme Cloud"]))
        #expect(allowing.check([BrandDown()]).isClean)
    }

    @Test func recoveryLabelsNeedATextInEveryLanguage() {
        struct Locked: FriendlyError {
            var code: String { "door.locked" }
            var title: LocalizableText { LocalizableText(key: "door.locked.title") }
            var message: LocalizableText { LocalizableText(key: "door.locked.message") }
            var recoveries: [Recovery] {
                [
                    Recovery(id: "unlock", label: LocalizableText()) { .recovered },
                    Recovery(id: "knock", label: LocalizableText()) { .done },
                ]
            }
        }
        let catalog = TranslationCatalog(strings: [
            "en": [
                "door.locked.title": "Locked", "door.locked.message": "The door is locked.",
                "door.locked.action.unlock": "Unlock",
            ],
            "ja": ["door.locked.title": "施錠", "door.locked.message": "ドアは施錠されています。"],
        ])
        let report = CatalogChecker(catalog: catalog).check([Locked()])
        #expect(
            report.problems.map(\.description) == [
                "Locked [en] door.locked.action.knock: missing text: no text in the catalog and no default in the code",
                "Locked [ja] door.locked.action.unlock: untranslated: there is no ja text; the base text \"Unlock\" is "
                    + "shown",
                "Locked [ja] door.locked.action.knock: missing text: no text in the catalog and no default in the code",
            ])
    }

    @Test func checksEveryCaseOfACaseIterableType() {
        enum Door: String, FriendlyError, CaseIterable {
            case locked, jammed
            var code: String { "door.\(rawValue)" }
        }
        let catalog = TranslationCatalog(strings: [
            "en": [
                "door.locked.title": "Locked", "door.locked.message": "The door is locked.",
                "door.jammed.title": "Jammed", "door.jammed.message": "The door is jammed.",
            ],
            "ja": [
                "door.locked.title": "施錠", "door.locked.message": "ドアは施錠されています。",
                "door.jammed.title": "故障",
            ],
        ])
        let report = CatalogChecker(catalog: catalog).check(Door.self)
        #expect(report.checkedCases == ["Door.locked", "Door.jammed"])
        #expect(
            report.problems.map(\.description) == [
                "Door.jammed [ja] door.jammed.message: untranslated: there is no ja text; the base text "
                    + "\"The door is jammed.\" is shown"
            ])
    }

    @Test func destructiveSuggestionAfterCancelBreaksTheGuidelines() {
        let cancel = AlertAction(id: "cancel", label: "Cancel", role: .cancel)
        let delete = AlertAction(id: "delete", label: "Delete", role: .destructive)
        let retry = AlertAction(id: "retry", label: "Retry", role: .default)
        func alert(_ actions: [AlertAction]) -> Alert {
            Alert(code: "x", category: .unknown, title: "T", message: "M", actions: actions)
        }
        #expect(CatalogChecker.actionOrderProblems(in: alert([delete, cancel])).isEmpty)
        #expect(CatalogChecker.actionOrderProblems(in: alert([cancel, retry])).isEmpty)
        #expect(
            CatalogChecker.actionOrderProblems(in: alert([cancel, delete]))
                == ["the destructive action 'delete' comes after Cancel; it must come first"])
        #expect(
            CatalogChecker.actionOrderProblems(in: alert([retry, cancel]))
                == ["the action 'retry' comes before Cancel; only a destructive action may"])
        #expect(
            CatalogChecker.actionOrderProblems(in: alert([retry, delete]))
                == ["a suggestion has 0 Cancel actions instead of one"])
        #expect(
            CatalogChecker.actionOrderProblems(in: alert([delete, retry, cancel, cancel]))
                == ["a choice list has 2 Cancel actions instead of one"])
    }

    @Test func placeholdersLeftInShownTextAreFoundButPercentSignsAreNot() {
        struct Progress: FriendlyError {
            var code: String { "sync.progress" }
            var title: LocalizableText { "Sync at 50% done" }
            var message: LocalizableText { LocalizableText(default: "Synced %1$@ of %2$lld files, 100%% sure.") }
        }
        let report = CatalogChecker(catalog: TranslationCatalog(), languages: ["en"]).check([Progress()])
        #expect(report.problems.map(\.message) == ["%1$@, %2$lld left in \"Synced %1$@ of %2$lld files, 100% sure.\""])
    }
}

struct CatalogReportPrintingTests {
    @Test func problemsAndReportsPrintHostileTextsEscaped() {
        let problem = CatalogProblem(
            kind: .untranslated, caseName: "Shop.evil", code: "shop.evil", language: "ja\u{1B}]0;t\u{07}",
            key: "shop\u{202E}.title", message: "the base text \"\u{1B}]52;c;ZXZpbA==\u{07}\" is shown")
        let line =
            #"Shop.evil [ja\u{1B}]0;t\u{07}] shop\u{202E}.title: untranslated: "#
            + #"the base text "\u{1B}]52;c;ZXZpbA==\u{07}" is shown"#
        #expect(problem.description == line)
        let report = CatalogReport(problems: [problem], checkedCases: ["Shop.evil"], languages: ["ja\u{9B}2J"])
        #expect(report.description == "1 problem in 1 case in 1 language (ja\\u{9B}2J):\n- \(line)")
        #expect(CatalogCheckFailure(report: report).description == report.description)
    }
}
