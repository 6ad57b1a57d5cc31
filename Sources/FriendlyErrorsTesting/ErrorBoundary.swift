/// The ways an error reaches the code that catches it in Swift concurrency: thrown directly, or carried
/// across a continuation, a task or a `Result`. Real errors mostly arrive across one of them — every
/// `URLSession` async error through a continuation, every NIO future through `EventLoopFuture.get()` —
/// so a rule tested with an error thrown directly is tested on a path few users take.
///
/// Run a classification test through every boundary:
///
/// ```swift
/// @Test(arguments: ErrorBoundary.allCases)
/// func aMissingFileIsNotFound(boundary: ErrorBoundary) async throws {
///     let error = try #require(await boundary.error(thrownBy: {
///         _ = try FileManager.default.contentsOfDirectory(atPath: "/no/such/folder")
///     }))
///     #expect(AlertPipeline().classify(error).code == "file.notFound")
/// }
/// ```
public enum ErrorBoundary: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Thrown and caught in the same function.
    case direct
    /// Through `withCheckedThrowingContinuation`, as callback APIs bridged to `async` deliver errors.
    case checkedContinuation
    /// Through an unsafe throwing continuation, as `URLSession`'s async API delivers errors.
    case unsafeContinuation
    /// Out of a `Task`'s `value`.
    case taskValue
    /// Out of a detached task's `value`.
    case detachedTask
    /// Out of a child task of a throwing task group.
    case taskGroup
    /// Out of an `async let`.
    case asyncLet
    /// Out of `Result.get()`, the error kept in a `Result` first.
    case result

    public var description: String { rawValue }

    /// The error `body` throws, as a caller on the other side of this boundary catches it; `nil` when
    /// `body` returns.
    public func error(thrownBy body: @escaping @Sendable () async throws -> Void) async -> (any Error)? {
        do {
            try await deliver(body)
            return nil
        } catch {
            return error
        }
    }

    private func deliver(_ body: @escaping @Sendable () async throws -> Void) async throws {
        switch self {
        case .direct:
            try await body()
        case .checkedContinuation:
            try await ContinuationBridge.checked(body)
        case .unsafeContinuation:
            try await ContinuationBridge.unsafe(body)
        case .taskValue:
            try await Task { try await body() }.value
        case .detachedTask:
            try await Task.detached { try await body() }.value
        case .taskGroup:
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await body() }
                try await group.waitForAll()
            }
        case .asyncLet:
            async let outcome: Void = body()
            try await outcome
        case .result:
            let outcome = await Self.result(of: body)
            try outcome.get()
        }
    }

    /// `body`'s outcome as a `Result`, the error kept as `any Error`.
    private static func result(of body: @Sendable () async throws -> Void) async -> Result<Void, any Error> {
        do {
            try await body()
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}
