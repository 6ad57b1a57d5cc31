import Foundation
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

/// `URLSession.friendlyData(for:)` against a real HTTP/1.1 server on loopback: the request and the
/// response go through the platform's HTTP stack (libcurl on Linux), headers as it reports them.
@Suite struct LoopbackServerTests {
    @Test func aProblemFromALoopbackServerIsThrownInTheServersLanguage() async throws {
        let body =
            #"{"title":"在庫切れ","status":409,"detail":"在庫がありません。","code":"shop.outOfStock","category":"conflict","severity":"error","actions":[{"id":"cancel","title":"キャンセル","role":"cancel"},{"id":"help","title":"ヘルプ","role":"default","href":"/help/stock"}],"language":"ja"}"#
        let server = try LoopbackServer(
            response: "HTTP/1.1 409 Conflict\r\nContent-Type: application/problem+json\r\nContent-Language: ja\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body)
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/orders")!
        let error = await #expect(throws: RemoteProblem.self) {
            _ = try await URLSession(configuration: .ephemeral).friendlyData(
                for: URLRequest(url: url), language: "ja-JP")
        }
        let problem = try #require(error)
        #expect(problem.status == 409)
        #expect(problem.code == "shop.outOfStock")
        #expect(problem.recoveries.map(\.href) == ["http://127.0.0.1:\(server.port)/help/stock"])
        #expect(server.requestHead.lowercased().contains("accept-language: ja-jp, ja;q=0.9\r\n"))
        let alert = AlertPipeline().alert(for: problem, in: "en")
        #expect(alert.language == "ja")
        #expect(alert.message == "在庫がありません。")
        #expect(alert.actions.map(\.label) == ["キャンセル", "ヘルプ"])
    }
}

/// An HTTP server on 127.0.0.1 that answers one connection with a canned response, on a thread of
/// its own, and keeps the request's head.
final class LoopbackServer: @unchecked Sendable {
    // @unchecked: `head` is written by the server's thread before it closes the connection and
    // read by the test after the response arrived; the lock orders the two.
    let port: Int
    private let socketFD: Int32
    private let lock = NSLock()
    private var head = ""
    private var sent = 0

    var requestHead: String {
        lock.lock()
        defer { lock.unlock() }
        return head
    }

    /// How many bytes of `chunk` were written after the response, until the client hung up.
    var repeatedBytesSent: Int {
        lock.lock()
        defer { lock.unlock() }
        return sent
    }

    struct Failure: Error {}

    /// A server answering `response`, then `chunk` again and again until the client hangs up (an
    /// endless body) when there is one.
    init(response: String, thenRepeating chunk: String? = nil) throws {
        let (port, listener) = try boundLoopbackSocket()
        guard listen(listener, 4) == 0 else { throw Failure() }
        self.port = port
        socketFD = listener
        Thread { [self] in
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !received.suffix(4).elementsEqual("\r\n\r\n".utf8) {
                let count = read(connection, &buffer, buffer.count)
                if count <= 0 { break }
                received += buffer[..<count]
            }
            lock.lock()
            head = String(decoding: received, as: UTF8.self)
            lock.unlock()
            let bytes = Array(response.utf8)
            _ = bytes.withUnsafeBufferPointer { write(connection, $0.baseAddress, $0.count) }
            if let chunk {
                let bytes = Array(chunk.utf8)
                #if canImport(Glibc)
                    let flags = Int32(MSG_NOSIGNAL)  // a client that hangs up is no SIGPIPE
                #else
                    let flags: Int32 = 0
                #endif
                while case let count = bytes.withUnsafeBufferPointer({
                    send(connection, $0.baseAddress, $0.count, flags)
                }),
                    count > 0
                {
                    lock.lock()
                    sent += count
                    lock.unlock()
                }
            }
            close(connection)
        }.start()
    }

    func stop() {
        shutdown(socketFD, Int32(SHUT_RDWR))
        close(socketFD)
    }
}

/// An error response's body is read only up to the cap the OpenAPI client middleware has too.
@Suite struct ErrorBodyCapTests {
    @Test func anEndlessErrorBodyIsReadOnlyUpToTheCapThenTheTransferStops() async throws {
        // A proxy's page that never ends: the helper must neither hold it nor wait for its end.
        let server = try LoopbackServer(
            response: "HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n<html>",
            thenRepeating: String(repeating: "<p>upstream 10.0.0.7 down</p>", count: 2048))
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/orders")!
        let error = await #expect(throws: RemoteProblem.self) {
            _ = try await URLSession(configuration: .ephemeral).friendlyData(for: URLRequest(url: url))
        }
        #expect(error?.status == 502)
        #expect(error?.code == "http.502")
        #expect(error?.showsServerTexts == false)
    }

    @Test func anEndlessTextPlainErrorBodyIsReadOnlyUpToTheCapToo() async throws {
        // Text is no problem details, so it is never shown: the helper stops reading it as it stops a page.
        let server = try LoopbackServer(
            response: "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
                + "Connection: close\r\n\r\n",
            thenRepeating: String(repeating: "upstream timed out\n", count: 2048))
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/orders")!
        let error = await #expect(throws: RemoteProblem.self) {
            _ = try await URLSession(configuration: .ephemeral).friendlyData(for: URLRequest(url: url))
        }
        #expect(error?.status == 503)
        #expect(error?.code == "http.503")
        #expect(error?.showsServerTexts == false)
    }

    @Test func aSuccessBodyLongerThanTheCapIsReadWhole() async throws {
        let body = String(repeating: "0123456789abcdef", count: 16 * 1024)  // 256 KiB
        let server = try LoopbackServer(
            response: "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\n"
                + "Connection: close\r\n\r\n" + body)
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/export")!
        let (data, response) = try await URLSession(configuration: .ephemeral).friendlyData(for: URLRequest(url: url))
        #expect(response.statusCode == 200)
        #expect(data.count == body.utf8.count)
    }

    @Test func aProblemBodyUnderTheCapIsReadWhole() async throws {
        let detail = String(repeating: "x", count: 60_000)
        let body = #"{"title":"Declined","status":402,"detail":"\#(detail)","code":"payment.declined","language":"en"}"#
        let server = try LoopbackServer(
            response: "HTTP/1.1 402 Payment Required\r\nContent-Type: application/problem+json\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body)
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/pay")!
        let error = await #expect(throws: RemoteProblem.self) {
            _ = try await URLSession(configuration: .ephemeral).friendlyData(for: URLRequest(url: url))
        }
        #expect(error?.code == "payment.declined")
    }
}

/// A TCP socket bound to a port of 127.0.0.1 the system chose, and that port; not listening yet.
func boundLoopbackSocket() throws -> (port: Int, socket: Int32) {
    #if canImport(Glibc)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let listener = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard listener >= 0 else { throw LoopbackServer.Failure() }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard bound == 0 else {
        close(listener)
        throw LoopbackServer.Failure()
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    return (Int(UInt16(bigEndian: address.sin_port)), listener)
}
