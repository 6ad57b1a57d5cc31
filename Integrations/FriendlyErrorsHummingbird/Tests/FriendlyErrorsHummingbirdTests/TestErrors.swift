import Foundation
import FriendlyErrors
import HTTPTypes
import Hummingbird

extension ErrorCategory {
    static let paymentRequired = ErrorCategory("paymentRequired", httpStatus: 402, exitStatus: 1)
}

struct InsufficientFunds: FriendlyError {
    var missingCredits: Int
    var code: String { "account.insufficientFunds" }
    var title: LocalizableText { "Insufficient funds" }
    var message: LocalizableText { "You need \(missingCredits) more credits." }
    var suggestion: LocalizableText { "Top up your account, then try again." }
    var category: ErrorCategory { .paymentRequired }
}

struct ValidationFailed: FriendlyError {
    var problems: [FieldProblem]
    var code: String { "order.invalid" }
    var category: ErrorCategory { .invalidData }
    var fieldProblems: [FieldProblem] { problems }
}

/// An error that is not `HTTPError` but makes its own response, as hummingbird-auth's denials do.
struct NotAuthenticated: HTTPResponseError {
    var status: HTTPResponse.Status { .unauthorized }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: status, headers: [.wwwAuthenticate: #"Bearer realm="shop""#, .contentType: "text/plain"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: "internal: token store unreachable")))
    }
}

struct ReportDatabaseFailure: Error, CustomStringConvertible {
    static let secret = "postgres://report:S3cr3t-Pa55@db.internal/reports"
    var description: String { "could not connect to \(Self.secret)" }
}

let testCatalog = TranslationCatalog(strings: [
    "ja": [
        "account.insufficientFunds.title": "残高が不足しています",
        "account.insufficientFunds.message": "あと%lldクレジット必要です。",
    ]
])

/// Values an observer saw, from any task.
final class Seen: @unchecked Sendable {
    // @unchecked: `stored` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var stored: [[String: String]] = []

    func add(_ value: [String: String]) { lock.withLock { stored.append(value) } }
    var values: [[String: String]] { lock.withLock { stored } }
}
