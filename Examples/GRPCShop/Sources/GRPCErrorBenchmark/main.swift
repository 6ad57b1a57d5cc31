import ExampleService
import Foundation
import FriendlyErrorsGRPC
import GRPCCore
import GRPCNIOTransportHTTP2
import GRPCProtobuf
import Instrumentation
import Logging
import Metrics
import Prometheus
import SwiftProtobuf
import Tracing

// Error RPCs per second over HTTP/2 on loopback, with a real grpc-swift client: the shop's unary
// `PlaceOrder` throwing `ItemNotFound` behind `FriendlyErrorsInterceptor`, against the same handler
// throwing a plain `RPCError(code: .notFound, …)` with no interceptor. Each round runs both, in
// alternating order, for the same time with the same number of concurrent callers.
//
//   swift run -c release --scratch-path .build-grpc GRPCErrorBenchmark [--seconds 5] [--rounds 5] [--callers 16] [--language ja]
//       [--telemetry]
//
// `--telemetry` (or TELEMETRY=1 in the environment), before either server is made: a real metrics factory
// (`PrometheusMetricsFactory`) and a no-op tracer, bootstrapped for the whole process, so both servers of
// the comparison run with them.
let arguments = CommandLine.arguments
func option(_ name: String, _ fallback: Int) -> Int {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } ?? fallback
}
let seconds = option("--seconds", 5)
let rounds = option("--rounds", 5)
let callers = option("--callers", 16)
let language = arguments.firstIndex(of: "--language").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }

/// The process's CPU time so far (user + system), in microseconds: client and server together, the
/// same client work in both runs, so the difference is the server's.
func cpuMicroseconds() -> Double {
    var usage = rusage()
    #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e6
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
}

/// What one run measured.
struct Run {
    /// Error RPCs answered per second.
    var rate: Double
    /// The process's CPU time per RPC, in microseconds.
    var cpu: Double
}

/// Error RPCs answered per second by a server with `interceptors` and `service`, and CPU time per RPC.
func measure(service: ThrowingShop, interceptors: [any ServerInterceptor]) async throws -> Run {
    let server = GRPCServer(
        transport: .http2NIOPosix(address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext),
        services: [service], interceptors: interceptors)
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await server.serve() }
        defer { server.beginGracefulShutdown() }
        guard let port = try await server.listeningAddress?.ipv4?.port else { return Run(rate: 0, cpu: 0) }
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
            let cpuStart = cpuMicroseconds()
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
            let cpu = (cpuMicroseconds() - cpuStart) / Double(max(completed, 1))
            return Run(rate: Double(completed) / secondsElapsed, cpu: cpu)
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

let telemetry = arguments.contains("--telemetry") || ProcessInfo.processInfo.environment["TELEMETRY"] == "1"
if telemetry {
    // Before the interceptor is made: its reporter reads the factory once, when it is made.
    MetricsSystem.bootstrap(PrometheusMetricsFactory())
    InstrumentationSystem.bootstrap(NoOpTracer())
}

// Both servers log at warning, so the NOT_FOUND answers (logged at notice) are not written.
var logger = Logger(label: "benchmark")
logger.logLevel = .warning
let interceptor = FriendlyErrorsInterceptor(
    domain: "shop.example.com", pipeline: AlertPipeline().addingCatalog(shopCatalog), logger: logger)
let friendly = ThrowingShop { ItemNotFound(item: "A-42") }
let plain = ThrowingShop { RPCError(code: .notFound, message: "The shop has no item “A-42”.") }

if arguments.contains("--direct") {
    // The interceptor's own work per error, without a transport: its `intercept` with a handler that throws.
    let context = ServerContext(
        descriptor: ShopService.placeOrder, remotePeer: "ipv4:127.0.0.1:1", localPeer: "ipv4:127.0.0.1:2",
        cancellation: ServerContext.RPCCancellationHandle())
    var metadata: Metadata = [:]
    if let language { metadata.addString(language, forKey: "accept-language") }
    let error = ItemNotFound(item: "A-42")
    let count = 100_000
    var bytes = 0
    // CPU time, not the clock's: on a shared machine the process waits for a core.
    var start = cpuMicroseconds()
    for _ in 0..<count { _ = await interceptor.answer(error, metadata: metadata, context: context) }
    let whole = (cpuMicroseconds() - start) / Double(count)
    let status = try await interceptor.answer(error, metadata: metadata, context: context).unpackGoogleRPCStatus()!
    start = cpuMicroseconds()
    for _ in 0..<count { bytes &+= ((try? status.serializedBytes()) as [UInt8]?)?.count ?? 0 }
    let serializing = (cpuMicroseconds() - start) / Double(count)
    print(
        "intercept, a throwing handler: \(String(format: "%.1f", whole)) µs CPU per error; grpc-swift-protobuf serializing the "
            + "same status (GoogleRPCStatus.serializedBytes(), which the interceptor no longer calls): "
            + "\(String(format: "%.1f", serializing)) µs, \(bytes / count) bytes")
    exit(0)
}
// What a team writes by hand for the same answer: a `GoogleRPCStatus` with the interceptor's details,
// thrown with no interceptor — the cost of the details on the wire, without the interceptor's work.
let sameStatus = try await interceptor.answer(
    ItemNotFound(item: "A-42"), metadata: language.map { ["accept-language": .string($0)] } ?? [:],
    context: ServerContext(
        descriptor: ShopService.placeOrder, remotePeer: "", localPeer: "",
        cancellation: ServerContext.RPCCancellationHandle())
).unpackGoogleRPCStatus()!
let handWritten = ThrowingShop { sameStatus }

print(
    "error RPCs/s, \(callers) concurrent callers, \(seconds) s per run, accept-language: \(language ?? "none"), "
        + "telemetry: \(telemetry ? "Prometheus metrics, no-op tracer" : "none")")
var withInterceptor: [Run] = []
var withoutInterceptor: [Run] = []
var byHand: [Run] = []
for round in 1...rounds {
    // Alternating the order, so a machine getting busier favours none.
    if round % 2 == 1 {
        withInterceptor.append(try await measure(service: friendly, interceptors: [interceptor]))
        withoutInterceptor.append(try await measure(service: plain, interceptors: []))
        byHand.append(try await measure(service: handWritten, interceptors: []))
    } else {
        byHand.append(try await measure(service: handWritten, interceptors: []))
        withoutInterceptor.append(try await measure(service: plain, interceptors: []))
        withInterceptor.append(try await measure(service: friendly, interceptors: [interceptor]))
    }
    let (friendlyRun, plainRun, handRun) = (
        withInterceptor[round - 1], withoutInterceptor[round - 1], byHand[round - 1]
    )
    print(
        "round \(round): interceptor \(Int(friendlyRun.rate)) RPCs/s (\(Int(friendlyRun.cpu)) µs CPU each), "
            + "plain RPCError \(Int(plainRun.rate)) (\(Int(plainRun.cpu)) µs), "
            + "hand-written GoogleRPCStatus \(Int(handRun.rate)) (\(Int(handRun.cpu)) µs), "
            + "ratio to plain \(String(format: "%.2f", friendlyRun.rate / plainRun.rate))")
}
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
let (rates, plainRates) = (median(withInterceptor.map(\.rate)), median(withoutInterceptor.map(\.rate)))
let (cpu, plainCPU) = (median(withInterceptor.map(\.cpu)), median(withoutInterceptor.map(\.cpu)))
let (handRates, handCPU) = (median(byHand.map(\.rate)), median(byHand.map(\.cpu)))
print(
    "median: interceptor \(Int(rates)) RPCs/s, plain RPCError \(Int(plainRates)), ratio of medians "
        + "\(String(format: "%.2f", rates / plainRates)); CPU per RPC \(Int(cpu)) / \(Int(plainCPU)) µs, "
        + "throughput from CPU time \(String(format: "%.2f", plainCPU / cpu)); hand-written GoogleRPCStatus "
        + "\(Int(handRates)) RPCs/s, \(Int(handCPU)) µs CPU per RPC, ratio of medians to it "
        + "\(String(format: "%.2f", rates / handRates))")
