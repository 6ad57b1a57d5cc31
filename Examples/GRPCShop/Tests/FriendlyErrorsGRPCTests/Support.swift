import ExampleService
import FriendlyErrorsGRPC
import GRPCCore
import GRPCNIOTransportHTTP2
import GRPCProtobuf
import InMemoryLogging
import InMemoryTracing
import Logging
import ServiceContextModule
import SwiftProtobuf

/// The example shop on a loopback port behind the interceptor, and a real client over HTTP/2.
enum Shop {
    /// Runs `body` with a client of a fresh shop server and the server's log.
    @discardableResult
    static func run<Result: Sendable>(
        options: FriendlyErrorsServerOptions = FriendlyErrorsServerOptions(), outside: [any ServerInterceptor] = [],
        _ body: (GRPCClient<HTTP2ClientTransport.Posix>, InMemoryLogHandler) async throws -> Result
    ) async throws -> Result {
        var logs = InMemoryLogHandler()
        logs.metadataProvider = .traceIDs
        var logger = Logger(label: "shop") { _ in logs }
        logger.logLevel = .trace
        let interceptor = FriendlyErrorsInterceptor(
            domain: "shop.example.com", pipeline: AlertPipeline().addingCatalog(shopCatalog), options: options,
            logger: logger)
        let server = GRPCServer(
            transport: .http2NIOPosix(address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext),
            services: [ShopService()], interceptors: outside + [interceptor])
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.serve() }
            defer { server.beginGracefulShutdown() }
            guard let port = try await server.listeningAddress?.ipv4?.port else { throw NoAddress() }
            return try await withGRPCClient(
                transport: .http2NIOPosix(
                    target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
            ) { client in
                try await body(client, logs)
            }
        }
    }

    struct NoAddress: Error {}

    /// What one call answered: the items a stream sent before it failed, and its error.
    struct Answer {
        var items: [String]
        var error: RPCError
        var status: GoogleRPCStatus

        func detail<T>(_ kind: (ErrorDetails) -> T?) -> T? { status.details.lazy.compactMap(kind).first }
        var errorInfo: ErrorDetails.ErrorInfo? { detail(\.errorInfo) }
        var localizedMessage: ErrorDetails.LocalizedMessage? { detail(\.localizedMessage) }
        var badRequest: ErrorDetails.BadRequest? { detail(\.badRequest) }
        var retryInfo: ErrorDetails.RetryInfo? { detail(\.retryInfo) }
        var requestInfo: ErrorDetails.RequestInfo? { detail(\.requestInfo) }
        var help: ErrorDetails.Help? { detail(\.help) }
    }

    struct NoError: Error {}

    /// Calls `PlaceOrder` (unary) or `ListItems` (server streaming) with `scenario` and returns the
    /// error it answered with, its `google.rpc.Status` unpacked.
    static func call(
        _ client: GRPCClient<HTTP2ClientTransport.Posix>, _ scenario: String, streaming: Bool = false,
        language: String? = nil, metadata: Metadata = [:]
    ) async throws -> Answer {
        var metadata = metadata
        if let language { metadata.addString(language, forKey: "accept-language") }
        let request = ClientRequest(message: Google_Protobuf_StringValue(scenario), metadata: metadata)
        let serializer = ProtobufSerializer<Google_Protobuf_StringValue>()
        let deserializer = ProtobufDeserializer<Google_Protobuf_StringValue>()
        let items = Items()
        do {
            if streaming {
                try await client.serverStreaming(
                    request: request, descriptor: ShopService.listItems, serializer: serializer,
                    deserializer: deserializer, options: .defaults
                ) { response in
                    for try await item in response.messages { items.append(item.value) }
                }
            } else {
                _ = try await client.unary(
                    request: request, descriptor: ShopService.placeOrder, serializer: serializer,
                    deserializer: deserializer, options: .defaults
                ) { try $0.message }
            }
        } catch let error as RPCError {
            guard let status = try error.unpackGoogleRPCStatus() else { throw error }
            return Answer(items: items.values, error: error, status: status)
        }
        throw NoError()
    }

    /// The items a stream handler received, collected from its `@Sendable` closure.
    final class Items: @unchecked Sendable {
        // Only the closure of one call appends, and `values` is read after the call returned.
        private(set) var values: [String] = []
        func append(_ value: String) { values.append(value) }
    }
}

extension Logger.MetadataProvider {
    /// The trace and span IDs of the task's `ServiceContext`, as swift-otel's log handler reads them for every
    /// record (here from swift-distributed-tracing's `InMemoryTracer`): a record logged outside the request's
    /// context has none.
    static let traceIDs = Logger.MetadataProvider {
        guard let span = ServiceContext.current?.inMemorySpanContext else { return [:] }
        return ["trace_id": .string(span.traceID), "span_id": .string(span.spanID)]
    }
}
