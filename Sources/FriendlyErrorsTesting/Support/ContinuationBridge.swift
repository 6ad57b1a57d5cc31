/// Runs async work in a task of its own and hands its outcome back through a continuation, as a
/// callback API bridged to `async` does: the one place the testing module touches an unsafe
/// continuation, which ``ErrorBoundary/unsafeContinuation`` needs because `URLSession`'s async API
/// delivers its errors through one.
enum ContinuationBridge {
    /// `body`'s outcome, through `withCheckedThrowingContinuation`.
    static func checked(_ body: @escaping @Sendable () async throws -> Void) async throws {
        try await withCheckedThrowingContinuation { continuation in
            resume(after: body) { continuation.resume(with: $0) }
        }
    }

    /// `body`'s outcome, through `withUnsafeThrowingContinuation` (resumed exactly once, by `resume`).
    static func unsafe(_ body: @escaping @Sendable () async throws -> Void) async throws {
        try await withUnsafeThrowingContinuation { continuation in
            resume(after: body) { continuation.resume(with: $0) }
        }
    }

    /// Starts `body` in a task and calls `resume` once with its outcome.
    private static func resume(
        after body: @escaping @Sendable () async throws -> Void,
        _ resume: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) {
        Task {
            do {
                try await body()
                resume(.success(()))
            } catch {
                resume(.failure(error))
            }
        }
    }
}
