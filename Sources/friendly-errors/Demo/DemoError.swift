import Foundation
import FriendlyErrors

/// The demo's own errors: a realistic catalog entry with a recovery.
enum DemoError: FriendlyError {
    case configMissing(path: String, createDefault: @Sendable () async throws -> RecoveryOutcome)
    case configInvalid(
        path: String, at: FileLocation, commentOut: @Sendable () async throws -> RecoveryOutcome,
        delete: @Sendable () async throws -> RecoveryOutcome)

    var code: String {
        switch self {
        case .configMissing: "demo.configMissing"
        case .configInvalid: "demo.configInvalid"
        }
    }

    var message: LocalizableText {
        switch self {
        case .configMissing(let path, _): .arguments(.string(path))
        case .configInvalid(let path, let location, _, _): .arguments(.string(path), .integer(location.line))
        }
    }

    var location: FileLocation? {
        switch self {
        case .configMissing: nil
        case .configInvalid(_, let location, _, _): location
        }
    }

    var category: ErrorCategory { .configuration }

    var recoveries: [Recovery] {
        switch self {
        case .configMissing(_, let createDefault):
            [Recovery(id: "createDefault", label: LocalizableText(), perform: createDefault)]
        case .configInvalid(_, let location, let commentOut, let delete):
            [
                Recovery(id: "deleteConfig", label: LocalizableText(), isDestructive: true, perform: delete),
                Recovery(id: "commentOut", label: .arguments(.integer(location.line)), perform: commentOut),
            ]
        }
    }
}
