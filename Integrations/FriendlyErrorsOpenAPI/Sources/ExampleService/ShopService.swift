import FriendlyErrors
import FriendlyErrorsOpenAPI
import Hummingbird
import Logging
import OpenAPIHummingbird
import OpenAPIRuntime

/// The shop's operations, as openapi.yaml declares them (the generator makes `APIProtocol` from it at
/// build time):
///
/// - `createOrder` — an order over 100 credits: 402 with a "topUp" action; a negative price or a quantity
///   under 1: 422 with field problems; a body that does not decode: 400 with pointers into it;
/// - `listItems` — 200;
/// - `searchItems` — an `HTTPResponseConvertible` error: 429 with `Retry-After`;
/// - `getReports` — an unknown error holding a database password: 500, with nothing of it sent;
/// - `benchError`, `benchBareError`, `benchOK` — what the throughput benchmark requests.
struct ShopService: APIProtocol {
    func createOrder(_ input: Operations.CreateOrder.Input) async throws -> Operations.CreateOrder.Output {
        guard case .json(let order) = input.body else { throw InvalidOrder(problems: []) }
        let problems = order.problems
        if !problems.isEmpty { throw InvalidOrder(problems: problems) }
        let total = order.items.reduce(0) { $0 + $1.price * $1.quantity }
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
            options: .init(writers: [JSONPresenter(typeBaseURI: "https://errors.example.com/"), HTMLPresenter(), PlainTextBodyWriter()]), logger: logger)
        : ErrorHandlingMiddleware()
    try ShopService().registerHandlers(on: router, middlewares: [middleware])
    return router
}
