import Foundation
import Testing

@testable import FriendlyErrors

/// The shapes the alert's cost work (issue 24) gave the types: each keeps what callers saw before.
@Suite struct AlertCostTests {
    enum Upload: FriendlyError {
        case copied(count: Int, volume: String)
        case percent(Int)
        case ratio(Double)

        var code: String { "upload.failed" }
        var category: ErrorCategory { .ioFailure }
        var message: LocalizableText {
            switch self {
            case .copied(let count, let volume): "\(count) files could not be copied to \(volume)."
            case .percent(let value): "Stopped at \(value)% of 100%."
            case .ratio(let value): "Ratio \(value) and \(value, decimals: 2)."
            }
        }
    }

    @Test func anInterpolatedTextIsShownAsRenderedAndKeepsItsTemplate() {
        let text: LocalizableText = "\(3) files could not be copied to \("Backup %d")."
        #expect(text.finishedDefault == "3 files could not be copied to Backup %d.")
        #expect(text.defaultValue == "%lld files could not be copied to %@.")
        #expect(text.arguments == [.integer(3), .string("Backup %d")])
        #expect(text == LocalizableText(default: "%lld files could not be copied to %@.", arguments: [3, "Backup %d"]))
        let pipeline = AlertPipeline()
        #expect(
            pipeline.alert(for: Upload.copied(count: 3, volume: "Backup"), in: "en").message
                == "3 files could not be copied to Backup.")
    }

    @Test func aPercentSignInALiteralPartIsDoubledInTheTemplateOnly() {
        let text: LocalizableText = "Stopped at \(40)% of 100%."
        #expect(text.finishedDefault == "Stopped at 40% of 100%.")
        #expect(text.defaultValue == "Stopped at %lld%% of 100%%.")
        #expect(AlertPipeline().alert(for: Upload.percent(40), in: "en").message == "Stopped at 40% of 100%.")
    }

    @Test func changingTheArgumentsOfARenderedTextKeepsItsPlaceholders() {
        var text: LocalizableText = "\(3) files on \("Backup")."
        text.arguments = [.integer(5), .string("Archive")]
        #expect(text.finishedDefault == nil)
        #expect(text.defaultValue == "%lld files on %@.")
        let alert = AlertPipeline().alert(
            for: AppError(message: text), in: "en")
        #expect(alert.message == "5 files on Archive.")
    }

    @Test func settingTheDefaultReplacesTheRenderedText() {
        var text: LocalizableText = "\(3) files."
        text.defaultValue = "%lld Dateien."
        #expect(text.finishedDefault == nil)
        #expect(text.defaultValue == "%lld Dateien.")
        #expect(AlertPipeline().alert(for: AppError(message: text), in: "en").message == "3 Dateien.")
    }

    @Test func aFloatingPointValueIsFormattedThroughItsTemplate() {
        let text: LocalizableText = "Ratio \(0.5) and \(0.125, decimals: 2)."
        #expect(text.finishedDefault == nil)
        #expect(text.defaultValue == "Ratio %f and %.2f.")
        #expect(AlertPipeline().alert(for: Upload.ratio(0.5), in: "en").message == "Ratio 0.500000 and 0.50.")
    }

    @Test func aStringLiteralIsShownAsItIsAndGetsItsTemplateWhenAskedFor() {
        let plain: LocalizableText = "Nothing to do."
        #expect(plain.finishedDefault == "Nothing to do.")
        #expect(plain.defaultValue == "Nothing to do.")
        let percent: LocalizableText = "100% done."
        #expect(percent.finishedDefault == "100% done.")
        #expect(percent.defaultValue == "100%% done.")
        #expect(AlertPipeline().alert(for: AppError(message: percent), in: "ja").message == "100% done.")
        #expect(plain == LocalizableText(default: "Nothing to do."))
    }

    @Test func aKeptPreferenceFindsWhatItsParsedTagFinds() {
        let catalog = TranslationCatalog.builtIn.adding(
            TranslationCatalog(strings: [
                "en": ["a": "A"], "ja": ["a": "エー"], "pt-BR": ["a": "Á"], "zh-Hant": ["a": "甲"],
            ]))
        for tag in [
            "en", "ja", "ja-JP", "pt", "pt-PT", "pt-BR", "zh", "zh-TW", "es-419", "xx", "xx-YY", "ast", "EN", "ja_JP",
        ] {
            let kept = LanguagePreference([tag])
            let parsed = LanguagePreference(tags: LanguageTag(tag).map { [$0] } ?? [])
            #expect(catalog.languageOrdinals(for: kept) == catalog.languageOrdinals(for: parsed), "\(tag)")
        }
    }

    @Test func aFrameworkClientStatusClassifiesAnUnknownErrorByItsStatus() {
        struct Unknown: Error {}
        let pipeline = AlertPipeline().configured(.init(includesDebugDetails: true))
        let classification = pipeline.classify(
            Unknown(),
            context: ClassificationContext(audience: .serverClient, frameworkStatus: 404, frameworkMessage: "No route"))
        #expect(classification.code == "http.404")
        #expect(classification.category == .forHTTPStatus(404))
        #expect(!classification.isUnexpected && classification.referenceID == nil && classification.debugDetail == nil)
        #expect(classification.message == .verbatim("No route"))
        #expect(pipeline.knownRow(of: classification) != nil)
        #expect(
            pipeline.alert(localizing: classification, in: "ja").title
                == pipeline.alert(
                    localizing: Classification(code: "http.404", category: .forHTTPStatus(404)), in: "ja"
                ).title)
    }

    @Test func builtInCategoriesKnowTheirPlaceAndACategoryOfTheSameNameReadsTheSameTexts() {
        for (ordinal, category) in ErrorCategory.builtIn.enumerated() {
            #expect(category.builtInOrdinal == ordinal)
        }
        #expect(ErrorCategory("notFound", httpStatus: 404, exitStatus: 66).builtInOrdinal == nil)
        let own = AlertPipeline().alert(
            for: AppError(category: ErrorCategory("notFound", httpStatus: 404, exitStatus: 66)))
        let builtIn = AlertPipeline().alert(for: AppError(category: .notFound))
        #expect(own.title == builtIn.title)
        #expect(!own.title.isEmpty)
    }

    @Test func foundationTablesFindEveryCodeTheyHold() {
        #expect(FoundationErrorTable.cocoa[CocoaError.fileNoSuchFile.rawValue]?.code == "file.notFound")
        #expect(FoundationErrorTable.posix[Int(POSIXErrorCode.EACCES.rawValue)]?.code == "file.permissionDenied")
        #expect(FoundationErrorTable.url[URLError.notConnectedToInternet.rawValue]?.code == "network.offline")
        #expect(FoundationErrorTable.cocoa[-1] == nil)
        #expect(FoundationErrorTable.cocoa[Int.max] == nil)
        for table in [FoundationErrorTable.cocoa, FoundationErrorTable.posix, FoundationErrorTable.url] {
            for entry in table.values { #expect(!entry.code.isEmpty) }
        }
    }

    @Test func aContextComparesByItsFieldsWhateverItsStorage() {
        var context = ClassificationContext(metadata: ["request.id": "7"])
        #expect(context != ClassificationContext())
        context.metadata = [:]
        #expect(context == ClassificationContext())
        #expect(context.hashValue == ClassificationContext().hashValue)
        context.frameworkStatus = 413
        #expect(context.frameworkStatus == 413)
        #expect(context.audience == .processUser)
        context.frameworkMessage = "Too large"
        #expect(context == ClassificationContext(frameworkStatus: 413, frameworkMessage: "Too large"))
    }

    @Test func aCodingPathIsCutOnACharacterBoundary() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        // 63 ASCII bytes, then a 3-byte character across the 64-byte cap of the path.
        let name = String(repeating: "a", count: 63) + "日本"
        let (path, pointer) = FoundationErrorClassifier.paths([Key(stringValue: name)], then: nil)
        #expect(path == String(repeating: "a", count: 63))
        #expect(pointer == "/" + name)
    }
}

/// An app error made of the texts a test gives it.
private struct AppError: FriendlyError {
    var message: LocalizableText = "Something failed."
    var category: ErrorCategory = .ioFailure
    var code: String { "test.appError" }
}
