import Foundation
import FriendlyErrors
import HTTPTypes
import Hummingbird

/// An error that is not `HTTPError` but makes its own response, as hummingbird-auth's denials do.
struct NotAuthenticated: HTTPResponseError {
    var status: HTTPResponse.Status { .unauthorized }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: status, headers: [.wwwAuthenticate: #"Bearer realm="shop""#, .contentType: "text/plain"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: "internal: token store unreachable")))
    }
}

/// Values an observer saw, from any task.
final class Seen: @unchecked Sendable {
    // @unchecked: `stored` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var stored: [[String: String]] = []

    func add(_ value: [String: String]) { lock.withLock { stored.append(value) } }
    var values: [[String: String]] { lock.withLock { stored } }
}
