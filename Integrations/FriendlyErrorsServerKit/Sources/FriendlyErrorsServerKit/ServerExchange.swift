/// What the kit knows of the exchange an error was answered in, beyond the error: the medium, the status
/// sent, and the request's method, route and path. Made by the integration for ``ServerErrorReporter``, only
/// when something records the error.
///
/// ```swift
/// .http(status: 404, method: "GET", route: "/orders/{id}", path: "/orders/7")
/// .grpc(code: 5, method: "shop.Orders/Get")
/// ```
public struct ServerExchange: Sendable, Hashable {
    /// HTTP or gRPC.
    var medium: Medium
    /// The HTTP status sent (400–599), or the gRPC status code (0–16).
    var status: Int
    /// The HTTP method (`"GET"`), or the gRPC method's full name (`"shop.Orders/Get"`).
    var method: String?
    /// The route's template (`"/orders/{id}"`, Hummingbird's `context.endpointPath`), when known: low cardinality.
    var route: String?
    /// The request's path (`url.path`): logged, never counted.
    var path: String?

    /// How the error was answered: over HTTP (status and body) or gRPC (status).
    enum Medium: String, Sendable, Hashable {
        case http
        case grpc
    }

    /// An HTTP exchange answered with `status`; `route` is the route's template (`"/orders/{id}"`), `path`
    /// the request's path without its query.
    public static func http(status: Int, method: String?, route: String? = nil, path: String? = nil) -> Self {
        Self(medium: .http, status: status, method: method, route: route, path: path)
    }

    /// A gRPC call answered with the status `code` (`5` for NOT_FOUND); `method` is its full name.
    public static func grpc(code: Int, method: String?) -> Self {
        Self(medium: .grpc, status: code, method: method)
    }

    /// Whether this exchange is a server's fault, as OpenTelemetry's conventions say for a server's span: an
    /// HTTP status 500–599; the gRPC codes UNKNOWN, DEADLINE_EXCEEDED, UNIMPLEMENTED, INTERNAL, UNAVAILABLE
    /// and DATA_LOSS. A client's fault (4xx, NOT_FOUND, INVALID_ARGUMENT…) is not the server's error.
    var isServerError: Bool {
        switch medium {
        case .http: (500...599).contains(status)
        case .grpc: [2, 4, 12, 13, 14, 15].contains(status)
        }
    }

    /// The status as the conventions write it: `"404"` for HTTP, the code's name (`"NOT_FOUND"`) for gRPC.
    var statusText: String {
        switch medium {
        case .http: String(status)
        case .grpc: (0..<Self.grpcCodeNames.count).contains(status) ? Self.grpcCodeNames[status] : String(status)
        }
    }

    /// The status attribute's name: `http.response.status_code` or `rpc.response.status_code`.
    var statusKey: String {
        switch medium {
        case .http: "http.response.status_code"
        case .grpc: "rpc.response.status_code"
        }
    }

    static let grpcCodeNames = [
        "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
        "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED",
        "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED",
    ]
}
