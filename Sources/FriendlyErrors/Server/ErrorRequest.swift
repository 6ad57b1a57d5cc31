/// What a server knows about the request an error was thrown for: everything
/// ``AlertPipeline/response(for:to:writers:)`` and a ``ErrorBodyWriter`` read, in the framework's
/// neutral terms. A framework integration fills one from its own request and error types; nothing
/// else is needed.
///
/// ```swift
/// let request = ErrorRequest(
///     method: "POST", acceptLanguage: "ja, en;q=0.5", accept: "application/json",
///     metadata: ["request.id": id, "request.path": "/orders"])
/// ```
public struct ErrorRequest: Sendable, Hashable {
    /// The request's method (`"GET"`, `"HEAD"`…). A `HEAD` request is answered with the headers alone.
    public var method: String
    /// The `Accept-Language` header as received (several joined with `", "`), or `nil`. Parsing is
    /// bounded, so the header can be passed as it came.
    public var acceptLanguage: String?
    /// The `Accept` header as received, or `nil`: it chooses which of the response's body writers
    /// writes the body (problem+json, a web page, plain text or the app's own; see
    /// ``AlertPipeline/response(for:to:writers:)``). Parsing is bounded.
    public var accept: String?
    /// The request target, path and query as received (`"/orders/7?tab=items"`), or `nil`: where a
    /// page's "Try again" leads, for `GET` and `HEAD`. A target that does not start with one `/` is
    /// not used.
    public var target: String?
    /// The `Host` header (HTTP/2's `:authority`), or `nil`: a page's Cancel follows the `Referer`
    /// only when it names this host and port.
    public var host: String?
    /// The `Referer` header, or `nil`: a page's Cancel leads back there when it is a page of ``host``
    /// (its path and query alone are written: never another site).
    public var referer: String?
    /// A nonce for a page's style element, when the app sends its own Content-Security-Policy with
    /// styles allowed by nonce; `nil` (the default) sends the page with a policy allowing its style
    /// by hash (`contentSecurityPolicy`). Only base64 characters are kept.
    public var styleNonce: String?
    /// Metadata for the pipeline's observers (`"request.id"`, `"request.method"`, `"request.path"`).
    /// Never shown to the client.
    public var metadata: [String: String]
    /// The status the framework itself answers this error with (Hummingbird's `HTTPError`, Vapor's
    /// `Abort`), if any. In 400–599 it wins over the pipeline's; below 400 it is not an error
    /// response and the integration passes the framework's own response through.
    public var frameworkStatus: Int?
    /// The headers of the framework's own response for the error (`Allow`, `Retry-After`,
    /// `WWW-Authenticate`…), kept on the response; those describing the framework's body are dropped.
    public var frameworkHeaders: [ResponseHeader]
    /// The framework error's own text, used as the message of an error classified by the framework's
    /// client error status. An error's own text may hold internals: pass it only when the app said
    /// these texts are for users (the integrations' `revealsFrameworkMessages` option).
    public var frameworkMessage: String?
    /// The ID of the request's trace (W3C `traceparent`'s 32 hex digits), or `nil`: the problem's `traceId`,
    /// shown beside the reference ID on a page and in plain text, so a support ticket names both. Letters,
    /// digits, `-`, `_` and `.` alone are written, at most 64 of them; a server integration fills it from
    /// the tracer (FriendlyErrorsServerKit's `ServerErrorReporter.traceID()`).
    public var traceID: String?

    /// A request; everything but the method is optional.
    public init(
        method: String = "GET", acceptLanguage: String? = nil, accept: String? = nil, target: String? = nil,
        host: String? = nil, referer: String? = nil, styleNonce: String? = nil,
        metadata: [String: String] = [:], frameworkStatus: Int? = nil, frameworkHeaders: [ResponseHeader] = [],
        frameworkMessage: String? = nil, traceID: String? = nil
    ) {
        self.method = method
        self.acceptLanguage = acceptLanguage
        self.accept = accept
        self.target = target
        self.host = host
        self.referer = referer
        self.styleNonce = styleNonce
        self.metadata = metadata
        self.frameworkStatus = frameworkStatus
        self.frameworkHeaders = frameworkHeaders
        self.frameworkMessage = frameworkMessage
        self.traceID = traceID
    }
}

extension ErrorRequest {
    /// `traceID` when it is 1–64 letters, digits, `-`, `_` or `.`; else `nil` (never written).
    static func cleanTraceID(_ traceID: String) -> String? {
        // Read as contiguous bytes (`allUTF8Bytes`): `utf8.allSatisfy` walked the view's indices, about 40
        // instructions a byte.
        guard (1...64).contains(traceID.utf8.count),
            traceID.allUTF8Bytes(satisfy: { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            })
        else { return nil }
        return traceID
    }
}
