import ExampleService
import Foundation
import FriendlyErrorsGRPC
import GRPCCore
import GRPCProtobuf
import Instrumentation
import Logging
import Metrics
import Prometheus
import Tracing

// A driver for instruction counts (callgrind) of the benchmark's error RPC without a transport: what the
// interceptor does from the handler's throw to the `RPCError` it hands grpc-swift (classification, texts,
// reporting, the `google.rpc.Status` serialized into its `grpc-status-details-bin` trailer), against
// grpc-swift's own answer (the handler's `RPCError(code: .notFound, message:)`, passed on as it is):
//
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null ErrorRouteCounts interceptor 6000 [ja]
//
// Modes: `interceptor` — FriendlyErrorsInterceptor answering `ItemNotFound` as GRPCErrorBenchmark's server
// does; `grpc` — the plain `RPCError`; `client` — the interceptor's answer read back by the client
// (`RemoteProblem(_:)`, what FriendlyErrorsClientInterceptor adds to every failed call), the client's share.
// Whole RPCs over HTTP/2 on loopback, a real grpc-swift client and server, one call at a time, as one
// GRPCErrorBenchmark caller: `rpc-interceptor` (the interceptor answering `ItemNotFound`), `rpc-grpc` (a plain
// `RPCError`, no interceptor) and `rpc-details` (the same `RPCError` carrying the interceptor's
// `grpc-status-details-bin` bytes, made once: what the trailer costs the transport and the client alone);
// `rpc-unique` (the same, but each RPC's status differs in seven bytes, as statuses with a trace ID differ, so
// HPACK cannot send it as an index of its table: the cost of a status that is new each time).
// A third argument is sent as `accept-language`. TELEMETRY=1 in the environment: a real metrics factory
// (`PrometheusMetricsFactory`) and a no-op tracer, bootstrapped before the interceptor is made, as
// GRPCErrorBenchmark's `--telemetry`. Instructions per error: (count at 6,000 − count at
// 1,000) / 5,000. Scripts/count-error-route.sh does the arithmetic.
let arguments = CommandLine.arguments
let mode = arguments.count > 1 ? arguments[1] : "interceptor"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 1000 : 1000
let acceptLanguage = arguments.count > 3 ? arguments[3] : nil

if ProcessInfo.processInfo.environment["TELEMETRY"] == "1" {
    MetricsSystem.bootstrap(PrometheusMetricsFactory())
    InstrumentationSystem.bootstrap(NoOpTracer())
}

// As GRPCErrorBenchmark's server: logs at warning, so the NOT_FOUND answers (notice) are not written.
var logger = Logger(label: "benchmark")
logger.logLevel = .warning
let interceptor = FriendlyErrorsInterceptor(
    domain: "shop.example.com", pipeline: AlertPipeline().addingCatalog(shopCatalog), logger: logger)
let context = ServerContext(
    descriptor: ShopService.placeOrder, remotePeer: "ipv4:127.0.0.1:50000", localPeer: "ipv4:127.0.0.1:8080",
    cancellation: ServerContext.RPCCancellationHandle())
var metadata: Metadata = [:]
if let acceptLanguage { metadata.addString(acceptLanguage, forKey: "accept-language") }

/// What the handler throws.
@inline(never)
func handlerError(_ mode: String) -> any Error {
    mode == "grpc"
        ? RPCError(code: .notFound, message: "The shop has no item “A-42”.") : ItemNotFound(item: "A-42")
}

var trailerBytes = 0
let answered = waiting { [interceptor, metadata, context] in
    await interceptor.answer(handlerError("interceptor"), metadata: metadata, context: context)
}
if mode.hasPrefix("rpc-") {
    // The whole RPC over loopback, transport and client included (OverLoopback.swift).
    let plain = RPCError(code: .notFound, message: "The shop has no item “A-42”.")
    let details = RPCError(code: plain.code, message: plain.message, metadata: answered.metadata)
    let (service, interceptors): (ThrowingShop, [any ServerInterceptor]) =
        switch mode {
        case "rpc-interceptor": (ThrowingShop { ItemNotFound(item: "A-42") }, [interceptor])
        case "rpc-details": (ThrowingShop { details }, [])
        case "rpc-unique": (ThrowingShop { uniqueDetails(plain, answered) }, [])
        case "rpc-grpc": (ThrowingShop { plain }, [])
        default: fatalError("unknown mode \(mode)")
        }
    let trailers = callsOverLoopback(count, service: service, interceptors: interceptors, metadata: metadata)
    print("\(mode) \(count) \(trailers)")
    exit(0)
}
// The interceptor through its public `intercept`, in one task while the main thread waits (`waiting(for:)`):
// the same async call grpc-swift makes, without a transport.
trailerBytes = waiting { [interceptor, metadata, context, mode, count, answered] in
    var bytes = 0
    for _ in 0..<count {
        switch mode {
        case "grpc":
            // grpc-swift sends a thrown RPCError's code, message and metadata as they are.
            let error = handlerError(mode) as? RPCError ?? RPCError(code: .unknown, message: "")
            bytes &+= error.metadata.count
        case "client":
            let problem = RemoteProblem(answered)
            bytes &+= problem.status
        default:
            let error = await interceptor.answer(handlerError(mode), metadata: metadata, context: context)
            for trailer in error.metadata[binaryValues: "grpc-status-details-bin"] { bytes &+= trailer.count }
        }
    }
    return bytes
}
var detailsBytes = 0
for bytes in answered.metadata[binaryValues: "grpc-status-details-bin"] { detailsBytes += bytes.count }
print("\(mode) \(count) \(trailerBytes); grpc-status-details-bin: \(detailsBytes) bytes")
