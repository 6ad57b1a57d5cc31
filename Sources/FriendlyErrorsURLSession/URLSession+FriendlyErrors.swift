public import Foundation
@_exported public import FriendlyErrors

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

extension URLSession {
    /// The response to `request`, asked for in the user's language; for an error status (400 and
    /// up), the problem the server answered with is thrown as a ``RemoteProblem``, which the
    /// pipeline presents like any other error.
    ///
    /// ```swift
    /// let (data, _) = try await URLSession.shared.friendlyData(for: URLRequest(url: url))
    /// ```
    ///
    /// - The request gets an `Accept-Language` header from `language` (see
    ///   ``LanguagePreference/acceptLanguageValue``) unless it has one, so the server's texts come in
    ///   the language the alert around them is in.
    /// - A response asking to wait with `Retry-After` (at most 5 minutes: `RemoteProblem.retryDelay`)
    ///   is tried again after the wait, up to `maximumAttempts` requests in all, for requests that
    ///   can safely be repeated (`GET`, `HEAD`, `PUT`, `DELETE`, `OPTIONS`, `TRACE`). The default, 1,
    ///   leaves retrying to the alert's Try Again.
    /// - Errors of the transport (offline, timed out) are thrown as `URLSession` throws them; the
    ///   pipeline's built-in texts know them.
    /// - Of an error response's body, at most 65,537 bytes are read (one more than the problem reader
    ///   reads, as the OpenAPI client middleware does), then the transfer is cancelled: a 24 MiB page
    ///   is never held whole. The request goes through a session of its own with this session's
    ///   `configuration` (headers, cookies, cache, timeouts, protocol classes), whose delegate can
    ///   see every chunk: this session's delegate is not asked.
    ///
    /// - Parameters:
    ///   - request: the request.
    ///   - language: the languages to ask for; the process's by default.
    ///   - defaultLanguage: the language of problem texts that state none (see
    ///     ``RemoteProblem/init(status:headers:body:requestURL:defaultLanguage:)``).
    ///   - maximumAttempts: how many requests at most, when the server asks to try again later.
    /// - Returns: the body and the response, for a status below 400.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public func friendlyData(
        for request: URLRequest, language: LanguagePreference = .process, defaultLanguage: String? = nil,
        maximumAttempts: Int = 1
    ) async throws -> (Data, HTTPURLResponse) {
        var request = request
        if request.value(forHTTPHeaderField: "Accept-Language") == nil {
            request.setValue(language.acceptLanguageValue, forHTTPHeaderField: "Accept-Language")
        }
        let repeatable = Self.repeatableMethods.contains((request.httpMethod ?? "GET").uppercased())
        var attempt = 1
        while true {
            let (data, response) = try await BoundedErrorBodyTask.data(for: request, configuration: configuration)
            guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            guard http.statusCode >= 400 else { return (data, http) }
            let problem = RemoteProblem(
                status: http.statusCode, headers: Self.headers(of: http), body: data,
                requestURL: request.url ?? http.url, defaultLanguage: defaultLanguage)
            guard repeatable, attempt < maximumAttempts, let delay = problem.retryDelay,
                delay <= RemoteProblem.maximumRetryDelay
            else { throw problem }
            try await Task.sleep(for: delay)  // at most `maximumRetryDelay`
            attempt += 1
        }
    }

    /// The methods RFC 9110 calls idempotent: repeating one changes nothing more.
    private static let repeatableMethods: Set<String> = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"]

    /// A response's headers as names and values.
    private static func headers(of response: HTTPURLResponse) -> [(String, String)] {
        response.allHeaderFields.compactMap { name, value in
            guard let name = name as? String, let value = value as? String else { return nil }
            return (name, value)
        }
    }
}
