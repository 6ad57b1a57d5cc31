import Foundation
import Testing

@testable import FriendlyErrors

/// The library's own texts: the compiled-in copy equals the `Localization/` folder, and every
/// shipped language has every key with the same placeholders.
struct BuiltInCatalogTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let localizationFolder = repositoryRoot.appendingPathComponent("Localization").path
    static let shippedLanguages = ["en", "ja", "de", "fr", "es", "pt-BR", "zh-Hans", "zh-Hant", "ko"]

    @Test func compiledInTextsEqualTheLocalizationFolder() throws {
        for file in BuiltInStrings.files {
            let path = Self.repositoryRoot.appendingPathComponent(file.name).path
            let onDisk = try String(contentsOfFile: path, encoding: .utf8)
            #expect(file.contents + "\n" == onDisk, "\(file.name) differs: run Scripts/generate-builtin-strings.py")
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.localizationFolder)
            .filter { $0.hasSuffix(".lproj") }
        #expect(BuiltInStrings.files.count == folders.count)
    }

    @Test func everyShippedLanguageHasEveryKeyWithTheSamePlaceholders() throws {
        let catalog = TranslationCatalog.load(folder: Self.localizationFolder)
        #expect(catalog.diagnostics.map(\.description) == [])
        #expect(Set(catalog.languages) == Set(Self.shippedLanguages))
        let baseKeys = catalog.keys(language: "en")
        #expect(baseKeys.count > 150)
        for language in Self.shippedLanguages {
            #expect(catalog.keys(language: language) == baseKeys, "keys differ in \(language)")
            for key in baseKeys {
                let base = try #require(catalog.tables["en"]?[key]).representativeTemplate
                let translation = try #require(catalog.tables[language]?[key]).representativeTemplate
                #expect(
                    PlaceholderFormat.check(translation: translation, against: base) == nil,
                    "\(language): \(key)")
                #expect(!translation.trimmingCharacters(in: .whitespaces).isEmpty, "\(language): \(key) is empty")
            }
        }
    }

    /// The built-in catalog is made of the generated tables of string literals (issue 45): the same
    /// texts, positions and diagnostics as the library's parser reads from the verbatim files.
    @Test func literalTablesGiveTheCatalogTheParserReadsFromTheFiles() {
        let literal = TranslationCatalog(literalTables: BuiltInStrings.literalTables)
        let parsed = TranslationCatalog(stringsFiles: BuiltInStrings.files)
        #expect(literal.tables == parsed.tables)
        #expect(literal.locations == parsed.locations)
        #expect(literal.diagnostics.map(\.description) == parsed.diagnostics.map(\.description))
        #expect(literal.languages == parsed.languages)
        #expect(TranslationCatalog.builtIn.tables == parsed.tables)
    }

    /// Every built-in category's catalog code is `category.<name>`, whether read from its literal table
    /// or made for an app's category.
    @Test func everyCategoryKeepsItsGenericTextsUnderCategoryAndItsName() {
        for category in ErrorCategory.builtIn {
            #expect(category.catalogCode == "category.\(category.name)")
            let twin = ErrorCategory(
                category.name, httpStatus: category.httpStatus, exitStatus: category.exitStatus,
                isTransient: category.isTransient)
            #expect(twin == category)
            #expect(twin.catalogCode == category.catalogCode)
            #expect(twin.builtInOrdinal == nil)
        }
        #expect(
            ErrorCategory("paymentRequired", httpStatus: 402, exitStatus: 1).catalogCode == "category.paymentRequired")
    }

    @Test func builtInCatalogParsesWithoutDiagnostics() {
        #expect(TranslationCatalog.builtIn.diagnostics.map(\.description) == [])
        #expect(TranslationCatalog.builtIn.languages.count == Self.shippedLanguages.count)
    }

    /// Adding a Foundation error family is its entries in `FoundationErrorTable` plus its texts:
    /// this is the check that the texts are there, in every language.
    @Test func everyFoundationCodeHasATitleAndMessageInEveryLanguage() {
        let codes = FoundationErrorTable.entries.map(\.code) + ["unexpected"]
        let catalog = TranslationCatalog.builtIn
        for language in Self.shippedLanguages {
            for code in codes {
                #expect(catalog.tables[language]?["\(code).title"] != nil, "\(language): \(code).title")
                #expect(catalog.tables[language]?["\(code).message"] != nil, "\(language): \(code).message")
            }
        }
        for category in ErrorCategory.builtIn {
            #expect(catalog.tables["en"]?["category.\(category.name).title"] != nil)
        }
    }

    @Test func builtInClassificationsAreTheFoundationTableAndTheFallback() {
        let codes = FoundationErrorTable.entries.map(\.code)
        #expect(codes.count > 40)
        #expect(codes == codes.sorted() && Set(codes).count == codes.count)
        #expect(Classification.builtInCodes == (codes + ["unexpected"]).sorted())
        for entry in FoundationErrorTable.entries {
            #expect(Classification.builtIn(code: entry.code)?.category == entry.category, "\(entry.code)")
        }
    }
}
