/// What presenting an error came to: the alert last shown, the action chosen and what its recovery
/// did.
public struct PresentationResult: Sendable {
    /// The alert last shown (a throwing recovery leads to a follow-up alert).
    public var alert: Alert
    /// The id of the chosen action, `nil` when nothing was chosen.
    public var chosenActionID: String?
    /// What the recovery returned, `nil` when none ran to the end.
    public var outcome: RecoveryOutcome?

    /// Whether the problem was fixed or the operation should run again.
    package var shouldRetry: Bool { outcome == .recovered || outcome == .retry }
}

extension AlertPipeline {
    /// Does the whole flow for one error: classifies it, presents the alert with the task's
    /// presenter (see ``AlertPresentationSystem``), runs the chosen recovery exactly once, and, if
    /// the recovery throws, presents that error as a new alert (up to
    /// `maximumRecoveryDepth` times).
    ///
    /// ```swift
    /// do { try await sync() } catch {
    ///     let result = await pipeline.present(error)
    ///     if result.shouldRetry { try await sync() }
    /// }
    /// ```
    @discardableResult
    public func present(_ error: any Error, in preference: LanguagePreference = .process) async -> PresentationResult {
        let coordinator = AlertPresentationSystem.coordinator
        var alert = presentableAlert(for: error, in: preference)
        var depth = 0
        while true {
            let delivery = await coordinator.present(alert)
            var result = PresentationResult(
                alert: delivery.alert, chosenActionID: delivery.response, outcome: nil)
            switch delivery.recovery {
            case .notRun:
                return result
            case .finished(let outcome):
                result.outcome = outcome
                return result
            case .failed(let recoveryError):
                guard !delivery.joined, depth < configuration.maximumRecoveryDepth else { return result }
                depth += 1
                alert = presentableAlert(for: recoveryError, in: preference)
            }
        }
    }

    /// The alert for `error` with the exit status the error gives itself (``ExitStatusProviding``).
    /// Asked here, where an alert is presented, rather than for every alert a server makes.
    private func presentableAlert(for error: any Error, in preference: LanguagePreference) -> Alert {
        var alert = self.alert(for: error, in: preference)
        if let status = (error as? any ExitStatusProviding)?.exitStatus { alert.exitStatusOverride = status }
        return alert
    }

    /// Runs `operation`; when it throws, presents the error and runs it again if the chosen
    /// recovery fixed the problem or asked for a retry, at most `maximumAttempts` times in all.
    /// Throws the last error when the user cancels or the attempts run out, and `CancellationError`
    /// when the task is cancelled: a cancelled task never starts another attempt.
    ///
    /// `operation` runs on the caller's actor (`isolation`, which the caller need not pass), so it
    /// may use the caller's state, as in a `@MainActor` view model:
    ///
    /// ```swift
    /// @MainActor final class Library {
    ///     var photos: [Photo] = []
    ///     func refresh() async throws {
    ///         photos = try await pipeline.run { try await server.photos() }
    ///     }
    /// }
    /// ```
    public func run<Result>(
        maximumAttempts: Int = 3, in preference: LanguagePreference = .process,
        isolation: isolated (any Actor)? = #isolation,
        _ operation: () async throws -> Result
    ) async throws -> Result {
        switch await attempts(maximumAttempts: maximumAttempts, in: preference, operation) {
        case .succeeded(let result):
            return result
        case .stopped(let error, _):
            // A cancelled task is stopping: it ends with the cancellation, whatever it threw.
            try Task.checkCancellation()
            throw error
        }
    }

    /// How ``attempts(maximumAttempts:in:stopsAt:isolation:_:)`` ended.
    enum Attempts<Result> {
        /// The operation returned.
        case succeeded(Result)
        /// The operation threw `error` and was not run again: the user cancelled, the recovery did
        /// not ask for a retry, the attempts ran out, the task was cancelled (no presentation then,
        /// or one made before the cancellation), or `stopsAt` stopped it unpresented.
        case stopped(any Error, PresentationResult?)
    }

    /// The one retry loop, of ``run(maximumAttempts:in:isolation:_:)`` and ``FriendlyMain``: runs
    /// `operation`; when it throws, presents the error and runs it again when the chosen recovery
    /// fixed the problem or asked for a retry, at most `maximumAttempts` times in all. A cancelled
    /// task never starts another attempt, nor presents what it threw.
    func attempts<Result>(
        maximumAttempts: Int, in preference: LanguagePreference,
        stopsAt stops: (any Error) -> Bool = { _ in false },
        isolation: isolated (any Actor)? = #isolation,
        _ operation: () async throws -> Result
    ) async -> Attempts<Result> {
        var attempt = 1
        while true {
            do {
                return .succeeded(try await operation())
            } catch {
                if stops(error) || Task.isCancelled { return .stopped(error, nil) }
                let result = await present(error, in: preference)
                guard !Task.isCancelled, result.shouldRetry, attempt < max(1, maximumAttempts) else {
                    return .stopped(error, result)
                }
                attempt += 1
            }
        }
    }
}
