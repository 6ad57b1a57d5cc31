import FriendlyErrors
import FriendlyErrorsVapor
import Vapor

/// The shop's routes on `app`, behind the friendly-errors middleware unless `friendlyErrors` is false
/// (the benchmark's baseline: Vapor's own `ErrorMiddleware`).
///
/// - `POST /signup` — a JSON sign-up validated with Vapor's `Validatable`: 400 with one `errors` entry
///   per broken field;
/// - `POST /orders` — a JSON order decoded with `req.content.decode`: a bad field answers 400 pointing
///   at it; a valid order lacks credits: 402;
/// - `GET /orders/:id` — `Abort(.notFound, reason:, identifier: "order.notFound")`: 404 with the reason as
///   detail, or the catalog's text for `order.notFound.message` in the client's language (Japanese);
/// - `GET /items` — 200;
/// - `GET /search` — `Abort(.tooManyRequests, headers: ["Retry-After": "30"])`: 429 with the header;
/// - `GET /old-items` — `Abort.redirect(to: "/items", redirectType: .permanent)`: 301, passed through;
/// - `GET /reports` — an unknown error holding a database password: 500, with nothing of it sent;
/// - `GET /account` — sign-in required: 401 with a "signIn" action linking to `/login`;
/// - `GET /comments/preview?text=…` — the text refused and quoted back (400 with a field problem): what
///   the browser tests fill with hostile text;
/// - `GET /bench/error`, `GET /bench/ok` — what the throughput benchmark requests;
/// - anything else — Vapor's `RouteNotFound`: 404.
///
/// A browser (`Accept: text/html`) gets each error as a page titled "… – Shop".
func configureShop(_ app: Application, friendlyErrors: Bool = true) {
    if friendlyErrors {
        let pipeline = AlertPipeline().addingCatalog(shopCatalog)
        app.middleware.replaceErrorMiddleware(
            with: FriendlyErrorsMiddleware(
                pipeline: pipeline,
                options: FriendlyErrorsServerOptions(
                    writers: [
                        JSONPresenter(typeBaseURI: "https://errors.example.com/"), HTMLPresenter(titleSuffix: "Shop"),
                        PlainTextBodyWriter(),
                    ], revealsFrameworkMessages: true)))
    }
    app.post("signup") { request -> String in
        try SignUp.validate(content: request)
        let signUp = try request.content.decode(SignUp.self)
        return "welcome, \(signUp.name)"
    }
    app.post("orders") { request -> String in
        let order = try request.content.decode(Order.self)
        throw InsufficientFunds(missingCredits: 42 * order.items.count)
    }
    app.get("orders", ":id") { _ -> String in
        throw Abort(.notFound, reason: "No order has this number.", identifier: "order.notFound")
    }
    app.get("items") { _ -> String in "3 items" }
    app.get("search") { _ -> String in
        throw Abort(.tooManyRequests, headers: ["Retry-After": "30"])
    }
    app.get("old-items") { _ -> String in
        throw Abort.redirect(to: "/items", redirectType: .permanent)
    }
    app.get("reports") { _ -> String in
        throw ReportDatabaseFailure()
    }
    app.get("account") { _ -> String in
        throw SignInRequired()
    }
    app.get("comments", "preview") { request -> String in
        throw RejectedComment(text: (try? request.query.get(String.self, at: "text")) ?? "<b>Hello</b>")
    }
    app.get("bench", "error") { _ -> String in
        throw Abort(.notFound)
    }
    app.get("bench", "ok") { _ -> String in "ok" }
}

/// A sign-up as clients send it, checked with Vapor's validators.
struct SignUp: Content, Validatable {
    var name: String
    var email: String
    var age: Int

    static func validations(_ validations: inout Validations) {
        validations.add("name", as: String.self, is: .count(2...))
        validations.add("email", as: String.self, is: .email)
        validations.add("age", as: Int.self, is: .range(13...))
    }
}

/// An order as clients send it.
struct Order: Content {
    struct Item: Content {
        var price: Int
        var quantity: Int
    }

    var items: [Item]
}
