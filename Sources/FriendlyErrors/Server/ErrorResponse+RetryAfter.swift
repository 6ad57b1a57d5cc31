package import Foundation

extension ErrorResponse {
    /// The seconds the client is asked to wait before trying again, as a value: the `Retry-After` this
    /// response sends (its number of seconds, or the time from now to its date, rounded up, never
    /// negative), or `nil` when it sends none. For an integration that answers in another medium (gRPC's
    /// `retry-after` metadata, a retry delay in a status detail) and should not parse the header's text.
    ///
    /// ```swift
    /// let response = pipeline.response(for: RateLimited(seconds: 30), to: ErrorRequest())
    /// response.retryAfterSeconds   // 30
    /// ```
    package var retryAfterSeconds: Int? { Self.retryAfterSeconds(in: headers, now: Date()) }

    /// The seconds of the first `Retry-After` among `headers`, from `now` (and FriendlyErrorsAdapters'
    /// `Alert.retryAfterSeconds`).
    package static func retryAfterSeconds(in headers: [ResponseHeader], now: Date) -> Int? {
        guard let header = headers.first(where: { $0.hasName("Retry-After") }) else { return nil }
        return RetryAfter.seconds(header.value, now: now).map { Int(clamping: $0) }
    }
}

extension Alert {
    /// The seconds the client is asked to wait before trying again: the alert's own `Retry-After`
    /// (``responseHeaders``) as a value, or `nil` (see ``ErrorResponse/retryAfterSeconds``).
    package var retryAfterSeconds: Int? { ErrorResponse.retryAfterSeconds(in: responseHeaders, now: Date()) }
}
