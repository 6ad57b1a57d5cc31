import FriendlyErrors
import NIOHTTP1
import Vapor

/// What Vapor itself would answer an error with: the status and headers of an `AbortError`. The
/// middleware keeps these and replaces only the body.
struct FrameworkFacts {
    /// The framework's status for the error, when it is an `AbortError`.
    var status: Int?
    /// The error's headers, except those describing a body.
    var headers: [ResponseHeader] = []
    /// The response sent as is: an `AbortError` below 400 (a redirect), with its status and headers.
    var passThrough: Response?

    init(_ error: any Error) {
        guard let abort = error as? any AbortError else { return }
        let code = Int(abort.status.code)
        status = code
        if code < 400 {
            passThrough = Response(status: abort.status, headers: abort.headers)
            return
        }
        let fields = abort.headers
        guard !fields.isEmpty else { return }
        headers.reserveCapacity(fields.count)
        for (name, value) in fields where !Self.describesBody(name) {
            headers.append(ResponseHeader(name: name, value: value))
        }
    }

    /// Whether a header describes the error's own body, which the problem replaces.
    private static func describesBody(_ name: String) -> Bool {
        name.caseInsensitiveCompare("Content-Type") == .orderedSame
            || name.caseInsensitiveCompare("Content-Length") == .orderedSame
            || name.caseInsensitiveCompare("Content-Language") == .orderedSame
    }
}
