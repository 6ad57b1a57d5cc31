import Foundation
import FriendlyErrorsHummingbird
import Hummingbird
import NIOCore
import NIOPosix
import Testing

/// Real failures delivered the way a Hummingbird handler gets them from NIO code: an `EventLoopFuture` awaited
/// with `get()` (NIO's bridge to `async`, a continuation), which boxes the error once more on its way (issue 44).
/// Each is answered with the same 4xx as when thrown directly, never a 500.
@Suite struct FutureBridgeTests {
    struct Order: Decodable {
        var item: String
        var quantity: Int
    }

    /// A route that decodes its body with `JSONDecoder` and reads a file that is not there, each on an event loop,
    /// awaited through the loop's future.
    static func app() -> TestApp {
        TestApp { router in
            router.post("/future/orders") { request, _ -> String in
                let body = try await request.body.collect(upTo: 4_096)
                let data = Data(body.readableBytesView)
                let order = try await MultiThreadedEventLoopGroup.singleton.any().submit {
                    try JSONDecoder().decode(Order.self, from: data)
                }.get()
                return order.item
            }
            router.get("/future/receipt") { _, _ -> String in
                let missing = URL(fileURLWithPath: "/nonexistent-\(UInt64.random(in: 0...UInt64.max))/receipt.txt")
                let data = try await MultiThreadedEventLoopGroup.singleton.any().submit {
                    try Data(contentsOf: missing)
                }.get()
                return String(decoding: data, as: UTF8.self)
            }
        }
    }

    /// The same failures thrown directly in the handler: what the future's answers must equal.
    static func direct() -> TestApp {
        TestApp { router in
            router.post("/orders") { _, _ -> String in
                try JSONDecoder().decode(Order.self, from: Data(#"{"item": "A-42"}"#.utf8)).item
            }
            router.get("/receipt") { _, _ -> String in
                let data = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent-direct/receipt.txt"))
                return String(decoding: data, as: UTF8.self)
            }
        }
    }

    @Test func aDecodingErrorThroughAFutureIsTheClientsDataKeyMissing() async throws {
        let response = try await Self.app().send(.post, "/future/orders", body: #"{"item": "A-42"}"#)
        #expect(response.json["code"] as? String == "data.keyMissing")
        #expect(response.status == 422, "the core's invalidData, as thrown directly; never a 500")
        #expect(response.status == (try await Self.direct().send(.post, "/orders")).status)
    }

    @Test func aMissingFileThroughAFutureIsA404FileNotFound() async throws {
        let response = try await Self.app().send(.get, "/future/receipt")
        #expect(response.status == 404)
        #expect(response.json["code"] as? String == "file.notFound")
        #expect(response.status == (try await Self.direct().send(.get, "/receipt")).status)
    }
}
