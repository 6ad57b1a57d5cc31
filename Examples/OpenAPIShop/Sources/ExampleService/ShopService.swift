import FriendlyErrors
import FriendlyErrorsOpenAPI
import Hummingbird
import Logging
import OpenAPIHummingbird
import OpenAPIRuntime

/// The shop's operations, as openapi.yaml declares them (the generator makes `APIProtocol` from it at
/// build time):
///
/// - `createOrder` — an order over 100 credits: 402 with a "topUp" action; a price or quantity out of the
///   bounds openapi.yaml gives them, or too many items: 422 with field problems; a body that does not
///   decode: 400 with pointers into it;
/// - `listItems` — 200;
/// - `searchItems` — an `HTTPResponseConvertible` error: 429 with `Retry-After`;
/// - `getReports` — an unknown error holding a database password: 500, with nothing of it sent;
/// - `getLatestReceipt` (documented as `text/plain` alone) — 402, the payment was declined;
/// - `exportOrders` (documented as `application/octet-stream` alone) — 503 with `Retry-After`, the export
///   service is down;
/// - `benchError`, `benchBareError`, `benchOK` — what the throughput benchmark requests.
struct ShopService: APIProtocol {
    func createOrder(_ input: Operations.CreateOrder.Input) async throws -> Operations.CreateOrder.Output {
        guard case .json(let order) = input.body else { throw InvalidOrder(problems: []) }
        let problems = order.problems
        if !problems.isEmpty { throw InvalidOrder(problems: problems) }
        // Checked arithmetic: a total too large for an `Int` is the client's mistake (422), never a trap.
        guard let total = order.total else {
            throw InvalidOrder(problems: [
                FieldProblem("/items", code: "order.total.tooLarge", message: "The order’s total is too large.")
            ])
        }
        if total > 100 { throw InsufficientFunds(missingCredits: total - 100) }
        return .created(.init(body: .json(.init(total: total))))
    }

    func listItems(_ input: Operations.ListItems.Input) async throws -> Operations.ListItems.Output {
        .ok(.init(body: .json(["apple", "pear", "plum"])))
    }

    func searchItems(_ input: Operations.SearchItems.Input) async throws -> Operations.SearchItems.Output {
        throw RateLimited()
    }

    func getReports(_ input: Operations.GetReports.Input) async throws -> Operations.GetReports.Output {
        throw ReportDatabaseFailure()
    }

    func getLatestReceipt(_ input: Operations.GetLatestReceipt.Input) async throws
        -> Operations.GetLatestReceipt.Output
    {
        throw PaymentDeclined()
    }

    func exportOrders(_ input: Operations.ExportOrders.Input) async throws -> Operations.ExportOrders.Output {
        throw ExportUnavailable()
    }

    func benchError(_ input: Operations.BenchError.Input) async throws -> Operations.BenchError.Output {
        throw BenchRequestError()
    }

    func benchBareError(_ input: Operations.BenchBareError.Input) async throws -> Operations.BenchBareError.Output {
        throw BareBenchRequestError()
    }

    func benchOK(_ input: Operations.BenchOK.Input) async throws -> Operations.BenchOK.Output {
        .ok(.init(body: .plainText("ok")))
    }
}

extension Components.Schemas.Order {
    /// The bounds openapi.yaml declares, which the generated server does not check: the service does.
    static let maximumItems = 100
    static let maximumPrice = 1_000_000
    static let maximumQuantity = 1000

    /// What is wrong with it, one problem per field, pointing into the JSON body.
    var problems: [FieldProblem] {
        var problems: [FieldProblem] = []
        if items.count > Self.maximumItems {
            problems.append(
                FieldProblem("/items", code: "order.items.tooMany", message: "An order can have at most 100 items."))
        }
        for (index, item) in items.prefix(Self.maximumItems).enumerated() {
            if item.price < 0 {
                problems.append(
                    FieldProblem(
                        "/items/\(index)/price", code: "order.price.negative", message: "The price must be 0 or more."))
            } else if item.price > Self.maximumPrice {
                problems.append(
                    FieldProblem(
                        "/items/\(index)/price", code: "order.price.tooLarge",
                        message: "The price must be 1,000,000 or less."))
            }
            if item.quantity < 1 {
                problems.append(
                    FieldProblem(
                        "/items/\(index)/quantity", code: "order.quantity.tooSmall",
                        message: "The quantity must be 1 or more."))
            } else if item.quantity > Self.maximumQuantity {
                problems.append(
                    FieldProblem(
                        "/items/\(index)/quantity", code: "order.quantity.tooLarge",
                        message: "The quantity must be 1,000 or less."))
            }
        }
        return problems
    }

    /// The price of the whole order in credits, or `nil` when it does not fit in an `Int`. Within the
    /// bounds it always fits; the check keeps the service from trapping if they are ever widened.
    var total: Int? { checkedTotal(items.lazy.map { (price: $0.price, quantity: $0.quantity) }) }
}

/// The sum of price times quantity over `lines`, or `nil` when a product or the sum overflows `Int`.
func checkedTotal(_ lines: some Sequence<(price: Int, quantity: Int)>) -> Int? {
    var total = 0
    for line in lines {
        let (cost, costOverflows) = line.price.multipliedReportingOverflow(by: line.quantity)
        let (sum, sumOverflows) = total.addingReportingOverflow(cost)
        if costOverflows || sumOverflows { return nil }
        total = sum
    }
    return total
}

/// A router serving the shop, its errors answered by the friendly-errors middleware, or by the runtime's
/// own `ErrorHandlingMiddleware` when `friendlyErrors` is false (the benchmark's baseline).
func buildShopRouter(friendlyErrors: Bool = true, logger: Logger = Logger(label: "shop")) throws -> Router<
    BasicRequestContext
> {
    let router = Router()
    let middleware: any ServerMiddleware =
        friendlyErrors
        ? FriendlyErrorsServerMiddleware(
            pipeline: AlertPipeline().addingCatalog(shopCatalog),
            options: .init(writers: [
                JSONPresenter(typeBaseURI: "https://errors.example.com/"), HTMLPresenter(), PlainTextBodyWriter(),
            ]), logger: logger)
        : ErrorHandlingMiddleware()
    try ShopService().registerHandlers(on: router, middlewares: [middleware])
    return router
}
