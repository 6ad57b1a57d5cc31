import FriendlyErrorsGRPC
import FriendlyErrorsTesting
import GRPCCore
import GRPCNIOTransportHTTP2
import GRPCProtobuf
import SwiftProtobuf
import Testing

/// Issue 44: a call to a port nothing listens on fails in the NIO transport with an `RPCError` whose
/// cause is NIO's `IOError` (ECONNREFUSED). Through `unwrappingGRPCClientErrors()` the user sees
/// "Couldn't connect" in their language and the tool exits 69 — never the transport's text.
@Suite struct RefusedConnectionTests {
    @Test(arguments: [ErrorBoundary.direct, .checkedContinuation, .taskGroup])
    func aRefusedConnectionIsCouldntConnect(boundary: ErrorBoundary) async throws {
        let error = try #require(
            await boundary.error(thrownBy: {
                try await withGRPCClient(
                    transport: .http2NIOPosix(
                        target: .ipv4(address: "127.0.0.1", port: 1), transportSecurity: .plaintext),
                    interceptors: [FriendlyErrorsClientInterceptor()]
                ) { client in
                    var options = CallOptions.defaults
                    options.waitForReady = false
                    options.timeout = .seconds(10)
                    try await client.unary(
                        request: ClientRequest(message: Google_Protobuf_StringValue("x")),
                        descriptor: MethodDescriptor(fullyQualifiedService: "shop.Shop", method: "PlaceOrder"),
                        serializer: ProtobufSerializer<Google_Protobuf_StringValue>(),
                        deserializer: ProtobufDeserializer<Google_Protobuf_StringValue>(), options: options
                    ) { _ in }
                }
            }))
        let pipeline = AlertPipeline().unwrappingGRPCClientErrors()
        for (alert, title) in [
            (pipeline.alert(for: error, in: "en"), "Couldn\u{2019}t connect"),
            (pipeline.alert(for: error, in: "ja"), "接続できませんでした"),
        ] {
            #expect(alert.code == "network.connectionRefused")
            #expect(alert.title == title)
            #expect(alert.exitStatus == 69)
            let texts = [alert.title, alert.message, alert.reason ?? "", alert.suggestion ?? ""].joined()
            #expect(!texts.contains("127.0.0.1"))
            #expect(!texts.contains("errno"))
        }
    }
}
