import Dispatch
import Foundation
import FriendlyErrorsOpenAPI
import HTTPTypes
import Instrumentation
import Logging
import Metrics
import OpenAPIRuntime
import Prometheus
import Tracing

// A driver for instruction counts (callgrind) of what happens to one request of the throughput benchmark's
// error route between the runtime wrapping the handler's error and the response handed back to the transport:
//
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null ErrorRouteCounts friendly 6000
//
// Modes: `friendly` — FriendlyErrorsServerMiddleware answering the `HTTPResponseConvertible` 400 of the
// example's `/bench/error`, as the example service does; `runtime` — what the runtime's own
// `ErrorHandlingMiddleware` does with the same error (its status, headers and the JSON body it encodes);
// `friendly-bare` and `runtime-bare` — the same for `/bench/bare-error`, whose error has no body. Every mode
// makes the `ServerError` the runtime wraps the error in, which reads the error's status, headers and body. A third argument is sent as `Accept-Language`. Instructions per
// request: (count at 6,000 − count at 1,000) / 5,000. Scripts/count-error-route.sh does the arithmetic.
//
// TELEMETRY=1 in the environment bootstraps what the example service's `--telemetry` does, before the
// middleware is made: a Prometheus metrics factory (so each error is counted for real) and
// swift-distributed-tracing's no-op tracer.
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
var fields = HTTPFields()
if let acceptLanguage { fields[.acceptLanguage] = acceptLanguage }
let request = HTTPRequest(
    method: .get, scheme: nil, authority: "127.0.0.1:8080", path: "/bench/error", headerFields: fields)

let middleware = FriendlyErrorsServerMiddleware(
    // Like the example shop's: the app adds English and Japanese texts.
    pipeline: AlertPipeline().addingCatalog(
        TranslationCatalog(strings: ["en": ["shop.title": "Shop"], "ja": ["shop.title": "ショップ"]])),
    options: .init(writers: [
        JSONPresenter(typeBaseURI: "https://errors.example.com/"), HTMLPresenter(), PlainTextBodyWriter(),
    ]), logger: logger)

/// What the handler throws: the example's `BenchRequestError`, with the small JSON body it encodes itself.
struct BenchRequestError: Error, HTTPResponseConvertible {
    struct Problem: Encodable {
        var type = "about:blank"
        var title = "Bad Request"
        var status = 400
        var detail = "The request is not valid."
    }

    var httpStatus: HTTPResponse.Status { .badRequest }
    var httpHeaderFields: HTTPFields { [.contentType: "application/problem+json"] }
    var httpBody: HTTPBody? { (try? JSONEncoder().encode(Problem())).map { HTTPBody($0) } }
}

/// The example's `BareBenchRequestError`: the status alone.
struct BareBenchRequestError: Error, HTTPResponseConvertible {
    var httpStatus: HTTPResponse.Status { .badRequest }
}

/// The handler's error as the runtime wraps it (`UniversalServer.handle`); the runtime reads the error's
/// status, headers and body there, whoever answers it.
@inline(never)
func thrown(bare: Bool) -> any Error {
    ServerError(
        operationID: "benchError", request: request, requestBody: nil, requestMetadata: .init(),
        causeDescription: "User handler threw an error.",
        underlyingError: bare ? BareBenchRequestError() as any Error : BenchRequestError())
}

/// Runs `body` in a detached task while the main thread waits on a semaphore: valgrind 3.19 crashes in
/// libdispatch's `sigsuspend` when the main thread is the concurrency runtime's (top-level `await`), not when the
/// runtime's threads do the work.
func waiting(for body: @escaping @Sendable () async -> (Int, Int)) -> (Int, Int) {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result = (0, 0)  // written by the task before it signals, read after the wait
    Task.detached {
        result = await body()
        done.signal()
    }
    done.wait()
    return result
}

// The middleware through its public `intercept`, as the runtime calls it, the handler's `next` throwing.
let (headers, bodies) = waiting { [mode, count, request, middleware] in
    var headers = 0
    var bodies = 0
    for _ in 0..<count {
        let response: HTTPResponse
        switch mode {
        case "runtime", "runtime-bare":
            // ErrorHandlingMiddleware.intercept's catch, without the async frame.
            if let serverError = thrown(bare: mode == "runtime-bare") as? ServerError {
                response = HTTPResponse(status: serverError.httpStatus, headerFields: serverError.httpHeaderFields)
                bodies &+= serverError.httpBody == nil ? 0 : 1
            } else {
                response = HTTPResponse(status: .internalServerError)
            }
        default:
            let bare = mode == "friendly-bare"
            response = try! await middleware.intercept(
                request, body: nil, metadata: .init(), operationID: "benchError"
            ) { _, _, _ in throw thrown(bare: bare) }.0
        }
        headers &+= response.headerFields.count
    }
    return (headers, bodies)
}
print("\(mode) \(count) \(headers) \(bodies)")
