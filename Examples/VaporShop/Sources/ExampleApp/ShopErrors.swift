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

/// A page for signed-in customers only: its recovery is a link a browser follows (and a JSON client
/// reads as `actions[].href`).
struct SignInRequired: FriendlyError {
    var code: String { "account.signInRequired" }
    var title: LocalizableText { "Sign-in required" }
    var message: LocalizableText { "Sign in to see your account and your orders." }
    var suggestion: LocalizableText { "For your security, you are signed out after 30 minutes without activity." }
    var category: ErrorCategory { .unauthenticated }
    var recoveries: [Recovery] { [.link(id: "signIn", label: "Sign in", href: "/login?next=%2Faccount")] }
}

/// A comment the shop refuses, quoting the client's text back: what the browser tests fill with
/// hostile text (`GET /comments/preview?text=…`). Its recovery's link is `javascript:`, which is
/// never written.
struct RejectedComment: FriendlyError {
    var text: String

    var code: String { "comment.rejected" }
    var title: LocalizableText { "Comment rejected" }
    var message: LocalizableText { "This comment can’t be posted: \(text)" }
    var category: ErrorCategory { .invalidInput }
    var recoveries: [Recovery] {
        [.link(id: "edit", label: "Edit “\(text)”", href: "javascript:alert(document.domain)")]
    }
    var fieldProblems: [FieldProblem] {
        [FieldProblem("comment", code: "comment.markup", message: "Markup isn’t allowed: \(text)")]
    }
}

/// An error nobody classified, holding what must never leave the server.
struct ReportDatabaseFailure: Error, CustomStringConvertible {
    /// A credential, as careless error messages contain them.
    static let secret = "postgres://report:S3cr3t-Pa55@db.internal/reports"

    var description: String { "could not connect to \(Self.secret)" }
}

/// The shop's texts in Japanese and German (English is in the code); keys follow the codes.
let shopCatalog = TranslationCatalog(strings: [
    "en": [
        "account.insufficientFunds.title": "Insufficient funds"
    ],
    "ja": [
        "account.signInRequired.title": "ログインが必要です",
        "account.signInRequired.message": "アカウントと注文を表示するには、ログインしてください。",
        "account.signInRequired.suggestion": "安全のため、30分間操作がないとログアウトされます。",
        "account.signInRequired.action.signIn": "ログイン",
        "account.insufficientFunds.title": "残高が不足しています",
        "account.insufficientFunds.message": "あと%lldクレジット必要です。",
        "order.notFound.message": "この番号の注文はありません。",
    ],
    "de": [
        "account.signInRequired.title": "Anmeldung erforderlich",
        "account.signInRequired.message": "Melden Sie sich an, um Ihr Konto und Ihre Bestellungen zu sehen.",
        "account.signInRequired.suggestion": "Zu Ihrer Sicherheit werden Sie nach 30 Minuten ohne Aktivität abgemeldet.",
        "account.signInRequired.action.signIn": "Anmelden",
    ],
])
