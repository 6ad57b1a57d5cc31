import Dispatch
public import FriendlyErrorsGRPC
public import GRPCCore

extension FriendlyErrorsInterceptor {
    /// The `RPCError` this interceptor answers `error` with when a unary handler of the RPC `context` describes
    /// throws it: through the interceptor's public `intercept`, as grpc-swift calls it, without a transport. For
    /// the tests (errors no example RPC throws), ErrorRouteCounts and GRPCErrorBenchmark's `--direct`.
    public func answer(_ error: any Error, metadata: Metadata = [:], context: ServerContext) async -> RPCError {
        let request = StreamingServerRequest(single: ServerRequest(metadata: metadata, message: 0))
        do {
            let response: StreamingServerResponse<Int> = try await intercept(request: request, context: context) {
                _, _ in throw error
            }
            if case .failure(let answer) = response.accepted { return answer }
            return RPCError(code: .internalError, message: "the interceptor answered with a response")
        } catch {
            return RPCError(code: .internalError, message: "the interceptor threw: \(error)")
        }
    }
}

/// Runs `body` in a detached task while the calling thread waits on a semaphore, and returns its result: how
/// the synchronous drivers call the interceptor's async `intercept`. Under valgrind 3.19 the main thread must
/// not be the concurrency runtime's (it crashes in libdispatch's `sigsuspend`); the runtime's threads may work.
public func waiting<Result: Sendable>(for body: @escaping @Sendable () async -> Result) -> Result {
    let done = DispatchSemaphore(value: 0)
    let box = ResultBox<Result>()
    Task.detached {
        box.value = await body()
        done.signal()
    }
    done.wait()
    return box.value!
}

/// Where the task leaves its result; written once before the semaphore is signalled, read after it.
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}
