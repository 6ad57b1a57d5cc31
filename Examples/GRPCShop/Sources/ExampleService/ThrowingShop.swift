public import GRPCCore
import GRPCProtobuf
import SwiftProtobuf

/// The shop's `PlaceOrder` throwing one error on every call: what the benchmark's servers
/// (GRPCErrorBenchmark) and the whole-RPC counts (ErrorRouteCounts) run.
public struct ThrowingShop: RegistrableRPCService {
    /// Makes the error each call throws.
    public let error: @Sendable () -> any Error

    public init(error: @escaping @Sendable () -> any Error) {
        self.error = error
    }

    public func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
        router.registerHandler(
            forMethod: ShopService.placeOrder, deserializer: ProtobufDeserializer<Google_Protobuf_StringValue>(),
            serializer: ProtobufSerializer<Google_Protobuf_StringValue>()
        ) { request, _ in
            _ = try await ServerRequest(stream: request)
            throw error()
        }
    }
}
