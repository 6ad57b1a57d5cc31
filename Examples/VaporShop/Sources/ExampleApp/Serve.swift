import Foundation
import Vapor

/// Serves `app` on 127.0.0.1:`port` until the process is stopped, after printing
/// `listening on PORT` (the port bound, when `port` is 0).
func serve(_ app: Application, port: Int) async throws {
    let server = app.http.server.shared
    do {
        try await server.start(address: .hostname("127.0.0.1", port: port))
        // Unbuffered, so a script reading the pipe sees the line at once.
        FileHandle.standardOutput.write(Data("listening on \(server.localAddress?.port ?? 0)\n".utf8))
        try await server.onShutdown.get()
    } catch {
        app.logger.report(error: error)
    }
    try await app.asyncShutdown()
}
