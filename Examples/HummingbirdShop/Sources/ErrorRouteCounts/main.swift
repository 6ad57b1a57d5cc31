import Dispatch
import Foundation
import FriendlyErrors
import FriendlyErrorsHummingbird
import HTTPTypes
import Hummingbird
import Instrumentation
import Logging
import Metrics
import NIOCore
import NIOEmbedded
import Prometheus
import Tracing

// A driver for instruction counts (callgrind) of what happens to one request of the throughput benchmark
// between the route throwing and the response being handed back to Hummingbird:
//
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null friendly-errors-hummingbird-error-route friendly 6000
//
// Modes: `friendly` — FriendlyErrorsMiddleware answering `HTTPError(.badRequest, message:)` as the example
// server does; `hummingbird` — Hummingbird's own answer to the same error (what its router does when nothing
// catches it). A third argument is sent as `Accept-Language`. Instructions per request:
// (count at 6,000 − count at 1,000) / 5,000. Scripts/count-error-route.sh does the arithmetic.
//
// TELEMETRY=1 in the environment bootstraps what the example server's `--telemetry` does, before the middleware
// is made: a Prometheus metrics factory (so each error is counted for real) and swift-distributed-tracing's
// no-op tracer.
let arguments = CommandLine.arguments
let mode = arguments.count > 1 ? arguments[1] : "friendly"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 1000 : 1000
let acceptLanguage = arguments.count > 3 ? arguments[3] : nil

if ProcessInfo.processInfo.environment["TELEMETRY"] == "1" {
    MetricsSystem.bootstrap(PrometheusMetricsFactory())
    InstrumentationSystem.bootstrap(NoOpTracer())
}

var logger = Logger(label: "shop")
logger.logLevel = .warning
logger[metadataKey: "hb.request.id"] = "4c6bd1a4c4a0e0c2b6e9d2c1f0a3b5d7"
let context = BasicRequestContext(source: ApplicationRequestContextSource(channel: EmbeddedChannel(), logger: logger))
var fields = HTTPFields()
if let acceptLanguage { fields[.acceptLanguage] = acceptLanguage }
let request = Request(
    head: HTTPRequest(
        method: .get, scheme: nil, authority: "127.0.0.1:8080", path: "/bench/error", headerFields: fields),
    body: RequestBody(buffer: ByteBuffer()))

let middleware = FriendlyErrorsMiddleware<BasicRequestContext>(
    // Like the example shop's: the app adds English and Japanese texts.
    pipeline: AlertPipeline().addingCatalog(
        TranslationCatalog(strings: ["en": ["shop.title": "Shop"], "ja": ["shop.title": "ショップ"]])),
    options: FriendlyErrorsServerOptions(writers: [
        JSONPresenter(typeBaseURI: "https://errors.example.com/"), HTMLPresenter(), PlainTextBodyWriter(),
    ]))

/// What the route throws.
@inline(never)
func routeError() -> any Error {
    HTTPError(.badRequest, message: "The request is not valid.")
}

/// Runs `body` in a detached task while the main thread waits on a semaphore: valgrind 3.19 crashes in
/// libdispatch's `sigsuspend` when the main thread is the concurrency runtime's (top-level `await`), not when the
/// runtime's threads do the work.
func waiting(for body: @escaping @Sendable () async -> Int) -> Int {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result = 0  // written by the task before it signals, read after the wait
    Task.detached {
        result = await body()
        done.signal()
    }
    done.wait()
    return result
}

// The middleware through its public `handle`, as Hummingbird's router calls it, the route's `next` throwing.
let headers = waiting { [mode, count, request, context, middleware] in
    var headers = 0
    for _ in 0..<count {
        let response: Response
        switch mode {
        case "hummingbird":
            // RouterResponder.respond: an HTTPResponseError that no middleware caught makes its own response.
            response = try! (routeError() as! any HTTPResponseError).response(from: request, context: context)
        default:
            response = try! await middleware.handle(request, context: context) { _, _ in throw routeError() }
        }
        headers &+= response.headers.count
    }
    return headers
}
print("\(mode) \(count) \(headers)")
