// README.md's samples use these names without defining them: they stand for the reader's own app
// and its frameworks. Stubs only — never the library's API.
import FriendlyErrors
import Logging
import Synchronization

/// The app's pipeline, set up once.
let pipeline = AlertPipeline()
/// The app's catalog, loaded once.
let catalog = TranslationCatalog.load(folder: "Localization")
/// Some error the app caught.
let error: any Error = PostgresError(message: "connection refused")

/// A database driver's error: a type the app did not write.
struct PostgresError: Error {
    var message: String
}

/// The app's own wrapper, adding context to the error it wraps.
struct RequestError: Error {
    var underlying: any Error
}

/// The app's logger: swift-log's, as a server's or a tool's is.
let logger = Logger(label: "app")

/// The app's configuration and the path it is read from.
struct Config {
    static func load(from path: String) throws -> Config { Config() }
}
let path = "/etc/tool.toml"

/// A tool's work and its arguments.
func sync(_ arguments: [String]) async throws {}
let arguments: [String] = []

/// The system's Trash.
enum Trash {
    static func empty() async throws {}
}

/// A test's captured output.
final class Transcript: Sendable {
    private let text = Mutex("")
    func append(_ part: String) { text.withLock { $0 += part } }
}
let captured = Transcript()

/// A web framework's request and response, as far as the samples use them (after swift-http-types'
/// `HTTPFields`).
struct HeaderName: Hashable, Sendable {
    static let acceptLanguage = HeaderName(name: "accept-language")
    static let contentLanguage = HeaderName(name: "content-language")
    let name: String
}
struct Headers: Sendable {
    private var values: [HeaderName: String] = [:]
    subscript(name: HeaderName) -> String? {
        get { values[name] }
        set { values[name] = newValue }
    }
}
struct Request: Sendable {
    var headers = Headers()
}
final class Response {
    var headers = Headers()
}
let request = Request()
/// The response being built, on the main actor like the script that builds it.
@MainActor let response = Response()
