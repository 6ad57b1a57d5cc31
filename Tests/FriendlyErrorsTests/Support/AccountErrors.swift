import Foundation
import FriendlyErrors

extension ErrorCategory {
    /// An app's own category, as the documentation shows: payment required, HTTP 402.
    static let paymentRequired = ErrorCategory("paymentRequired", httpStatus: 402, exitStatus: 1)
}

/// A domain error with a recovery, as a server app writes them.
struct InsufficientFunds: FriendlyError {
    var missingCredits: Int

    var code: String { "account.insufficientFunds" }
    var title: LocalizableText { "Insufficient funds" }
    var message: LocalizableText { "You need \(missingCredits) more credits." }
    var reason: LocalizableText { "Your balance is lower than the price." }
    var suggestion: LocalizableText { "Top up your account, then try again." }
    var category: ErrorCategory { .paymentRequired }
    var recoveries: [Recovery] { [Recovery(id: "topUp", label: "Top up") { .recovered }] }
}

/// The app's catalog for ``InsufficientFunds``, with Japanese.
let accountCatalog = TranslationCatalog(strings: [
    "en": [
        "account.insufficientFunds.title": "Insufficient funds",
        "account.insufficientFunds.message": "You need %lld more credits.",
        "account.insufficientFunds.action.topUp": "Top up",
    ],
    "ja": [
        "account.insufficientFunds.title": "残高が不足しています",
        "account.insufficientFunds.message": "あと%lldクレジット必要です。",
        "account.insufficientFunds.reason": "残高が価格より少なくなっています。",
        "account.insufficientFunds.suggestion": "チャージしてから、もう一度お試しください。",
        "account.insufficientFunds.action.topUp": "チャージする",
    ],
])

/// An error that carries its own HTTP status, as a framework's errors do.
struct FrameworkHTTPError: Error {
    var statusCode: Int
}

/// The pipeline the JSON tests share: the account catalog and a rule for framework errors.
let serverPipeline = AlertPipeline()
    .addingCatalog(accountCatalog)
    .registering(FrameworkHTTPError.self) { error in
        Classification(
            code: "http.\(error.statusCode)", category: error.statusCode == 404 ? .notFound : .invalidInput,
            httpStatus: error.statusCode)
    }

/// An error whose own texts hold a password, in every way an error can describe itself.
struct LeakyError: Error, CustomStringConvertible, CustomDebugStringConvertible {
    static let secret = "hunter2-Sup3rSecret"
    var description: String { "login failed for admin:\(Self.secret)@db.internal" }
    var debugDescription: String { "LeakyError(password: \(Self.secret))" }
}

/// An order with several bad fields, as a server's validation rejects it: field problems with and
/// without their own texts, and a catalog for Japanese.
struct InvalidOrder: FriendlyError {
    var code: String { "order.invalid" }
    var title: LocalizableText { "Invalid order" }
    var message: LocalizableText { "The order has \(fieldProblems.count) problems." }
    var category: ErrorCategory { .invalidData }
    var fieldProblems: [FieldProblem] {
        [
            FieldProblem("/items/2/price", code: "order.price.negative", message: "The price must be \(0) or more."),
            FieldProblem("#/customer/email", code: "order.email.missing", message: "Enter an email address."),
            FieldProblem("coupon", code: "order.coupon.unknown"),
        ]
    }
}

/// A rate-limited error that knows when to try again.
struct TooManyRequests: FriendlyError {
    var seconds: Int
    var code: String { "api.tooManyRequests" }
    var category: ErrorCategory { .rateLimited }
    var responseHeaders: [ResponseHeader] { [.retryAfter(seconds: seconds)] }
}

/// The Japanese texts of ``InvalidOrder``.
let orderCatalog = TranslationCatalog(strings: [
    "en": [
        "order.coupon.unknown.message": "This coupon does not exist."
    ],
    "ja": [
        "order.invalid.title": "注文が無効です",
        "order.invalid.message": "注文に%lld件の問題があります。",
        "order.price.negative.message": "価格は%lld以上でなければなりません。",
        "order.coupon.unknown.message": "このクーポンは存在しません。",
    ],
])
