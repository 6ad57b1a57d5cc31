import Dispatch
import ExampleService
import FriendlyErrorsGRPC
import GRPCCore
import GRPCNIOTransportHTTP2
import GRPCProtobuf
import SwiftProtobuf
import Synchronization

/// `count` error RPCs, one after another, over HTTP/2 on loopback with a real grpc-swift client and server
/// (grpc-swift-nio-transport), after `warmUp` more: the whole route of one error RPC, transport and client
/// included, for callgrind. `service` throws; `interceptors` are the server's. Returns the RPCs' trailer counts.
///
/// The caller's thread waits on a semaphore while a task runs the RPCs: valgrind 3.19 crashes in
/// libdispatch's `sigsuspend` when the main thread is the concurrency runtime's (top-level `await`), not
/// when the runtime's threads do the work.
func callsOverLoopback(
    _ count: Int, service: ThrowingShop, interceptors: [any ServerInterceptor], metadata: Metadata
) -> Int {
    let done = DispatchSemaphore(value: 0)
    let result = Box()
    Task.detached {
        do {
            result.value = try await run(count, service: service, interceptors: interceptors, metadata: metadata)
        } catch {
            fatalError("the RPCs failed: \(error)")
        }
        done.signal()
    }
    done.wait()
    return result.value
}

/// Where the task leaves its result; read after the semaphore, written once before it.
private final class Box: @unchecked Sendable {
    var value = 0
}

private func run(
    _ count: Int, service: ThrowingShop, interceptors: [any ServerInterceptor], metadata: Metadata
) async throws -> Int {
    let server = GRPCServer(
        transport: .http2NIOPosix(address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext),
        services: [service], interceptors: interceptors)
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await server.serve() }
        defer { server.beginGracefulShutdown() }
        guard let port = try await server.listeningAddress?.ipv4?.port else { fatalError("no port") }
        return try await withGRPCClient(
            transport: .http2NIOPosix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
        ) { client in
            let request = ClientRequest(message: Google_Protobuf_StringValue("itemNotFound"), metadata: metadata)
            var trailers = 0
            for _ in 0..<count { trailers &+= await call(client, request) }
            return trailers
        }
    }
}

/// One unary call that fails with `NOT_FOUND`; anything else stops the run. Returns the error's metadata count.
private func call(
    _ client: GRPCClient<HTTP2ClientTransport.Posix>, _ request: ClientRequest<Google_Protobuf_StringValue>
) async -> Int {
    do {
        _ = try await client.unary(
            request: request, descriptor: ShopService.placeOrder,
            serializer: ProtobufSerializer<Google_Protobuf_StringValue>(),
            deserializer: ProtobufDeserializer<Google_Protobuf_StringValue>(), options: .defaults
        ) { try $0.message }
        fatalError("the RPC succeeded")
    } catch let error as RPCError where error.code == .notFound {
        return error.metadata.count
    } catch {
        fatalError("unexpected error \(error)")
    }
}

/// How many statuses ``uniqueDetails(_:_:)`` has made.
private let uniqueCount = Mutex(0)

/// `plain` with `answered`'s `grpc-status-details-bin`, its last seven bytes before the `Help` link's end
/// (the link's `catalog`) replaced by a number in hex, a new one each call: a status of the same size that
/// HPACK has not seen before.
func uniqueDetails(_ plain: RPCError, _ answered: RPCError) -> RPCError {
    var bytes = answered.metadata[binaryValues: "grpc-status-details-bin"].first(where: { _ in true }) ?? []
    let catalog = Array("catalog".utf8)
    guard
        let start = (0...(bytes.count - catalog.count)).last(where: {
            bytes[$0..<($0 + catalog.count)].elementsEqual(catalog)
        })
    else { fatalError("no link in the status") }
    var number = uniqueCount.withLock { count in
        count += 1
        return count
    }
    let digits = Array("0123456789abcdef".utf8)
    for index in (start..<(start + catalog.count)).reversed() {
        bytes[index] = digits[number & 0xF]
        number >>= 4
    }
    return RPCError(code: plain.code, message: plain.message, metadata: ["grpc-status-details-bin": .binary(bytes)])
}
