import FriendlyErrors
import PhotoLibrary

// What the README's tool leaves to the reader: its pipeline, its arguments and its work.

/// The tool's pipeline.
let pipeline = AlertPipeline()

/// The command line after the tool's name.
let arguments = Array(CommandLine.arguments.dropFirst())

/// Syncs the photos; `--server-down` makes the server unavailable, so the tool exits with 69.
func sync(_ arguments: [String]) async throws {
    if arguments.contains("--server-down") {
        throw PhotoError.serverUnavailable(host: "photos.example.com")
    }
    print("Synced 3 photos.")
}
