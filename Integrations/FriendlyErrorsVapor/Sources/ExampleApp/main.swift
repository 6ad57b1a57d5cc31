import Foundation
import Logging
import NIOCore
import Vapor

// The shop on loopback. `--port N` (default 8080; 0 picks a free one), `--without-friendly-errors`
// for Vapor's own ErrorMiddleware (the benchmark's baseline). Prints `listening on PORT` once it
// accepts connections. Logs through Vapor's console logger; LOG_LEVEL sets its level (default info). Try it:
//   curl -i -H 'Accept-Language: ja' http://127.0.0.1:8080/no/such/page
let arguments = CommandLine.arguments
let port = arguments.firstIndex(of: "--port").flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil }
let friendlyErrors = !arguments.contains("--without-friendly-errors")

// Vapor's own command-line parsing is not used: the arguments above are the example's.
var environment = Environment(name: "production", arguments: [arguments[0]])
try LoggingSystem.bootstrap(from: &environment)
let app = try await Application.make(environment)
configureShop(app, friendlyErrors: friendlyErrors)
do {
    try await app.server.start(address: .hostname("127.0.0.1", port: port ?? 8080))
    let bound = app.http.server.shared.localAddress?.port ?? 0
    // Unbuffered, so a script reading the pipe sees the line at once.
    FileHandle.standardOutput.write(Data("listening on \(bound)\n".utf8))
    // Serves until the process is stopped (SIGINT or SIGTERM).
    try await app.server.onShutdown.get()
} catch {
    app.logger.report(error: error)
}
try await app.asyncShutdown()
