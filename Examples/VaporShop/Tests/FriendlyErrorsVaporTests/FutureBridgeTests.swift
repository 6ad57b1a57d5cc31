import Foundation
import FriendlyErrorsVapor
import NIOCore
import Testing
import Vapor

/// Real failures delivered through Vapor's own bridge from NIO: an `EventLoopFuture` awaited with `get()` (a
/// continuation), which boxes the error once more on its way (issue 44). Each is answered with the same 4xx as
/// when thrown directly, never a 500.
@Suite struct FutureBridgeTests {
    struct Order: Decodable {
        var item: String
        var quantity: Int
    }

    /// Routes that decode a body with `JSONDecoder` and read a file that is not there, on the request's event loop,
    /// awaited through its future.
    static func app() -> TestApp {
        TestApp { app in
            app.post("future", "orders") { request async throws -> String in
                let data = Data(request.body.data?.readableBytesView ?? ByteBuffer().readableBytesView)
                let order = try await request.eventLoop.submit {
                    try JSONDecoder().decode(Order.self, from: data)
                }.get()
                return order.item
            }
            app.get("future", "receipt") { request async throws -> String in
                let missing = URL(fileURLWithPath: "/nonexistent-\(UInt64.random(in: 0...UInt64.max))/receipt.txt")
                let data = try await request.eventLoop.submit { try Data(contentsOf: missing) }.get()
                return String(decoding: data, as: UTF8.self)
            }
        }
    }

    /// The same failures thrown directly in the route: what the future's answers must equal.
    static func direct() -> TestApp {
        TestApp { app in
            app.post("orders") { _ async throws -> String in
                try JSONDecoder().decode(Order.self, from: Data(#"{"item": "A-42"}"#.utf8)).item
            }
            app.get("receipt") { _ async throws -> String in
                let data = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent-direct/receipt.txt"))
                return String(decoding: data, as: UTF8.self)
            }
        }
    }

    @Test func aDecodingErrorThroughAFutureIsTheClientsDataKeyMissing() async throws {
        let response = try await Self.app().send(
            .POST, "future/orders", headers: ["Content-Type": "application/json"], body: #"{"item": "A-42"}"#)
        #expect(response.json["code"] as? String == "data.keyMissing")
        #expect((400..<500).contains(response.status), "a client's fault, never a 500")
        #expect(response.status == (try await Self.direct().send(.POST, "orders")).status)
    }

    @Test func aMissingFileThroughAFutureIsA404FileNotFound() async throws {
        let response = try await Self.app().send(.GET, "future/receipt")
        #expect(response.status == 404)
        #expect(response.json["code"] as? String == "file.notFound")
        #expect(response.status == (try await Self.direct().send(.GET, "receipt")).status)
    }
}
