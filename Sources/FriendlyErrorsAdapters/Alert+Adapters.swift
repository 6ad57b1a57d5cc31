import Foundation

extension Alert {
    /// The seconds the client is asked to wait before trying again: the alert's own `Retry-After`
    /// (`responseHeaders`: its number of seconds, or the time from now to its date, rounded up, never
    /// negative), or `nil` when it has none. For an integration that answers in another medium (gRPC's
    /// `RetryInfo`, a `retry-after` metadata) and should not parse the header's text.
    ///
    /// ```swift
    /// if let seconds = answer.alert.retryAfterSeconds { details.retryInfo(delay: .seconds(seconds)) }
    /// ```
    public var retryAfterSeconds: Int? { ErrorResponse.retryAfterSeconds(in: responseHeaders, now: Date()) }
}
