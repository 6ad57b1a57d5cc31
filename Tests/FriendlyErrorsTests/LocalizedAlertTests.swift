import Foundation
import FriendlyErrors
import Testing

/// Alerts in the language asked for, with per-key fallback and safe formatting.
struct LocalizedAlertTests {
    let pipeline = AlertPipeline()

    @Test(arguments: [
        ("ja-JP", "ja"), ("ja", "ja"), ("zh-TW", "zh-Hant"), ("zh-Hant-HK", "zh-Hant"), ("zh-CN", "zh-Hans"),
        ("pt-BR", "pt-BR"), ("pt-PT", "pt-BR"), ("en-GB", "en"), ("xx", "en"), ("de-AT", "de"), ("ko-KR", "ko"),
    ])
    func languageTagResolvesAsDocumented(tag: String, expected: String) {
        let alert = pipeline.alert(for: CocoaError(.fileNoSuchFile), in: LanguagePreference(stringLiteral: tag))
        #expect(alert.language == expected)
    }

    @Test func acceptLanguageWithQualitiesPicksTheBestCatalogLanguage() {
        let preference = LanguagePreference.acceptLanguage("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5")
        let alert = pipeline.alert(for: URLError(.notConnectedToInternet), in: preference)
        #expect(alert.language == "fr")
        #expect(pipeline.catalog.languageChain(for: preference) == ["fr", "en"])
    }

    @Test func japaneseAlertIsInJapaneseWithJapaneseButtons() {
        let alert = pipeline.alert(for: URLError(.notConnectedToInternet), in: "ja-JP")
        #expect(alert.title == "インターネットに接続されていません")
        #expect(alert.actions.map(\.label).contains("キャンセル"))
    }

    @Test func keyMissingInJapaneseShowsTheBaseLanguageNeverTheRawKey() {
        let catalog = TranslationCatalog(strings: [
            "en": ["shop.closed.title": "Shop closed", "shop.closed.message": "The shop is closed."],
            "ja": ["shop.closed.title": "閉店しました"],
        ])
        struct ShopClosed: FriendlyError { var code: String { "shop.closed" } }
        let alert = AlertPipeline().addingCatalog(catalog).alert(for: ShopClosed(), in: "ja")
        #expect(alert.title == "閉店しました")
        #expect(alert.message == "The shop is closed.")
    }

    @Test func translationWithMismatchedPlaceholdersIsRejectedAndTheBaseTextUsed() {
        let catalog = TranslationCatalog(strings: [
            "en": ["sync.count.message": "%@ has %d files"],
            "de": ["sync.count.message": "%d files on %@"],
        ])
        #expect(catalog.diagnostics.count == 1)
        #expect(catalog.diagnostics.first?.key == "sync.count.message")
        struct Count: FriendlyError {
            var code: String { "sync.count" }
            var message: LocalizableText { .arguments("Backup", 3) }
        }
        let alert = AlertPipeline().addingCatalog(catalog).alert(for: Count(), in: "de")
        #expect(alert.message == "Backup has 3 files")
    }

    @Test func translationMismatchingTheCodeDefaultIsNotUsed() {
        struct Count: FriendlyError {
            var code: String { "sync.count" }
            var message: LocalizableText { "\("Backup") has \(3) files" }
        }
        let catalog = TranslationCatalog(strings: ["de": ["sync.count.message": "%lld Dateien auf %lld"]])
        let alert = AlertPipeline().addingCatalog(catalog).alert(for: Count(), in: "de")
        #expect(alert.message == "Backup has 3 files")
    }

    @Test func positionalTranslationReordersArguments() {
        struct Count: FriendlyError {
            var code: String { "sync.count" }
            var message: LocalizableText { "\("Backup") has \(3) files" }
        }
        let catalog = TranslationCatalog(strings: ["de": ["sync.count.message": "%2$lld Dateien auf %1$@"]])
        let alert = AlertPipeline().addingCatalog(catalog).alert(for: Count(), in: "de")
        #expect(alert.message == "3 Dateien auf Backup")
    }

    @Test func malformedStringsFileKeepsEveryGoodEntryAndNamesTheLine() throws {
        let text = """
            "a.title" = "A";
            "b.title" = "B";
            "c.title" = "C"
            "d.title" = "D";
            "e.title" = "E";

            """
        let folder = try makeTemporaryFolder(["en.lproj/App.strings": text])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = TranslationCatalog.load(folder: folder)
        #expect(catalog.diagnostics.count >= 1)
        let first = try #require(catalog.diagnostics.first)
        #expect(first.line == 3)
        #expect(first.file.hasSuffix("en.lproj/App.strings"))
        #expect(first.description.hasPrefix("\(first.file):3:"))
        for key in ["a.title", "b.title", "d.title", "e.title"] {
            #expect(catalog.text(key, language: "en") != nil, "lost \(key)")
        }
    }

    @Test func missingFolderIsADiagnosticNotACrash() {
        let catalog = TranslationCatalog.load(folder: "/nonexistent/\(UUID().uuidString)")
        #expect(catalog.diagnostics.count == 1)
        #expect(catalog.keyCount(language: "en") == 0)
    }

    @Test func tenThousandKeyCatalogLoads() throws {
        var lines: [String] = []
        for index in 0..<10_000 { lines.append("\"key.\(index).title\" = \"Title number \(index)\";") }
        let catalog = TranslationCatalog(
            stringsFiles: [(language: "en", name: "big.strings", contents: lines.joined(separator: "\n"))])
        #expect(catalog.diagnostics.isEmpty)
        #expect(catalog.keyCount(language: "en") == 10_000)
        #expect(catalog.text("key.9999.title", language: "en") == "Title number 9999")
    }

    @Test func stringCatalogFilesLoadWithPlurals() throws {
        let json = """
            {"sourceLanguage":"en","version":"1.0","strings":{
              "sync.files.message":{"localizations":{
                "en":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%lld file left"}},
                                              "other":{"stringUnit":{"state":"translated","value":"%lld files left"}}}}},
                "ja":{"stringUnit":{"state":"translated","value":"残り %lld 個のファイル"}}}}}}
            """
        let folder = try makeTemporaryFolder(["App.xcstrings": json])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = TranslationCatalog.load(folder: folder)
        #expect(catalog.diagnostics.map(\.description) == [])
        #expect(catalog.text("sync.files.message", language: "en", arguments: [1]) == "1 file left")
        #expect(catalog.text("sync.files.message", language: "en", arguments: [5]) == "5 files left")
        #expect(catalog.text("sync.files.message", language: "ja", arguments: [5]) == "残り 5 個のファイル")
    }

    @Test func friendlyErrorBridgesToFoundationInTheProcessLanguage() {
        let error: any Error = StorageError.diskFull(freeMB: 3, volume: "Data")
        #expect((error as? any LocalizedError)?.errorDescription == "Only 3 MB are left on Data.")
        #expect(!error.localizedDescription.contains("could not be completed"))
    }

    /// An error with no texts of its own: its message is its category's.
    struct Untitled: FriendlyError {
        var code: String { "test.untitled" }
        var category: ErrorCategory { .timeout }
    }

    @Test func eachFoundationTextIsTheAlertsOwnFromTheTasksPipeline() async {
        let errors: [any FriendlyError] = [
            StorageError.diskFull(freeMB: 3, volume: "Data"), StorageError.readOnly,
            OneLanguagePerAlertTests.NameTaken(),
            Untitled(),
        ]
        let pipeline = AlertPipeline().addingCatalog(OneLanguagePerAlertTests.appCatalog)
        await AlertPresentationSystem.withPipeline(pipeline) {
            for error in errors {
                let alert = pipeline.alert(for: error)
                #expect(error.errorDescription == alert.message)
                #expect(error.failureReason == alert.reason)
                #expect(error.recoverySuggestion == alert.suggestion)
                // The library's own property where the type is known, Foundation's through `any Error`.
                #expect(error.localizedDescription == alert.message)
                #expect((error as any Error).localizedDescription == alert.message)
            }
        }
    }
}
