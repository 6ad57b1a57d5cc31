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
    public var shouldRetry: Bool { outcome == .recovered || outcome == .retry }
}

extension AlertPipeline {
    /// Does the whole flow for one error: classifies it, presents the alert with the task's
    /// presenter (see ``AlertPresentationSystem``), runs the chosen recovery exactly once, and, if
    /// the recovery throws, presents that error as a new alert (up to
    /// ``Configuration/maximumRecoveryDepth`` times).
    ///
    /// ```swift
    /// do { try await sync() } catch {
    ///     let result = await pipeline.present(error)
    ///     if result.shouldRetry { try await sync() }
    /// }
    /// ```
    @discardableResult
    public func present(_ error: any Error, locale: LanguagePreference = .process) async -> PresentationResult {
        let coordinator = AlertPresentationSystem.coordinator
        var alert = presentableAlert(for: error, locale: locale)
        var depth = 0
        while true {
            let delivery = await coordinator.present(alert)
            var result = PresentationResult(
                alert: delivery.alert, chosenActionID: delivery.response.chosenActionID, outcome: nil)
            switch delivery.recovery {
            case .notRun:
                return result
            case .finished(let outcome):
                result.outcome = outcome
                return result
            case .failed(let recoveryError):
                guard !delivery.joined, depth < configuration.maximumRecoveryDepth else { return result }
                depth += 1
                alert = presentableAlert(for: recoveryError, locale: locale)
            }
        }
    }

    /// The alert for `error` with the exit status the error gives itself (``ExitStatusProviding``).
    /// Asked here, where an alert is presented, rather than for every alert a server makes.
    private func presentableAlert(for error: any Error, locale: LanguagePreference) -> Alert {
        var alert = self.alert(for: error, locale: locale)
        if let status = (error as? any ExitStatusProviding)?.exitStatus { alert.exitStatusOverride = status }
        return alert
    }

    /// Runs `operation`; when it throws, presents the error and runs it again if the chosen
    /// recovery fixed the problem or asked for a retry, at most `maximumAttempts` times in all.
    /// Throws the last error when the user cancels or the attempts run out.
    ///
    /// ```swift
    /// let config = try await pipeline.run { try Config.load(from: path) }
    /// ```
    public func run<Result>(
        maximumAttempts: Int = 3, locale: LanguagePreference = .process,
        _ operation: () async throws -> Result
    ) async throws -> Result {
        var attempt = 1
        while true {
            do {
                return try await operation()
            } catch {
                let result = await present(error, locale: locale)
                guard result.shouldRetry, attempt < max(1, maximumAttempts) else { throw error }
                attempt += 1
            }
        }
    }
}
