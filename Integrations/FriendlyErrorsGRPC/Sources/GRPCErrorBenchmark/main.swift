import ExampleService
import Foundation
import FriendlyErrorsGRPC
import GRPCCore
import GRPCNIOTransportHTTP2
import GRPCProtobuf
import Logging
import SwiftProtobuf

// Error RPCs per second over HTTP/2 on loopback, with a real grpc-swift client: the shop's unary
// `PlaceOrder` throwing `ItemNotFound` behind `FriendlyErrorsInterceptor`, against the same handler
// throwing a plain `RPCError(code: .notFound, …)` with no interceptor. Each round runs both, in
// alternating order, for the same time with the same number of concurrent callers.
//
//   swift run -c release --scratch-path .build-grpc GRPCErrorBenchmark [--seconds 5] [--rounds 5] [--callers 16] [--language ja]
let arguments = CommandLine.arguments
func option(_ name: String, _ fallback: Int) -> Int {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } ?? fallback
}
let seconds = option("--seconds", 5)
let rounds = option("--rounds", 5)
let callers = option("--callers", 16)
let language = arguments.firstIndex(of: "--language").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }

/// The shop's `PlaceOrder` with one error: what both servers run.
struct ThrowingShop: RegistrableRPCService {
    let error: @Sendable () -> any Error

    func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
        router.registerHandler(
            forMethod: ShopService.placeOrder, deserializer: ProtobufDeserializer<Google_Protobuf_StringValue>(),
            serializer: ProtobufSerializer<Google_Protobuf_StringValue>()
        ) { request, _ in
            _ = try await ServerRequest(stream: request)
            throw error()
        }
    }
}

/// Error RPCs answered per second by a server with `interceptors` and `service`.
func measure(service: ThrowingShop, interceptors: [any ServerInterceptor]) async throws -> Double {
    let server = GRPCServer(
        transport: .http2NIOPosix(address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext),
        services: [service], interceptors: interceptors)
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await server.serve() }
        defer { server.beginGracefulShutdown() }
        guard let port = try await server.listeningAddress?.ipv4?.port else { return 0 }
        return try await withGRPCClient(
            transport: .http2NIOPosix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
        ) { client in
            var metadata: Metadata = [:]
            if let language { metadata.addString(language, forKey: "accept-language") }
            let request = ClientRequest(message: Google_Protobuf_StringValue("itemNotFound"), metadata: metadata)
            // Warm-up: connections, caches, the first classification of each type.
            for _ in 0..<200 { await call(client, request) }
            let clock = ContinuousClock()
            let end = clock.now.advanced(by: .seconds(seconds))
            let start = clock.now
            let completed = await withTaskGroup(of: Int.self) { callersGroup in
                for _ in 0..<callers {
                    callersGroup.addTask {
                        var calls = 0
                        while clock.now < end {
                            await call(client, request)
                            calls += 1
                        }
                        return calls
                    }
                }
                return await callersGroup.reduce(0, +)
            }
            let elapsed = start.duration(to: clock.now)
            let secondsElapsed = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return Double(completed) / secondsElapsed
        }
    }
}

/// One unary call that fails, as the benchmark expects; anything else stops the run.
func call(_ client: GRPCClient<HTTP2ClientTransport.Posix>, _ request: ClientRequest<Google_Protobuf_StringValue>) async
{
    do {
        _ = try await client.unary(
            request: request, descriptor: ShopService.placeOrder,
            serializer: ProtobufSerializer<Google_Protobuf_StringValue>(),
            deserializer: ProtobufDeserializer<Google_Protobuf_StringValue>(), options: .defaults
        ) { try $0.message }
        fatalError("the RPC succeeded")
    } catch let error as RPCError where error.code == .notFound {
    } catch {
        fatalError("unexpected error \(error)")
    }
}

// Both servers log at warning, so the NOT_FOUND answers (logged at notice) are not written.
var logger = Logger(label: "benchmark")
logger.logLevel = .warning
let interceptor = FriendlyErrorsInterceptor(
    domain: "shop.example.com", pipeline: AlertPipeline().addingCatalog(shopCatalog), logger: logger)
let friendly = ThrowingShop { ItemNotFound(item: "A-42") }
let plain = ThrowingShop { RPCError(code: .notFound, message: "The shop has no item “A-42”.") }

print("error RPCs/s, \(callers) concurrent callers, \(seconds) s per run, accept-language: \(language ?? "none")")
var withInterceptor: [Double] = []
var withoutInterceptor: [Double] = []
for round in 1...rounds {
    // Alternating which goes first, so a machine getting busier favours neither.
    if round % 2 == 1 {
        withInterceptor.append(try await measure(service: friendly, interceptors: [interceptor]))
        withoutInterceptor.append(try await measure(service: plain, interceptors: []))
    } else {
        withoutInterceptor.append(try await measure(service: plain, interceptors: []))
        withInterceptor.append(try await measure(service: friendly, interceptors: [interceptor]))
    }
    let ratio = withInterceptor[round - 1] / withoutInterceptor[round - 1]
    print(
        "round \(round): interceptor \(Int(withInterceptor[round - 1])), plain RPCError \(Int(withoutInterceptor[round - 1])), ratio \(String(format: "%.2f", ratio))"
    )
}
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}
let ratio = median(withInterceptor) / median(withoutInterceptor)
print(
    "median: interceptor \(Int(median(withInterceptor))), plain RPCError \(Int(median(withoutInterceptor))), ratio of medians \(String(format: "%.2f", ratio))"
)
