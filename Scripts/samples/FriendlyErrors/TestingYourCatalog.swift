// TestingYourCatalog.md's samples use these names without defining them: they stand for the
// reader's own app. Stubs only — never the library's API.
import Foundation
import FriendlyErrors
import FriendlyErrorsTesting

/// The app's catalog, loaded once.
let catalog = TranslationCatalog.load(folder: "Localization")
/// The checker of the page's first test.
let checker = CatalogChecker(catalog: catalog, languages: ["en", "ja", "de"])

/// The app's errors.
enum AccountError: FriendlyError, CaseIterable {
    case locked, expired, closed

    var code: String {
        switch self {
        case .locked: "account.locked"
        case .expired: "account.expired"
        case .closed: "account.closed"
        }
    }
}

enum StorageError: FriendlyError {
    case diskFull(freeMB: Int, volume: String)

    var code: String { "storage.diskFull" }
}

enum NetworkError: FriendlyError {
    case offline

    var code: String { "network.offline" }
}

/// Getting started's error, whose recovery creates the missing settings.
enum SettingsError: FriendlyError {
    case missing(path: String)

    var code: String { "settings.missing" }
    var recoveries: [Recovery] {
        [Recovery(id: "createDefault", label: "Create default settings") { .recovered }]
    }
}
