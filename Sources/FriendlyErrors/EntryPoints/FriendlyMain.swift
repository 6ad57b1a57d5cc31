#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a script's or tool's `main` under the pipeline: what it throws is presented (on the console
/// by default), the chosen recovery runs, the work is retried when the recovery asks, and the
/// process ends with a status that says what happened.
///
/// ```swift
/// @main struct Tool {
///     static func main() async {
///         await FriendlyMain.run(pipeline: AlertPipeline().addingCatalog(catalog)) {
///             try await sync()
///         }
///     }
/// }
/// ```
///
/// The exit status:
/// - 0 when the body succeeds, also after a recovery and a retry, and when the chosen recovery
///   answered ``RecoveryOutcome/done``;
/// - otherwise the last alert's ``ErrorCategory/exitStatus`` (sysexits.h: usage 64, bad data 65,
///   missing input 66, unavailable 69, internal 70, can't create 73, I/O 74, try again later 75,
///   permission 77, configuration 78, else 1) — also when the user cancels or nobody could be
///   asked. It never comes from `NSError.code`, and a custom status outside 1…125 is 1;
/// - the error's own status when it gives one (``ExitStatusProviding``), within 1…125 likewise;
/// - for an error that is only a request to exit (``ExitStatusProviding/isExitRequest``), its
///   status (0…255) at once: it is not presented, nothing runs again.
///
/// Ctrl-C at a prompt ends the process with 130 as usual. The library's own writes into a closed
/// pipe fail quietly (`tool 2>&1 | head -1` ends with the tool's own status), and SIGPIPE keeps the
/// handling the process gave it: a tool's own output into `| head` ends the tool as usual.
public enum FriendlyMain {
    /// Runs `body`, presents what it throws, runs the chosen recovery, retries when it asks (`body`
    /// runs at most `maximumAttempts` times), and exits the process with the status described on
    /// ``FriendlyMain``. Never returns.
    ///
    /// `body` runs on the caller's actor (`isolation`, which the caller need not pass): a `@main`
    /// type's `main()` calls it as written above.
    ///
    /// - Parameters:
    ///   - pipeline: the pipeline that turns errors into alerts; by default the task's
    ///     (``AlertPresentationSystem/pipeline``).
    ///   - presenter: who shows the alerts; by default the task's (see
    ///     ``AlertPresentationSystem/withPresenter(_:pipeline:isolation:operation:)``), else the
    ///     bootstrapped one, else a ``ConsolePresenter`` on standard error.
    ///   - maximumAttempts: how many times `body` may run in all (at least 1).
    ///   - preference: the languages to present in; by default the process's (`LANGUAGE`, `LC_ALL`, …).
    ///   - isolation: the actor `body` runs on: the caller's, which the caller need not pass.
    ///   - body: the work: a tool's `main`.
    public static func run(
        pipeline: AlertPipeline? = nil,
        presenter: (any AlertPresenter)? = nil,
        maximumAttempts: Int = 3,
        in preference: LanguagePreference = .process,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Void
    ) async -> Never {
        let status = await exitStatus(
            pipeline: pipeline, presenter: presenter, maximumAttempts: maximumAttempts, in: preference,
            isolation: isolation, body)
        // exit() flushes what `print` buffered for standard output.
        exit(status)
    }

    /// Does what ``run(pipeline:presenter:maximumAttempts:in:isolation:_:)`` does but answers the
    /// exit status instead of exiting: for tests, and for tools that have more to do before they exit.
    ///
    /// ```swift
    /// let status = await FriendlyMain.exitStatus(presenter: recorder) { try await sync() }
    /// #expect(status == 0)
    /// ```
    ///
    /// When the task is cancelled, no attempt starts again: the cancellation is presented as its
    /// own alert and its status (``ErrorCategory/cancelled``) is answered.
    public static func exitStatus(
        pipeline: AlertPipeline? = nil,
        presenter: (any AlertPresenter)? = nil,
        maximumAttempts: Int = 3,
        in preference: LanguagePreference = .process,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Void
    ) async -> Int32 {
        let pipeline = pipeline ?? AlertPresentationSystem.pipeline
        // The body runs with the same presenter and pipeline, so alerts it presents itself queue
        // behind (never interleave with) the wrapper's own.
        guard let presenter else {
            return await AlertPresentationSystem.withPipeline(pipeline) {
                await attempt(body, pipeline: pipeline, maximumAttempts: maximumAttempts, preference: preference)
            }
        }
        return await AlertPresentationSystem.withPresenter(presenter, pipeline: pipeline) {
            await attempt(body, pipeline: pipeline, maximumAttempts: maximumAttempts, preference: preference)
        }
    }

    private static func attempt(
        _ body: () async throws -> Void, pipeline: AlertPipeline, maximumAttempts: Int,
        preference: LanguagePreference, isolation: isolated (any Actor)? = #isolation
    ) async -> Int32 {
        let attempts = await pipeline.attempts(
            maximumAttempts: maximumAttempts, in: preference,
            stopsAt: { ($0 as? any ExitStatusProviding)?.isExitRequest ?? false }, body)
        guard case .stopped(let error, let result) = attempts else { return 0 }
        if let request = error as? any ExitStatusProviding, request.isExitRequest {
            return ExitStatusRange.request(request.exitStatus)
        }
        if result?.outcome == .done { return 0 }
        // A cancelled task is stopping: what it threw is shown as the cancellation it is.
        guard let result, !Task.isCancelled else { return await cancelled(pipeline: pipeline, preference: preference) }
        return result.alert.exitStatus
    }

    /// Presents the task's cancellation and answers its status.
    private static func cancelled(pipeline: AlertPipeline, preference: LanguagePreference) async -> Int32 {
        await pipeline.present(CancellationError(), in: preference).alert.exitStatus
    }
}
