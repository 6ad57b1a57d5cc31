import FriendlyErrors
import Hummingbird
import Logging

/// The shop's pipeline: its catalog, Hummingbird's `HTTPError` with its own status, and an observer
/// that logs every error in full with the reference ID the response carries.
public func makeShopPipeline(
    observer: @escaping @Sendable (ClassificationEvent) -> Void = ShopLog.log
) -> AlertPipeline {
    AlertPipeline()
        .addingCatalog(shopCatalog)
        .registering(HTTPError.self) { error in
            let status = Int(error.status.code)
            return Classification(code: "http.\(status)", category: category(forStatus: status), httpStatus: status)
        }
        .observing(observer)
}

/// The category whose generic, translated texts fit a framework's status.
func category(forStatus status: Int) -> ErrorCategory {
    switch status {
    case 401: .unauthenticated
    case 403: .permissionDenied
    case 404, 405, 410: .notFound
    case 409: .conflict
    case 422: .invalidData
    case 429: .rateLimited
    case 503: .unavailable
    case 504: .timeout
    case 400..<500: .invalidInput
    default: .internal
    }
}

/// Where the shop's errors are logged.
public enum ShopLog {
    static let logger = Logger(label: "shop.errors")

    /// Logs the full error, for operators; the response carries only `referenceId`.
    public static func log(_ event: ClassificationEvent) {
        logger.error(
            "\(String(reflecting: event.error))",
            metadata: ["code": "\(event.classification.code)", "referenceId": "\(event.referenceID ?? "-")"])
    }
}

/// The shop's routes behind the problem middleware.
///
/// - `POST /orders` — not enough credits: 402 with a "topUp" action;
/// - `GET /items?limit=abc` — a field that is not a number: 400;
/// - `GET /reports` — an unknown error holding a database password: 500, with nothing of it sent;
/// - anything else — Hummingbird's own 404, kept as 404.
public func buildShopRouter(pipeline: AlertPipeline = makeShopPipeline()) -> Router<BasicRequestContext> {
    let router = Router()
    router.add(
        middleware: ProblemMiddleware(
            pipeline: pipeline, presenter: JSONPresenter(typeBaseURI: "https://errors.example.com/")))
    router.post("/orders") { _, _ -> String in
        throw InsufficientFunds(missingCredits: 42)
    }
    router.get("/items") { request, _ -> String in
        let limit = request.uri.queryParameters.get("limit") ?? "10"
        guard let count = Int(limit) else { throw InvalidField(field: "limit") }
        return "\(count) items"
    }
    router.get("/reports") { _, _ -> String in
        throw ReportDatabaseFailure()
    }
    return router
}

/// The shop as an application listening on `port`.
public func buildShopApplication(port: Int = 8080) -> some ApplicationProtocol {
    Application(router: buildShopRouter(), configuration: .init(address: .hostname("127.0.0.1", port: port)))
}
