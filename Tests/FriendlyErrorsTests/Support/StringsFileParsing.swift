import Foundation

@testable import FriendlyErrors

/// What the `.strings` parser suites share: parsing a text as `App.strings`, and the plain texts
/// of the entries by key.
protocol StringsFileParsing {}

extension StringsFileParsing {
    func parse(_ text: String) -> (entries: [CatalogEntry], diagnostics: [CatalogDiagnostic]) {
        StringsFileParser.parse(Data(text.utf8), file: "App.strings")
    }

    func texts(_ entries: [CatalogEntry]) -> [String: String] {
        var result: [String: String] = [:]
        for entry in entries {
            if case .text(let text) = entry.value { result[entry.key] = text }
        }
        return result
    }
}
