import ArgumentParser
import FriendlyErrorsArgumentParser
import Testing

// Imports only the integration: `FriendlyErrors` comes with it.
/// argument-parser's own errors leave `withFriendlyErrors` as they came; the app's become an
/// `ExitCode` with the status of the presented alert.
@Suite
struct PassThroughTests {
    struct Broken: Error {}

    /// Runs `body` through `withFriendlyErrors` and answers what it threw.
    private func thrown(by body: () async throws -> Void) async -> (any Error)? {
        do {
            let options = try ConsoleOptions.parse(["--interactive", "never", "--color", "never"])
            try await AlertPresentationSystem.withPresenter(SilentPresenter()) {
                try await withFriendlyErrors(options, body)
            }
            return nil
        } catch {
            return error
        }
    }

    @Test func aCleanExitPassesThrough() async {
        let error = await thrown { throw CleanExit.message("Nothing to do.") }
        #expect((error as? CleanExit)?.description == "Nothing to do.")
    }

    @Test func anExitCodePassesThrough() async {
        let error = await thrown { throw ExitCode(7) }
        #expect(error as? ExitCode == ExitCode(7))
    }

    @Test func aValidationErrorPassesThrough() async {
        let error = await thrown { throw ValidationError("Bad value.") }
        #expect((error as? ValidationError)?.message == "Bad value.")
    }

    @Test func aParseErrorPassesThrough() async {
        struct Inner: ParsableCommand {
            @Argument var value: Int
        }
        let error = await thrown { _ = try Inner.parse(["not-a-number"]) }
        #expect(error != nil)
        #expect(Inner.exitCode(for: error!) == .validationFailure)
        #expect(Inner.message(for: error!).hasPrefix("The value 'not-a-number' is invalid for '<value>'"))
    }

    @Test func theAppsErrorEndsWithItsCategorysStatus() async {
        let error = await thrown { throw Broken() }
        // An unknown error: the generic alert, status 1.
        #expect(error as? ExitCode == ExitCode(1))
    }

    @Test func successThrowsNothing() async {
        let error = await thrown {}
        #expect(error == nil)
    }

    @Test func theOptionsMapToThePresenters() throws {
        // A presenter is configured by its initializer (issue 46): the options are what it is given.
        let automatic = try ConsoleOptions.parse([])
        #expect(automatic.color == .auto && automatic.width == nil && automatic.interactive == .auto && !automatic.plain)
        _ = automatic.presenter
        let pinned = try ConsoleOptions.parse(["--color", "never", "--width", "40", "--interactive", "always", "--plain"])
        #expect(pinned.color == .never && pinned.width == 40 && pinned.interactive == .always && pinned.plain)
        _ = pinned.presenter
    }
}

/// A presenter that shows nothing and chooses nothing.
struct SilentPresenter: AlertPresenter {
    func present(_ alert: Alert) async -> String? { nil }
}
