import Foundation

extension Classification {
    /// The classification the pipeline gives a Foundation error with this built-in code
    /// (`"file.notFound"`, `"network.offline"`, `"unexpected"`…): its category and the retry it
    /// offers, texts from the built-in catalog. `nil` for a code the library does not define.
    ///
    /// It lets tools show what a code looks like without producing the error, as
    /// `friendly-errors explain file.notFound` does.
    public static func builtIn(code: String) -> Classification? {
        builtInEntries[code]?.classification
    }

    /// Every built-in code, sorted.
    public static var builtInCodes: [String] { builtInEntries.keys.sorted() }

    private static let builtInEntries: [String: FoundationErrorTable.Entry] = {
        var entries: [String: FoundationErrorTable.Entry] = [:]
        let tables =
            Array(FoundationErrorTable.cocoa.values) + Array(FoundationErrorTable.posix.values)
            + Array(FoundationErrorTable.url.values)
        // The codes classified outside the tables (see `FoundationErrorClassifier`).
        let others: [FoundationErrorTable.Entry] = [
            FoundationErrorTable.networkFailed,
            .init(code: "data.typeMismatch", category: .invalidData),
            .init(code: "data.valueMissing", category: .invalidData),
            .init(code: "data.keyMissing", category: .invalidData),
            .init(code: "data.corrupt", category: .invalidData),
            .init(code: "data.encodingFailed", category: .internal),
            .init(code: "operation.cancelled", category: .cancelled),
            .init(code: FallbackClassifier.code, category: .unknown),
        ]
        for entry in tables + others { entries[entry.code] = entry }
        return entries
    }()
}
