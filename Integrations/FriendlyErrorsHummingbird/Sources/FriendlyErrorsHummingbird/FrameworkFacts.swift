import FriendlyErrors
import HTTPTypes
import Hummingbird

/// What Hummingbird itself would answer an error with: its status and headers, and the text of an
/// `HTTPError`. The middleware keeps these and replaces only the body.
struct FrameworkFacts {
    /// The framework's status for the error, when it is an `HTTPResponseError`.
    var status: Int?
    /// The headers of the framework's own response, except those describing its body.
    var headers: [ResponseHeader] = []
    /// An `HTTPError`'s message.
    var message: String?
    /// The framework's own response, when it is not an error (below 400: a redirect) and is sent as is.
    var passThrough: Response?

    init(_ error: any Error, request: Request, context: some RequestContext) {
        if let httpError = error as? HTTPError, httpError.status.code >= 400 {
            // The common case, read directly: asking for its response would encode a JSON body only to drop it.
            status = Int(httpError.status.code)
            headers = Self.headers(httpError.headers)
            message = httpError.body
            return
        }
        guard let responseError = error as? any HTTPResponseError else { return }
        guard let response = try? responseError.response(from: request, context: context) else {
            status = Int(responseError.status.code)
            if responseError.status.code < 400 { passThrough = Response(status: responseError.status) }
            return
        }
        status = Int(response.status.code)
        if response.status.code < 400 {
            passThrough = response
            return
        }
        headers = Self.headers(response.headers)
    }

    /// The fields as the core's cleaned headers.
    private static func headers(_ fields: HTTPFields) -> [ResponseHeader] {
        fields.map { ResponseHeader(name: $0.name.rawName, value: $0.value) }
    }
}
