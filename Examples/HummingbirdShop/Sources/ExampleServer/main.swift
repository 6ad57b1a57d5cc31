import Foundation
import Hummingbird
import Instrumentation
import Logging
import Metrics
import NIOCore
import Prometheus
import Tracing

// The shop on loopback. `--port N` (default 8080; 0 picks a free one), `--without-friendly-errors`
// for Hummingbird's own error handling (the benchmark's baseline), `--telemetry` to bootstrap a real metrics
// backend (Prometheus, its default registry) and swift-distributed-tracing's no-op tracer before the router and
// its middleware are made (what `TELEMETRY=1 Scripts/throughput.sh` measures). Prints `listening on PORT` once
// it accepts connections. Try it:
//   curl -i -X POST -H 'Accept-Language: ja' -d '{"items":[{"price":-1,"quantity":0}]}' http://127.0.0.1:8080/orders
let arguments = CommandLine.arguments
let port = arguments.firstIndex(of: "--port").flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil }
let friendlyErrors = !arguments.contains("--without-friendly-errors")
if arguments.contains("--telemetry") {
    // Before the middleware is made: the kit reads the factory once, when its reporter is.
    MetricsSystem.bootstrap(PrometheusMetricsFactory())
    InstrumentationSystem.bootstrap(NoOpTracer())
}

var logger = Logger(label: "shop")
logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
let app = Application(
    router: buildShopRouter(friendlyErrors: friendlyErrors),
    configuration: .init(address: .hostname("127.0.0.1", port: port ?? 8080)),
    onServerRunning: { channel in
        // Unbuffered, so a script reading the pipe sees the line at once.
        FileHandle.standardOutput.write(Data("listening on \(channel.localAddress?.port ?? 0)\n".utf8))
    },
    logger: logger)
try await app.runService()
