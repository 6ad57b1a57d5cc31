public import Foundation
public import FriendlyErrors
public import HTTPTypes
public import OpenAPIRuntime

/// A swift-openapi-runtime client middleware that asks the server for the user's language and turns
/// an error response into the server's problem, thrown before the generated code sees it: the client
/// half of ``FriendlyErrorsServerMiddleware``.
///
/// ```swift
/// let client = Client(
///     serverURL: url, transport: URLSessionTransport(),
///     middlewares: [FriendlyErrorsClientMiddleware()])   // the one line
/// ```
///
/// - Every request gets `Accept-Language` from ``language`` (see
///   ``FriendlyErrors/LanguagePreference/acceptLanguageValue``) unless it has one, and
///   `Accept: application/problem+json, application/json;q=0.9` unless it has an `Accept`.
/// - An `Accept` the request has (the generated code's: the operation's own media types) keeps its
///   entries, and gets `application/problem+json` after them unless it names it: an error answer is not
///   the operation's content, so a `text/plain` or `application/octet-stream` operation's error arrives
///   as the server's problem too. It is added with the quality of the best entry (`text/plain` gives
///   `text/plain, application/problem+json`; `text/plain;q=0.5` gives
///   `text/plain;q=0.5, application/problem+json;q=0.5`): a server answers a success with the operation's
///   type, which comes first, and picks among its error formats by quality, so a lower one would lose
///   to the operation's `text/plain` there.
/// - A response with a status of 400 or more (but those in ``passedThrough``) is thrown as a
///   ``FriendlyErrors/RemoteProblem``: a problem+json body gives the server's alert, any other body
///   (a proxy's HTML, text, nothing) the status's generic one. At most ``maximumBodyBytes`` of the body
///   are read, then reading stops.
/// - The runtime wraps what a middleware throws in a `ClientError`: the app presents it through a
///   pipeline that looks inside (``FriendlyErrors/AlertPipeline/unwrappingOpenAPIClientErrors()``), or
///   takes the problem out (``FriendlyErrors/RemoteProblem/init(unwrapping:)``).
public struct FriendlyErrorsClientMiddleware: ClientMiddleware {
    /// The languages every request asks the server for.
    public let language: LanguagePreference
    /// The language of problem texts that state none; `nil` not to show them.
    public let defaultLanguage: String?
    /// Error statuses the operations document with a schema of their own, passed to the generated
    /// code rather than thrown (`[409]`); none by default.
    public let passedThrough: Set<Int>

    /// How many bytes of an error body are read at most: one more than the core reads (64 KiB), so
    /// that it can tell a body that is too long.
    public static let maximumBodyBytes = 65_537

    /// A middleware asking for `language` (the process's by default).
    public init(language: LanguagePreference = .process, defaultLanguage: String? = nil, passedThrough: Set<Int> = []) {
        self.language = language
        self.defaultLanguage = defaultLanguage
        self.passedThrough = passedThrough
        self.acceptLanguage = language.acceptLanguageValue
    }

    /// The `Accept-Language` value, worked out once.
    private let acceptLanguage: String

    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if request.headerFields[.acceptLanguage] == nil { request.headerFields[.acceptLanguage] = acceptLanguage }
        if let accept = request.headerFields[.accept] {
            if let problems = Self.acceptingProblems(accept) { request.headerFields[.accept] = problems }
        } else {
            request.headerFields[.accept] = Self.accept
        }
        let (response, responseBody) = try await next(request, body, baseURL)
        let status = response.status.code
        guard status >= 400, !passedThrough.contains(status) else { return (response, responseBody) }
        let bytes = try await Self.prefix(of: responseBody)
        throw RemoteProblem(
            status: status, headers: response.headerFields.lazy.map { ($0.name.canonicalName, $0.value) },
            body: bytes, requestURL: Self.url(of: request, baseURL: baseURL), defaultLanguage: defaultLanguage)
    }

    /// The first ``maximumBodyBytes`` of `body`; the rest is never read.
    static func prefix(of body: HTTPBody?) async throws -> [UInt8] {
        guard let body else { return [] }
        var bytes: [UInt8] = []
        for try await chunk in body {
            bytes.append(contentsOf: chunk.prefix(maximumBodyBytes - bytes.count))
            if bytes.count >= maximumBodyBytes { break }
        }
        return bytes
    }

    /// The URL a request went to, which relative links in the problem are resolved against.
    static func url(of request: HTTPRequest, baseURL: URL) -> URL? {
        guard let path = request.path else { return baseURL }
        var base = baseURL.absoluteString
        if base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + path)
    }

    private static let accept = "application/problem+json, application/json;q=0.9"

    /// `accept` with `application/problem+json` added, with the quality of its best entry; `nil` when it
    /// names `application/problem+json` already (at any quality: the app's choice) or accepts nothing.
    static func acceptingProblems(_ accept: String) -> String? {
        var best = 0.0
        for entry in accept.split(separator: ",") {
            let parameters = entry.split(separator: ";")
            guard let type = parameters.first?.trimmingCharacters(in: .whitespaces).lowercased(), !type.isEmpty
            else { continue }
            if type == problemType { return nil }
            var quality = 1.0
            for parameter in parameters.dropFirst() {
                let text = parameter.trimmingCharacters(in: .whitespaces).lowercased()
                if text.hasPrefix("q="), let value = Double(text.dropFirst(2)), (0...1).contains(value) {
                    quality = value
                }
            }
            best = max(best, quality)
        }
        guard best > 0 else { return nil }
        // RFC 9110's qvalue: at most three decimals, no trailing zeros.
        let thousandths = Int((best * 1000).rounded())
        guard thousandths < 1000 else { return accept + ", " + problemType }
        var decimals = String(thousandths)
        decimals = String(repeating: "0", count: 3 - decimals.count) + decimals
        while decimals.hasSuffix("0") { decimals.removeLast() }
        return accept + ", " + problemType + ";q=0." + decimals
    }

    private static let problemType = "application/problem+json"
}

extension RemoteProblem {
    /// The problem inside `error`: `error` itself, or the `underlyingError` of the `ClientError` the
    /// OpenAPI runtime wraps what ``FriendlyErrorsClientMiddleware`` throws in; `nil` for any other error.
    ///
    /// ```swift
    /// do {
    ///     _ = try await client.createOrder(body: .json(order))
    /// } catch {
    ///     if let problem = RemoteProblem(unwrapping: error) { print(problem.code) }
    /// }
    /// ```
    public init?(unwrapping error: any Error) {
        var error = error
        for _ in 0..<8 {
            if let problem = error as? RemoteProblem {
                self = problem
                return
            }
            guard let client = error as? ClientError else { return nil }
            error = client.underlyingError
        }
        return nil
    }
}

extension AlertPipeline {
    /// The pipeline that looks through the OpenAPI runtime's `ClientError` to the error it wraps: the
    /// ``FriendlyErrors/RemoteProblem`` ``FriendlyErrorsClientMiddleware`` threw, so that the alert is the
    /// server's, and a transport's error is classified as itself (`URLSessionTransport`'s refused
    /// connection: "Couldn't connect", exit 69). The `ClientError`'s own text (a `LocalizedError`'s: "Client
    /// encountered an error invoking the operation…") is never shown: around an error nothing knows, the
    /// alert is the fallback's.
    ///
    /// ```swift
    /// let pipeline = AlertPipeline().unwrappingOpenAPIClientErrors()
    /// ```
    public func unwrappingOpenAPIClientErrors() -> AlertPipeline {
        unwrapping(ClientError.self) { $0.underlyingError }
    }
}
