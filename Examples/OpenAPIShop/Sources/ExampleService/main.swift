import Foundation
import Hummingbird
import Logging

// The shop on loopback. `--port N` (default 8080; 0 picks a free one), `--without-friendly-errors` for the
// runtime's own `ErrorHandlingMiddleware` (the benchmark's baseline). Prints `listening on PORT` once it
// accepts connections. Try it:
//   curl -i -X POST -H 'Accept-Language: ja' -H 'Content-Type: application/json' \
//       -d '{"items":[{"price":-1,"quantity":0}]}' http://127.0.0.1:8080/orders
let arguments = CommandLine.arguments
let port = arguments.firstIndex(of: "--port").flatMap {
    arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil
}
let friendlyErrors = !arguments.contains("--without-friendly-errors")

var logger = Logger(label: "shop")
logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
let app = Application(
    router: try buildShopRouter(friendlyErrors: friendlyErrors, logger: logger),
    configuration: .init(address: .hostname("127.0.0.1", port: port ?? 8080)),
    onServerRunning: { channel in
        // Unbuffered, so a script reading the pipe sees the line at once.
        FileHandle.standardOutput.write(Data("listening on \(channel.localAddress?.port ?? 0)\n".utf8))
    },
    logger: logger)
try await app.runService()
