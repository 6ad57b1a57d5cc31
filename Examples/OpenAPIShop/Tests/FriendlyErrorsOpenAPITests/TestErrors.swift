import Foundation
import FriendlyErrorsOpenAPI
import HTTPTypes
import OpenAPIRuntime

/// The app's own error: 404 from its category.
struct MissingOrder: FriendlyError {
    var code: String { "order.missing" }
    var title: LocalizableText { "Order not found" }
    var message: LocalizableText { "There is no such order." }
    var category: ErrorCategory { .notFound }
}

/// A runtime error with a status and a header of its own.
struct Throttled: Error, HTTPResponseConvertible {
    var httpStatus: HTTPResponse.Status { .tooManyRequests }
    var httpHeaderFields: HTTPFields { [.retryAfter: "30", .contentType: "text/plain"] }
    var httpBody: HTTPBody? { HTTPBody("slow down, internal host db-7") }
}

/// A redirect thrown as an error: not an error response.
struct Moved: Error, HTTPResponseConvertible {
    var httpStatus: HTTPResponse.Status { .seeOther }
    var httpHeaderFields: HTTPFields { [.location: "/orders/7"] }
}

/// An error holding a secret in its own text.
struct LeakyFailure: Error, CustomStringConvertible {
    var description: String { "password=hunter2 at /srv/app/config.yaml" }
}
