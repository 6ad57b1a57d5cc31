import FriendlyErrors
import FriendlyErrorsVapor
import Instrumentation
import Logging
import Metrics
import NIOCore
import NIOEmbedded
import Prometheus
import Tracing
import Vapor

// A driver for instruction counts (callgrind) of one request of the throughput benchmark through Vapor's own
// responder chain (the router, RouteLoggingMiddleware, the error middleware, the route), in process, with no
// socket and no task:
//
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null ErrorRouteCounts friendly 6000
//
// Modes: `friendly` — `GET /bench/error` (the route throws `Abort(.notFound)`) answered by
// FriendlyErrorsMiddleware configured as the example app's; `vapor` — the same answered by Vapor's own
// `ErrorMiddleware` (the example app's `--without-friendly-errors`); `ok` and `ok-vapor` — `GET /bench/ok`
// with each. A further argument `--telemetry` bootstraps Prometheus's metrics factory and a no-op tracer
// first (as the example app's `--telemetry`); any other is sent as `Accept-Language`. Instructions per
// request: (count at 6,000 − count at 1,000) / 5,000. Scripts/count-error-route.sh does the arithmetic.
let arguments = CommandLine.arguments
let mode = arguments.count > 1 ? arguments[1] : "friendly"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 1000 : 1000
let extra = arguments.dropFirst(3)
let telemetry = extra.contains("--telemetry")
let acceptLanguage = extra.first { $0 != "--telemetry" }

if telemetry {
    MetricsSystem.bootstrap(PrometheusMetricsFactory())
    InstrumentationSystem.bootstrap(NoOpTracer())
}

/// Vapor's synchronous initializer, deprecated for apps (which start in a task). This driver runs no task:
/// valgrind 3.19 crashes when Swift's concurrency runtime starts its threads.
protocol SynchronouslyMadeApplication {
    init(_ environment: Environment, _ eventLoopGroupProvider: Application.EventLoopGroupProvider)
}
extension Application: SynchronouslyMadeApplication {}

func makeApplication<App: SynchronouslyMadeApplication>(_: App.Type) -> App { App(.production, .singleton) }

let app = makeApplication(Application.self)
// As the throughput script runs the example app: LOG_LEVEL=error, so no line is written per request.
app.logger.logLevel = .error
if !mode.hasSuffix("vapor") {
    // The example app's middleware (Sources/ExampleApp/ShopRoutes.swift), with a catalog like the shop's.
    let catalog = TranslationCatalog(strings: [
        "en": ["account.insufficientFunds.title": "Insufficient funds"],
        "ja": ["order.notFound.message": "この番号の注文はありません。"],
    ])
    app.middleware.replaceErrorMiddleware(
        with: FriendlyErrorsMiddleware(
            pipeline: AlertPipeline().addingCatalog(catalog),
            options: FriendlyErrorsServerOptions(
                writers: [
                    JSONPresenter(typeBaseURI: "https://errors.example.com/"), HTMLPresenter(titleSuffix: "Shop"),
                    PlainTextBodyWriter(),
                ], revealsFrameworkMessages: true)))
}
app.get("bench", "error") { _ -> String in throw Abort(.notFound) }
app.get("bench", "ok") { _ -> String in "ok" }

// As Vapor's HTTP server does: one responder for the server's life, a request per request on its channel's loop.
let responder = app.responder.current
let loop = EmbeddedEventLoop()
let allocator = ByteBufferAllocator()
var headers = HTTPHeaders([("Host", "127.0.0.1:8080")])
if let acceptLanguage { headers.add(name: .acceptLanguage, value: acceptLanguage) }
let path = mode.hasPrefix("ok") ? "/bench/ok" : "/bench/error"

/// What the responses' header counts add up to, so that nothing is optimized away.
nonisolated(unsafe) var fields = 0
for _ in 0..<count {
    let request = Request(
        application: app, method: .GET, url: URI(path: path), headers: headers, logger: app.logger,
        byteBufferAllocator: allocator, on: loop)
    responder.respond(to: request).whenComplete { result in
        if case .success(let response) = result { fields &+= response.headers.count + Int(response.status.code) }
    }
}
print("\(mode) \(count) \(fields)")
