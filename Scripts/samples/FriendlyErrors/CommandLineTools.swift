// CommandLineTools.md's samples use these names without defining them: they stand for the reader's
// own tool. Stubs only — never the library's API.
import FriendlyErrors
import Synchronization

/// A test's captured output.
final class Transcript: Sendable {
    private let text = Mutex("")
    func append(_ part: String) { text.withLock { $0 += part } }
}
let captured = Transcript()
