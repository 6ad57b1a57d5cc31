/// The process-wide presenter and pipeline, so any code can present an error without threading
/// state through: bootstrap once at start-up, override per task in tests and per request in servers.
///
/// ```swift
/// // main.swift
/// AlertPresentationSystem.bootstrap(ConsolePresenter(), pipeline: AlertPipeline().addingCatalog(catalog))
///
/// // anywhere
/// await AlertPresentationSystem.pipeline.present(error)
///
/// // a test: never touches the global
/// let recorder = RecordingPresenter(answering: .choose("retry"))
/// await AlertPresentationSystem.withPresenter(recorder) { await model.save() }
/// ```
///
/// Alerts presented at the same time through the system are shown one after another, never
/// interleaved, and a burst of the same alert is coalesced into one with a count.
public enum AlertPresentationSystem {
    private struct Global {
        var coordinator: AlertCoordinator?
        var pipeline: InstalledPipeline?
        var bootstrappedAt: String?
    }

    private struct Override: Sendable {
        var coordinator: AlertCoordinator?
        var pipeline: InstalledPipeline?
    }

    private static let global = LockedValue(Global())
    private static let fallbackCoordinator = AlertCoordinator(presenter: ConsolePresenter())
    @TaskLocal private static var override: Override?

    /// Installs the process-wide presenter (and, optionally, pipeline). Call it once, early.
    ///
    /// A second call changes nothing: it writes a message naming both call sites to standard error
    /// and answers `false`, so a library cannot silently take over an app's presenter.
    @discardableResult
    public static func bootstrap(
        _ presenter: any AlertPresenter, pipeline: AlertPipeline? = nil,
        fileID: String = #fileID, line: Int = #line
    ) -> Bool {
        let site = "\(fileID):\(line)"
        let previous: String? = global.withLock { global in
            if let previous = global.bootstrappedAt { return previous }
            global.coordinator = AlertCoordinator(presenter: presenter)
            global.pipeline = pipeline.map(InstalledPipeline.init)
            global.bootstrappedAt = site
            return nil
        }
        guard let previous else { return true }
        LibraryDiagnostics.write(
            "FriendlyErrors: AlertPresentationSystem.bootstrap was called again at \(site); it can be called only once "
                + "per process and was first called at \(previous). The first presenter stays in place; use "
                + "AlertPresentationSystem.withPresenter(_:operation:) to present differently in one task.\n")
        return false
    }

    /// The presenter in effect for the current task: its override, else the bootstrapped one, else a
    /// ``ConsolePresenter`` on standard error.
    package static var presenter: any AlertPresenter { coordinator.presenter }

    /// The pipeline in effect for the current task: its override, else the bootstrapped one, else
    /// `AlertPipeline()`.
    public static var pipeline: AlertPipeline { installedPipeline.pipeline }

    /// The pipeline in effect for the current task as it was installed, with what Foundation bridging
    /// reads prepared once: one reference to read rather than a whole pipeline to copy.
    static var installedPipeline: InstalledPipeline {
        if let pipeline = override?.pipeline { return pipeline }
        return global.withLock { $0.pipeline } ?? .standard
    }

    static var coordinator: AlertCoordinator {
        if let coordinator = override?.coordinator { return coordinator }
        return global.withLock { $0.coordinator } ?? fallbackCoordinator
    }

    /// Runs `operation` with its own presenter (and optionally pipeline) for the current task and
    /// the tasks it creates; the process-wide ones stay untouched.
    ///
    /// `operation` runs on the caller's actor (`isolation`, which the caller need not pass), so a
    /// `@MainActor` view model or test calls it with main-actor state as it stands:
    ///
    /// ```swift
    /// @MainActor func savingShowsOneAlert() async {
    ///     let recorder = RecordingPresenter(answering: .cancel)
    ///     await AlertPresentationSystem.withPresenter(recorder) { await model.save() }
    /// }
    /// ```
    @discardableResult
    public static func withPresenter<Result>(
        _ presenter: any AlertPresenter, pipeline: AlertPipeline? = nil,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        let scoped = Override(
            coordinator: AlertCoordinator(presenter: presenter),
            pipeline: pipeline.map(InstalledPipeline.init) ?? override?.pipeline)
        return try await $override.withValue(scoped, operation: operation, isolation: isolation)
    }

    /// Runs `operation` with its own pipeline for the current task; the presenter stays as it is.
    /// `operation` runs on the caller's actor, as for ``withPresenter(_:pipeline:isolation:operation:)``.
    @discardableResult
    public static func withPipeline<Result>(
        _ pipeline: AlertPipeline, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        let scoped = Override(coordinator: override?.coordinator, pipeline: InstalledPipeline(pipeline))
        return try await $override.withValue(scoped, operation: operation, isolation: isolation)
    }
}
