import Foundation
import FriendlyErrors
import HTTPTypes
import OpenAPIRuntime

extension ErrorCategory {
    /// The shop's own kind of failure: the account cannot pay (HTTP 402).
    static let paymentRequired = ErrorCategory("paymentRequired", httpStatus: 402, exitStatus: 1)
}

/// A domain error with a way out: the client may offer "Top up".
struct InsufficientFunds: FriendlyError {
    var missingCredits: Int

    var code: String { "account.insufficientFunds" }
    var title: LocalizableText { "Insufficient funds" }
    var message: LocalizableText { "You need \(missingCredits) more credits." }
    var suggestion: LocalizableText { "Top up your account, then try again." }
    var category: ErrorCategory { .paymentRequired }
    // The closure runs in interactive presenters only; a server sends the id, the client acts on it.
    var recoveries: [Recovery] { [Recovery(id: "topUp", label: "Top up") { .done }] }
}

/// The card was declined (HTTP 402): the server's own title and message, where a client that got no
/// problem could only say "Payment required".
struct PaymentDeclined: FriendlyError {
    var code: String { "payment.declined" }
    var title: LocalizableText { "Payment declined" }
    var message: LocalizableText { "Your card was declined. No money was taken." }
    var suggestion: LocalizableText { "Use another card, or ask your bank." }
    var category: ErrorCategory { .paymentRequired }
}

/// The export service is down for maintenance (HTTP 503 with `Retry-After`): the server's own title,
/// where a client that got no problem could only say the service is unavailable.
struct ExportUnavailable: FriendlyError {
    var code: String { "export.maintenance" }
    var title: LocalizableText { "Exports paused for maintenance" }
    var message: LocalizableText { "Order exports are back in a few minutes." }
    var category: ErrorCategory { .unavailable }
    var responseHeaders: [ResponseHeader] { [.retryAfter(seconds: 120)] }
}

/// An order whose fields failed validation (HTTP 422), one field problem per bad field.
struct InvalidOrder: FriendlyError {
    var problems: [FieldProblem]

    var code: String { "order.invalid" }
    var title: LocalizableText { "Invalid order" }
    var message: LocalizableText { "Correct the marked fields, then send the order again." }
    var category: ErrorCategory { .invalidData }
    var fieldProblems: [FieldProblem] { problems }
}

/// The runtime's way for an error to choose its response: 429 with `Retry-After`.
struct RateLimited: Error, HTTPResponseConvertible {
    var httpStatus: HTTPResponse.Status { .tooManyRequests }
    var httpHeaderFields: HTTPFields { [.retryAfter: "30"] }
}

/// What the error route of the throughput benchmark throws: a 400 as an app writes one for the runtime's own
/// `ErrorHandlingMiddleware` (the baseline), with a small problem+json body it encodes itself.
struct BenchRequestError: Error, HTTPResponseConvertible {
    /// The body the baseline sends.
    struct Problem: Encodable {
        var type = "about:blank"
        var title = "Bad Request"
        var status = 400
        var detail = "The request is not valid."
    }

    var httpStatus: HTTPResponse.Status { .badRequest }
    var httpHeaderFields: HTTPFields { [.contentType: "application/problem+json"] }
    var httpBody: HTTPBody? { (try? JSONEncoder().encode(Problem())).map { HTTPBody($0) } }
}

/// The same 400 with no body at all: what `ErrorHandlingMiddleware` sends for it is the status alone.
struct BareBenchRequestError: Error, HTTPResponseConvertible {
    var httpStatus: HTTPResponse.Status { .badRequest }
}

/// An error nobody classified, holding what must never leave the server.
struct ReportDatabaseFailure: Error, CustomStringConvertible {
    /// A credential, as careless error messages contain them.
    static let secret = "postgres://report:S3cr3t-Pa55@db.internal/reports"

    var description: String { "could not connect to \(Self.secret)" }
}

/// The shop's texts in English and Japanese; keys follow the codes.
let shopCatalog = TranslationCatalog(strings: [
    "en": [
        "account.insufficientFunds.action.topUp": "Top up"
    ],
    "ja": [
        "account.insufficientFunds.title": "残高が不足しています",
        "account.insufficientFunds.message": "あと%lldクレジット必要です。",
        "account.insufficientFunds.suggestion": "チャージしてから、もう一度お試しください。",
        "account.insufficientFunds.action.topUp": "チャージする",
        "order.invalid.title": "注文が無効です",
        "order.invalid.message": "印の付いた項目を直してから、もう一度注文を送ってください。",
        "order.price.negative.message": "価格は0以上でなければなりません。",
        "order.quantity.tooSmall.message": "数量は1以上でなければなりません。",
        "order.price.tooLarge.message": "価格は1,000,000以下でなければなりません。",
        "order.quantity.tooLarge.message": "数量は1,000以下でなければなりません。",
        "order.items.tooMany.message": "1回の注文は100品目までです。",
        "order.total.tooLarge.message": "注文の合計が大きすぎます。",
        "payment.declined.title": "お支払いが拒否されました",
        "payment.declined.message": "カードが拒否されました。代金は引き落とされていません。",
        "payment.declined.suggestion": "別のカードを使うか、銀行にお問い合わせください。",
        "export.maintenance.title": "メンテナンスのためエクスポートを停止中です",
        "export.maintenance.message": "注文のエクスポートは数分後に再開します。",
    ],
])
