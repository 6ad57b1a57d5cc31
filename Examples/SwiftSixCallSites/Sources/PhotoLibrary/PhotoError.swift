import Foundation
public import FriendlyErrors

/// The photo library's one error: the photo server cannot be reached. Its category gives a tool the
/// exit status 69 (`EX_UNAVAILABLE`); its recovery asks to try again.
public enum PhotoError: FriendlyError {
    case serverUnavailable(host: String)

    public var code: String { "photos.serverUnavailable" }

    public var title: LocalizableText { "Photo server unavailable" }

    public var message: LocalizableText {
        switch self {
        case .serverUnavailable(let host): "\(host) can’t be reached right now."
        }
    }

    public var category: ErrorCategory { .unavailable }

    public var recoveries: [Recovery] { [.retry()] }
}
