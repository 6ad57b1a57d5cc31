import Foundation
import FriendlyErrorsHummingbird
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The shop's routes, behind the friendly-errors middleware unless `friendlyErrors` is false (the
/// benchmark's baseline: Hummingbird's own handling).
///
/// - `POST /orders` — a JSON order: its field problems answer 422 with `errors`; a valid order
///   lacks credits: 402 with a "topUp" action;
/// - `POST /upload` — a body over 1 KiB: Hummingbird's 413;
/// - `GET /items` — 200; any other method: 405 with `Allow`;
/// - `GET /search` — rate limited: 429 with `Retry-After`;
/// - `GET /old-items` — a redirect thrown as an error: 301, passed through;
/// - `GET /reports` — an unknown error holding a database password: 500, with nothing of it sent;
/// - `GET /account` — sign-in required: 401 with a "signIn" action linking to `/login`;
/// - `GET /comments/preview?text=…` — the text refused and quoted back (400 with a field problem): what
///   the browser tests fill with hostile text;
/// - `GET /stock/{key}` — the first request for a key: 503 with `Retry-After: 1` (the stock service is
///   warming up), every later one 200: what the end-to-end client check (Examples/GRPCShop) retries;
/// - `GET /bench/error`, `GET /bench/ok` — what the throughput benchmark requests;
/// - anything else — Hummingbird's own 404, kept as 404.
///
/// A browser (`Accept: text/html`) gets each error as a page titled "… – Shop".
func buildShopRouter(friendlyErrors: Bool = true) -> Router<BasicRequestContext> {
    let router = Router()
    if friendlyErrors {
        let pipeline = AlertPipeline().addingCatalog(shopCatalog)
        router.add(
            middleware: FriendlyErrorsMiddleware(
                pipeline: pipeline,
                options: FriendlyErrorsServerOptions(
                    writers: [
                        JSONPresenter(typeBaseURI: "https://errors.example.com/"), HTMLPresenter(titleSuffix: "Shop"),
                        PlainTextBodyWriter(),
                    ])))
    }
    router.post("/orders") { request, context -> String in
        let order = try await request.decode(as: Order.self, context: context)
        let problems = order.problems
        if !problems.isEmpty { throw InvalidOrder(problems: problems) }
        throw InsufficientFunds(missingCredits: 42)
    }
    router.post("/upload") { request, _ -> String in
        let body = try await request.body.collect(upTo: 1024)
        return "\(body.readableBytes) bytes"
    }
    router.get("/items") { _, _ -> String in "3 items" }
    for method in [HTTPRequest.Method.post, .put, .patch, .delete] {
        router.on("/items", method: method) { _, _ -> String in
            throw HTTPError(.methodNotAllowed, headers: [.allow: "GET, HEAD"])
        }
    }
    router.get("/search") { _, _ -> String in
        throw HTTPError(.tooManyRequests, headers: [.retryAfter: "30"])
    }
    router.get("/old-items") { _, _ -> String in
        throw HTTPError(.movedPermanently, headers: [.location: "/items"])
    }
    router.get("/reports") { _, _ -> String in
        throw ReportDatabaseFailure()
    }
    router.get("/account") { _, _ -> String in
        throw SignInRequired()
    }
    router.get("/comments/preview") { request, _ -> String in
        throw RejectedComment(text: request.uri.queryParameters.get("text") ?? "<b>Hello</b>")
    }
    let warmingUp = WarmingUp()
    router.get("/stock/{key}") { _, context -> String in
        let key = context.parameters.get("key") ?? ""
        if await warmingUp.isFirstRequest(for: key) {
            throw StockWarmingUp()
        }
        return "in stock: \(key)"
    }
    router.get("/bench/error") { _, _ -> String in
        throw HTTPError(.badRequest, message: "The request is not valid.")
    }
    router.get("/bench/ok") { _, _ -> String in "ok" }
    return router
}

/// The keys `GET /stock/{key}` has answered, so that only the first request for each fails.
actor WarmingUp {
    private var answered: Set<String> = []

    /// Whether no request for `key` came before; remembers that one did.
    func isFirstRequest(for key: String) -> Bool { answered.insert(key).inserted }
}

/// The stock service is not ready yet: 503 with `Retry-After: 1`.
struct StockWarmingUp: FriendlyError {
    var code: String { "stock.warmingUp" }
    var title: LocalizableText { "Stock is being counted" }
    var message: LocalizableText { "The stock service is starting. Try again in a moment." }
    var category: ErrorCategory { .unavailable }
    var responseHeaders: [ResponseHeader] { [.retryAfter(seconds: 1)] }
}

/// An order as clients send it.
struct Order: Decodable {
    struct Item: Decodable {
        var price: Int
        var quantity: Int
    }

    var items: [Item]

    /// What is wrong with it, one problem per field, pointing into the JSON body.
    var problems: [FieldProblem] {
        var problems: [FieldProblem] = []
        for (index, item) in items.enumerated() {
            if item.price < 0 {
                problems.append(
                    FieldProblem(
                        "/items/\(index)/price", code: "order.price.negative", message: "The price must be 0 or more."))
            }
            if item.quantity < 1 {
                problems.append(
                    FieldProblem(
                        "/items/\(index)/quantity", code: "order.quantity.tooSmall",
                        message: "The quantity must be 1 or more."))
            }
        }
        return problems
    }
}
