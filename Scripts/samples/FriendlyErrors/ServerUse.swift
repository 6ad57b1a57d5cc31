// ServerUse.md's samples use these names without defining them: they stand for the reader's own app
// and its dependencies. Stubs only — never the library's API.
import Foundation

/// A payment library's error, whose texts are written for the people who read the responses.
struct PaymentProviderError: LocalizedError {
    var errorDescription: String? { "The card was declined." }
}

/// A database driver's error: a type the app did not write.
struct PostgresError: Error {}
