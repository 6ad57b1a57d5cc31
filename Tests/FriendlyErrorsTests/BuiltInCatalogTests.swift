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

    @Test func builtInCatalogParsesWithoutDiagnostics() {
        #expect(TranslationCatalog.builtIn.diagnostics.map(\.description) == [])
        #expect(TranslationCatalog.builtIn.languages.count == Self.shippedLanguages.count)
    }

    @Test func everyFoundationCodeHasATitleAndMessageInEveryLanguage() {
        var codes = Set<String>()
        for entry in FoundationErrorTable.cocoa.values { codes.insert(entry.code) }
        for entry in FoundationErrorTable.posix.values { codes.insert(entry.code) }
        for entry in FoundationErrorTable.url.values { codes.insert(entry.code) }
        codes.formUnion([
            "data.typeMismatch", "data.valueMissing", "data.keyMissing", "data.corrupt", "data.encodingFailed",
            "operation.cancelled", "network.failed", "unexpected",
        ])
        let catalog = TranslationCatalog.builtIn
        for language in Self.shippedLanguages {
            for code in codes.sorted() {
                #expect(catalog.tables[language]?["\(code).title"] != nil, "\(language): \(code).title")
                #expect(catalog.tables[language]?["\(code).message"] != nil, "\(language): \(code).message")
            }
        }
        for category in ErrorCategory.builtIn {
            #expect(catalog.tables["en"]?["category.\(category.name).title"] != nil)
        }
    }
}
