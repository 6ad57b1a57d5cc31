import FriendlyErrors
import HTTPTypes
import Hummingbird

/// Turns every error thrown below it — the app's, Hummingbird's own 404, anything — into an RFC 9457
/// problem+json response in the client's language, through the pipeline.
public struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    let pipeline: AlertPipeline
    let presenter: JSONPresenter

    public init(pipeline: AlertPipeline, presenter: JSONPresenter) {
        self.pipeline = pipeline
        self.presenter = presenter
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let acceptLanguage = request.headers[values: .acceptLanguage].joined(separator: ", ")
            let problem = pipeline.problemResponse(for: error, acceptLanguage: acceptLanguage, presenter: presenter)
            var headers = HTTPFields()
            for header in problem.headers {
                if let name = HTTPField.Name(header.name) { headers.append(HTTPField(name: name, value: header.value)) }
            }
            return Response(
                status: .init(code: problem.status), headers: headers,
                body: .init(byteBuffer: ByteBuffer(bytes: problem.body)))
        }
    }
}
