import Foundation
import FriendlyErrors

/// A small app catalog used across the tests.
enum StorageError: FriendlyError, Equatable {
    case diskFull(freeMB: Int, volume: String)
    case readOnly
    case quotaExceeded

    var code: String {
        switch self {
        case .diskFull: "storage.diskFull"
        case .readOnly: "storage.readOnly"
        case .quotaExceeded: "storage.quotaExceeded"
        }
    }

    var title: LocalizableText {
        switch self {
        case .diskFull: "Disk full"
        case .readOnly: "Read-only disk"
        case .quotaExceeded: LocalizableText()
        }
    }

    var message: LocalizableText {
        switch self {
        case .diskFull(let free, let volume): "Only \(free) MB are left on \(volume)."
        case .readOnly: "The disk can't be written to."
        case .quotaExceeded: LocalizableText()
        }
    }

    var category: ErrorCategory {
        switch self {
        case .diskFull, .quotaExceeded: .insufficientStorage
        case .readOnly: .permissionDenied
        }
    }
}

/// An error of a type nobody registered, whose description holds a secret.
struct DatabaseFailure: Error, CustomStringConvertible {
    var description: String { "connection to postgres://admin:hunter2@db.internal/prod failed: SELECT * FROM users" }
}

/// A wrapper that adds context, as apps write them.
struct RequestFailed: ErrorWrapping {
    var route: String
    var underlyingError: (any Error)?
}

/// A wrapper from a library the app cannot change.
struct ThirdPartyWrapper: Error {
    var inner: any Error
}

/// A third party's error that describes itself through Foundation.
struct ForeignLocalized: Error, LocalizedErrorLike {}

protocol LocalizedErrorLike: LocalizedError {}
extension LocalizedErrorLike {
    var errorDescription: String? { "The widget couldn't be frobbed." }
    var recoverySuggestion: String? { "Unplug the widget and plug it back in." }
}
