import Foundation
import FriendlyErrorsTesting
import FriendlyErrorsURLSession
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 44: `URLSession`'s own failures — a refused connection, a host that does not resolve, a
/// server that never answers — reach the caller through the continuation of its async API, and
/// then through any other boundary the app adds (``ErrorBoundary``); each keeps its friendly code.
@Suite struct URLSessionFailureBoundaryTests {
    @Test(arguments: ErrorBoundary.allCases)
    func aRefusedConnectionIsConnectionRefused(boundary: ErrorBoundary) async throws {
        let url = URL(string: "http://127.0.0.1:\(try Self.closedPort())/orders")!
        let error = try #require(
            await boundary.error(thrownBy: {
                _ = try await URLSession(configuration: .ephemeral).friendlyData(for: URLRequest(url: url))
            }))
        let alert = AlertPipeline().alert(for: error, in: "ja")
        #expect(alert.code == "network.connectionRefused")
        #expect(alert.exitStatus == 69)
        #expect(alert.actions.map(\.id).contains("retry"))
        #expect(!"\(alert)".contains("NSURLErrorDomain"))
    }

    @Test(arguments: [ErrorBoundary.direct, .checkedContinuation, .taskGroup])
    func aHostThatDoesNotResolveIsHostNotFound(boundary: ErrorBoundary) async throws {
        // `.invalid` never resolves (RFC 2606), with or without a network.
        let url = URL(string: "http://no-such-host.invalid/orders")!
        let error = try #require(
            await boundary.error(thrownBy: {
                var request = URLRequest(url: url)
                request.timeoutInterval = 10
                _ = try await URLSession(configuration: .ephemeral).data(for: request)
            }))
        #expect(AlertPipeline().classify(error).code == "network.hostNotFound")
    }

    @Test(arguments: [ErrorBoundary.direct, .unsafeContinuation, .detachedTask])
    func aServerThatNeverAnswersIsTimedOut(boundary: ErrorBoundary) async throws {
        let (port, listener) = try Self.silentListener()
        defer { close(listener) }
        let url = URL(string: "http://127.0.0.1:\(port)/orders")!
        let error = try #require(
            await boundary.error(thrownBy: {
                var request = URLRequest(url: url)
                request.timeoutInterval = 0.5
                _ = try await URLSession(configuration: .ephemeral).data(for: request)
            }))
        let classification = AlertPipeline().classify(error)
        #expect(classification.code == "network.timedOut")
        #expect(classification.category == .timeout)
    }

    /// A loopback port nothing listens on: bound, then closed.
    static func closedPort() throws -> Int {
        let (port, socket) = try boundLoopbackSocket()
        close(socket)
        return port
    }

    /// A loopback port that accepts connections (the kernel's backlog) and never answers.
    static func silentListener() throws -> (port: Int, socket: Int32) {
        let (port, socket) = try boundLoopbackSocket()
        guard listen(socket, 4) == 0 else { throw LoopbackServer.Failure() }
        return (port, socket)
    }
}
