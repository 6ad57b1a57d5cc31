import ArgumentParser
public import FriendlyErrors

/// Runs a command's body through the pipeline (`FriendlyMain`'s retry loop): what it throws is
/// presented on the console in the user's language, the chosen recovery runs, the body runs again
/// when the recovery asks, and the command ends with the status of the error's category
/// (sysexits.h), or the error's own (`ExitStatusProviding`), thrown as `ExitCode`.
///
/// ```swift
/// mutating func run() async throws {
///     try await withFriendlyErrors(console, pipeline: pipeline) { try await sync(path) }
/// }
/// ```
///
/// argument-parser's own errors (`ValidationError`, `ExitCode`, `CleanExit`, parse errors) are never
/// presented: they leave as they came, for the command's `main` to report as argument-parser does.
///
/// - Parameters:
///   - console: the console settings the command adopted as options (``ConsoleOptions``); `nil`
///     leaves every setting to the environment.
///   - pipeline: the pipeline that turns errors into alerts; by default the task's
///     (`AlertPresentationSystem.pipeline`).
///   - maximumAttempts: how many times `body` may run in all (at least 1).
///   - language: the languages to present in; by default the process's (`LANGUAGE`, `LC_ALL`, …).
///   - isolation: the actor `body` runs on: the caller's, which the caller need not pass.
///   - body: the command's work.
/// - Throws: argument-parser's own errors as `body` threw them, or `ExitCode` with the status of
///   the failure once it was presented.
public func withFriendlyErrors(
    _ console: ConsoleOptions? = nil,
    pipeline: AlertPipeline? = nil,
    maximumAttempts: Int = 3,
    in language: LanguagePreference = .process,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Void
) async throws {
    let pipeline = pipeline ?? AlertPresentationSystem.pipeline
    // Its labels come from each alert's own catalog and language.
    let presenter = console?.presenter ?? ConsolePresenter()
    var passedThrough: (any Error)?
    let status = await FriendlyMain.exitStatus(
        pipeline: pipeline, presenter: presenter, maximumAttempts: maximumAttempts, in: language, isolation: isolation
    ) {
        do {
            try await body()
        } catch  where ArgumentParserErrors.isOwn(error) {
            passedThrough = error
            throw ArgumentParserErrors.PassThrough()
        }
    }
    if let passedThrough { throw passedThrough }
    if status != 0 { throw ExitCode(status) }
}

/// Tells argument-parser's own errors from the app's.
enum ArgumentParserErrors {
    /// Whether argument-parser reports `error` itself: its public error types, and the parse errors
    /// it throws as types of its own module (`CommandError`, `ParserError`), which are internal.
    static func isOwn(_ error: any Error) -> Bool {
        if error is ValidationError || error is ExitCode || error is CleanExit { return true }
        return String(reflecting: type(of: error)).hasPrefix("ArgumentParser.")
    }

    /// Asks `FriendlyMain` to end without an alert, so that argument-parser can report the error it
    /// stands for.
    struct PassThrough: ExitStatusProviding {
        var exitStatus: Int32 { 0 }
        var isExitRequest: Bool { true }
    }
}
