public import FriendlyErrors

/// A service as an actor: it runs a sync under `FriendlyMain.exitStatus`, whose body counts the
/// runs in the actor's own state, and answers the status a tool would exit with.
public actor SyncService {
    /// How many times the sync body ran.
    public private(set) var runs = 0

    private let presenter: any AlertPresenter
    private let work: @Sendable () async throws -> Void

    /// A service that runs `work`, presenting its failures with `presenter`.
    public init(presenter: any AlertPresenter, work: @escaping @Sendable () async throws -> Void) {
        self.presenter = presenter
        self.work = work
    }

    /// Runs the sync: 0 on success, else the status of the error's category (69 when the server is
    /// unavailable).
    public func syncOnce() async -> Int32 {
        await FriendlyMain.exitStatus(presenter: presenter, maximumAttempts: 2) {
            runs += 1
            try await work()
        }
    }
}
