public import FriendlyErrors

/// A view model on the main actor, as an app's screen has one: it loads the photos through
/// `pipeline.run`, whose body reads and writes the model's main-actor state.
@MainActor
public final class LibraryModel {
    /// The photos loaded so far.
    public private(set) var photos: [String] = []
    /// How many times the body of `reload()` ran.
    public private(set) var attempts = 0

    private let pipeline: AlertPipeline
    private let fetch: @Sendable (_ attempt: Int) async throws -> [String]

    /// A model that loads its photos with `fetch`, told which attempt it is.
    public init(
        pipeline: AlertPipeline = AlertPipeline(),
        fetch: @escaping @Sendable (_ attempt: Int) async throws -> [String]
    ) {
        self.pipeline = pipeline
        self.fetch = fetch
    }

    /// Loads the photos; a failure is presented, and the load runs again when the chosen recovery
    /// asks for it. Throws the last error when the user cancels.
    public func reload() async throws {
        photos = try await pipeline.run {
            attempts += 1
            return try await fetch(attempts)
        }
    }

    /// Loads the photos with alerts going to `presenter` (a window's own, a test's recorder) instead
    /// of the process-wide presenter.
    public func reload(presentingWith presenter: any AlertPresenter) async throws {
        try await AlertPresentationSystem.withPresenter(presenter) {
            try await reload()
            photos.sort()
        }
    }
}
