import Foundation
import FriendlyErrors

extension ErrorCategory {
    /// The app's own kind of failure: the account cannot pay (HTTP 402).
    public static let paymentRequired = ErrorCategory("paymentRequired", httpStatus: 402, exitStatus: 1)
}

/// A domain error with a way out: the client may offer "Top up".
public struct InsufficientFunds: FriendlyError {
    /// How many credits the purchase lacks.
    public var missingCredits: Int

    public init(missingCredits: Int) { self.missingCredits = missingCredits }

    public var code: String { "account.insufficientFunds" }
    public var title: LocalizableText { "Insufficient funds" }
    public var message: LocalizableText { "You need \(missingCredits) more credits." }
    public var suggestion: LocalizableText { "Top up your account, then try again." }
    public var category: ErrorCategory { .paymentRequired }
    // The closure runs in interactive presenters only; a server sends the id, the client acts on it.
    public var recoveries: [Recovery] { [Recovery(id: "topUp", label: "Top up") { .done }] }
}

/// A request with a field the server cannot accept (HTTP 400).
public struct InvalidField: FriendlyError {
    /// The query or body field that was wrong.
    public var field: String

    public init(field: String) { self.field = field }

    public var code: String { "request.invalidField" }
    public var title: LocalizableText { "Invalid request" }
    public var message: LocalizableText { "The field “\(field)” must be a whole number." }
    public var category: ErrorCategory { .invalidInput }
}

/// An error nobody classified, holding what must never leave the server.
public struct ReportDatabaseFailure: Error, CustomStringConvertible {
    /// A credential, as careless error messages contain them.
    public static let secret = "postgres://report:S3cr3t-Pa55@db.internal/reports"

    public init() {}
    public var description: String { "could not connect to \(Self.secret)" }
}

/// The shop's texts in English and Japanese; keys follow the codes.
public let shopCatalog = TranslationCatalog(strings: [
    "en": [
        "account.insufficientFunds.action.topUp": "Top up"
    ],
    "ja": [
        "account.insufficientFunds.title": "残高が不足しています",
        "account.insufficientFunds.message": "あと%lldクレジット必要です。",
        "account.insufficientFunds.suggestion": "チャージしてから、もう一度お試しください。",
        "account.insufficientFunds.action.topUp": "チャージする",
        "request.invalidField.title": "リクエストが無効です",
        "request.invalidField.message": "「%@」は整数でなければなりません。",
    ],
])
