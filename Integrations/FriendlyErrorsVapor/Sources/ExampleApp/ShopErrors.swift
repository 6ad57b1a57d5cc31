import Foundation
import FriendlyErrors

extension ErrorCategory {
    /// The shop's own kind of failure: the account cannot pay (HTTP 402).
    static let paymentRequired = ErrorCategory("paymentRequired", httpStatus: 402, exitStatus: 1)
}

/// A domain error: the account lacks credits.
struct InsufficientFunds: FriendlyError {
    var missingCredits: Int

    var code: String { "account.insufficientFunds" }
    var title: LocalizableText { "Insufficient funds" }
    var message: LocalizableText { "You need \(missingCredits) more credits." }
    var category: ErrorCategory { .paymentRequired }
}

/// An error nobody classified, holding what must never leave the server.
struct ReportDatabaseFailure: Error, CustomStringConvertible {
    /// A credential, as careless error messages contain them.
    static let secret = "postgres://report:S3cr3t-Pa55@db.internal/reports"

    var description: String { "could not connect to \(Self.secret)" }
}

/// The shop's texts in Japanese (English is in the code); keys follow the codes.
let shopCatalog = TranslationCatalog(strings: [
    "en": [
        "account.insufficientFunds.title": "Insufficient funds"
    ],
    "ja": [
        "account.insufficientFunds.title": "残高が不足しています",
        "account.insufficientFunds.message": "あと%lldクレジット必要です。",
        "order.notFound.message": "この番号の注文はありません。",
    ],
])
