import Foundation
import FriendlyErrors
import Testing

struct CatalogInspectionTests {
    static func folder(_ files: [String: String]) throws -> String {
        try makeTemporaryFolder(files, prefix: "catalog")
    }

    @Test func loadedEntriesKnowWhereTheyWereWritten() throws {
        let root = try Self.folder([
            "en.lproj/App.strings": "/* c */\n\"a\" = \"A\";\n\n  \"b\" = \"%@ B\";\n",
            "ja.lproj/App.strings": "\"b\" = \"%d B\";\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let catalog = TranslationCatalog.load(folder: root)
        #expect(
            catalog.location(ofKey: "a", language: "en")
                == FileLocation(file: root + "/en.lproj/App.strings", line: 2, column: 1))
        #expect(catalog.location(ofKey: "b", language: "en")?.description == root + "/en.lproj/App.strings:4:3")
        // Rejected for its placeholders, yet still located: it was written.
        #expect(catalog.template(forKey: "b", language: "ja") == nil)
        #expect(catalog.location(ofKey: "b", language: "ja")?.line == 1)
        #expect(catalog.location(ofKey: "a", language: "ja") == nil)
        #expect(catalog.adding(TranslationCatalog()).location(ofKey: "a", language: "en")?.line == 2)
    }

    @Test func templatesAreTheLanguagesOwnTextUnfilled() {
        let catalog = TranslationCatalog(strings: ["en": ["k": "%lld files, 100%%"], "ja": [:]])
        #expect(catalog.template(forKey: "k", language: "en") == "%lld files, 100%%")
        #expect(catalog.template(forKey: "k", language: "ja") == nil)
        #expect(catalog.location(ofKey: "k", language: "en") == nil)
    }

    @Test func placeholderCheckComparesKindsInAnyOrder() {
        #expect(TranslationCatalog.placeholderProblem(translation: "%2$@: %1$lld", base: "%lld on %@") == nil)
        #expect(
            TranslationCatalog.placeholderProblem(translation: "%d Dateien", base: "%@ files")
                == "placeholder 1 is %d here but %@ in the base language")
    }

    @Test func builtInCodesHaveTheirCategoriesAndRetries() throws {
        let notFound = try #require(Classification.builtIn(code: "file.notFound"))
        #expect(notFound.category == .notFound)
        #expect(notFound.recoveries.isEmpty)
        let offline = try #require(Classification.builtIn(code: "network.offline"))
        #expect(offline.category == .unavailable)
        #expect(offline.recoveries.map(\.id) == ["retry"])
        #expect(Classification.builtIn(code: "unexpected")?.category == .unknown)
        #expect(Classification.builtIn(code: "no.such") == nil)
        #expect(Classification.builtInCodes.contains("operation.cancelled"))
    }
}
