public import GRPCCore
import GRPCProtobuf
import SwiftProtobuf

/// What the example shop's RPCs throw, chosen by the request's text: one of each kind of error the
/// interceptor answers, and `ok`.
public enum ShopScenario: String, CaseIterable, Sendable {
    /// No error: a reply, or two items and the end of the stream.
    case ok
    /// An app error (`ItemNotFound`).
    case itemNotFound
    /// An error with field problems (`InvalidOrder`).
    case invalidOrder
    /// A rate-limited error with `Retry-After: 30` (`TooManySearches`).
    case rateLimited
    /// Full storage (`StorageFull`): `RESOURCE_EXHAUSTED`, as rate limiting is, with a category of its own.
    case storageFull
    /// An `RPCError` of the handler's own, with a code, a message and metadata.
    case rpcError
    /// An unknown error holding a secret (`ReportDatabaseFailure`).
    case databaseFailure
    /// `CancellationError`.
    case cancelled

    /// The error of this scenario, `nil` for `ok`.
    public var error: (any Error)? {
        switch self {
        case .ok: nil
        case .itemNotFound: ItemNotFound(item: "A-42")
        case .invalidOrder: InvalidOrder()
        case .rateLimited: TooManySearches(retryAfterSeconds: 30)
        case .storageFull: StorageFull()
        case .rpcError:
            RPCError(code: .failedPrecondition, message: "cart c-42 is locked", metadata: ["cart-id": "c-42"])
        case .databaseFailure: ReportDatabaseFailure()
        case .cancelled: CancellationError()
        }
    }
}

/// The example shop's gRPC service, written by hand with grpc-swift's APIs and protobuf's
/// well-known `StringValue` (no generated code): a unary `PlaceOrder` and a server-streaming
/// `ListItems`, each throwing the error of the scenario its request names.
public struct ShopService: RegistrableRPCService {
    /// `friendlyerrors.example.Shop`.
    public static let service = ServiceDescriptor(package: "friendlyerrors.example", service: "Shop")
    /// Unary: the scenario's name in, `"ordered"` out.
    public static let placeOrder = MethodDescriptor(service: service, method: "PlaceOrder")
    /// Server streaming: the scenario's name in; `"item 1"`, `"item 2"`, then the scenario's error
    /// (before the first item when the name ends in `"-first"`).
    public static let listItems = MethodDescriptor(service: service, method: "ListItems")

    /// The shop.
    public init() {}

    public func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
        router.registerHandler(
            forMethod: Self.placeOrder, deserializer: ProtobufDeserializer<Google_Protobuf_StringValue>(),
            serializer: ProtobufSerializer<Google_Protobuf_StringValue>()
        ) { request, context in
            let single = try await ServerRequest(stream: request)
            if let error = Self.scenario(single.message.value).error { throw error }
            return StreamingServerResponse(single: ServerResponse(message: Google_Protobuf_StringValue("ordered")))
        }
        router.registerHandler(
            forMethod: Self.listItems, deserializer: ProtobufDeserializer<Google_Protobuf_StringValue>(),
            serializer: ProtobufSerializer<Google_Protobuf_StringValue>()
        ) { request, context in
            let single = try await ServerRequest(stream: request)
            var name = single.message.value
            let first = name.hasSuffix("-first")
            if first { name.removeLast("-first".count) }
            let error = Self.scenario(name).error
            if first, let error { throw error }
            return StreamingServerResponse { writer in
                try await writer.write(Google_Protobuf_StringValue("item 1"))
                try await writer.write(Google_Protobuf_StringValue("item 2"))
                if let error { throw error }
                return [:]
            }
        }
    }

    private static func scenario(_ name: String) -> ShopScenario { ShopScenario(rawValue: name) ?? .itemNotFound }
}
