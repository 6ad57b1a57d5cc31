import Foundation

extension Classification {
    /// The classification the pipeline gives a Foundation error with this built-in code
    /// (`"file.notFound"`, `"network.offline"`, `"unexpected"`…): its category and the retry it
    /// offers, texts from the built-in catalog. `nil` for a code the library does not define.
    ///
    /// It lets tools show what a code looks like without producing the error, as
    /// `friendly-errors explain file.notFound` does.
    package static func builtIn(code: String) -> Classification? {
        builtInEntries[code]?.classification
    }

    /// Every built-in code, sorted.
    package static var builtInCodes: [String] { builtInEntries.keys.sorted() }

    private static let builtInEntries: [String: FoundationErrorTable.Entry] = {
        var entries: [String: FoundationErrorTable.Entry] = [:]
        for entry in FoundationErrorTable.entries { entries[entry.code] = entry }
        entries[FallbackClassifier.code] = FoundationErrorTable.unexpected
        return entries
    }()
}
