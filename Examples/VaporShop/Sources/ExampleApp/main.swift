import Foundation
import Instrumentation
import Logging
import Metrics
import Prometheus
import Tracing
import Vapor

// The shop on loopback. `--port N` (default 8080; 0 picks a free one), `--without-friendly-errors`
// for Vapor's own ErrorMiddleware (the benchmark's baseline), `--telemetry` to bootstrap Prometheus's
// metrics factory and a no-op tracer first (issue 36: the error route with a real metrics backend).
// Prints `listening on PORT` once it accepts connections. Logs through Vapor's console logger; LOG_LEVEL sets
// its level (default info).
// Try it:
//   curl -i -H 'Accept-Language: ja' http://127.0.0.1:8080/no/such/page
let arguments = CommandLine.arguments
let port = arguments.firstIndex(of: "--port").flatMap {
    arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil
}

// Vapor's own command-line parsing is not used: the arguments above are the example's.
if arguments.contains("--telemetry") {
    // Before the middleware is made: the server kit's reporter reads the factory once, when it is made.
    MetricsSystem.bootstrap(PrometheusMetricsFactory())
    InstrumentationSystem.bootstrap(NoOpTracer())
}
var environment = Environment(name: "production", arguments: [arguments[0]])
try LoggingSystem.bootstrap(from: &environment)
let app = try await Application.make(environment)
configureShop(app, friendlyErrors: !arguments.contains("--without-friendly-errors"))
try await serve(app, port: port ?? 8080)
