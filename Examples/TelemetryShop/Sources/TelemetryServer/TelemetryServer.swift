import Foundation
import FriendlyErrorsHummingbird
import Hummingbird
import Logging
import OTel

/// The telemetry shop on loopback, exporting traces, metrics and logs through swift-otel (OTLP over
/// HTTP/protobuf) to `--otlp URL` (default `http://127.0.0.1:4318`), every second. The 500's log record is
/// in the request's trace and carries the error for the operator (`exception.type`, `exception.message`: the
/// server kit's default `logging: .standard`); no span or metric holds its text.
///
/// - `GET /items` — 200;
/// - `GET /orders/42/cancel` — an app error: 409 `order.alreadyShipped`;
/// - `GET /reports` — an unknown error holding a database password: 500, nothing of it sent, only its log record
///   exported with it.
///
/// Middleware order, outermost first: Hummingbird's `TracingMiddleware` (it starts the request's span,
/// which the friendly-errors middleware finds in the task's `ServiceContext`), its `MetricsMiddleware`,
/// then `FriendlyErrorsMiddleware`. Inside theirs, ours answers every error, so no raw error (and none of
/// its text) reaches their `recordError`; the span and the counter of answered errors are ours to write.
/// `--port N` (default 8080; 0 picks a free one) prints `listening on PORT` once it accepts connections.
@main
enum TelemetryServer {
    static func main() async throws {
        let arguments = CommandLine.arguments
        func value(of option: String) -> String? {
            arguments.firstIndex(of: option).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
        }
        let collector = value(of: "--otlp") ?? "http://127.0.0.1:4318"

        var configuration = OTel.Configuration.default
        configuration.serviceName = "telemetry-shop"
        configuration.diagnosticLogLevel = .warning
        // Short intervals, so that a check waits seconds, not the defaults' minute.
        configuration.traces.batchSpanProcessor.scheduleDelay = .milliseconds(500)
        configuration.metrics.exportInterval = .seconds(1)
        configuration.logs.batchLogRecordProcessor.scheduleDelay = .milliseconds(500)
        configuration.traces.otlpExporter.endpoint = "\(collector)/v1/traces"
        configuration.metrics.otlpExporter.endpoint = "\(collector)/v1/metrics"
        configuration.logs.otlpExporter.endpoint = "\(collector)/v1/logs"
        // Traces, metrics and logs, as swift-otel's README bootstraps them.
        let observability = try OTel.bootstrap(configuration: configuration)

        var app = Application(
            router: buildTelemetryRouter(),
            configuration: .init(address: .hostname("127.0.0.1", port: value(of: "--port").flatMap(Int.init) ?? 8080)),
            onServerRunning: { channel in
                // Unbuffered, so a script reading the pipe sees the line at once.
                FileHandle.standardOutput.write(Data("listening on \(channel.localAddress?.port ?? 0)\n".utf8))
            },
            logger: Logger(label: "telemetry-shop"))
        app.addServices(observability)
        try await app.runService()
    }
}

/// The routes, behind Hummingbird's tracing and metrics middleware, then ours.
func buildTelemetryRouter() -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: TracingMiddleware())
    router.add(middleware: MetricsMiddleware())
    router.add(middleware: FriendlyErrorsMiddleware(pipeline: AlertPipeline()))
    router.get("/items") { _, _ -> String in "3 items" }
    router.get("/orders/:id/cancel") { _, _ -> String in throw OrderAlreadyShipped() }
    router.get("/reports") { _, _ -> String in throw ReportDatabaseFailure() }
    return router
}

/// An app error: the order left the warehouse (HTTP 409). Not a server error: no span error.
struct OrderAlreadyShipped: FriendlyError {
    var code: String { "order.alreadyShipped" }
    var title: LocalizableText { "Order already shipped" }
    var message: LocalizableText { "This order has left the warehouse and can no longer be cancelled." }
    var category: ErrorCategory { .conflict }
}

/// An error nobody classified, holding what must never reach a client: not in the response, nor in any exported
/// span or metric; only in the operator's log record.
struct ReportDatabaseFailure: Error, CustomStringConvertible {
    /// A credential, as careless error messages contain them.
    static let secret = "postgres://report:S3cr3t-Pa55@db.internal/reports"

    var description: String { "could not connect to \(Self.secret)" }
}
