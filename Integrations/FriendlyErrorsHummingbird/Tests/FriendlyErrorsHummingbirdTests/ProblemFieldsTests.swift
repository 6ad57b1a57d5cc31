@testable import ExampleServer
import FriendlyErrors
@testable import FriendlyErrorsHummingbird
import HTTPTypes
import Hummingbird
import Testing

/// The prepared fields of problem responses give every response exactly its own headers, in order.
@Suite struct ProblemFieldsTests {
    let pipeline = AlertPipeline().addingCatalog(shopCatalog)

    /// The fields made one by one from the response's headers, as without preparation.
    private func fieldByField(_ problem: ErrorResponse) -> HTTPFields {
        var fields = HTTPFields()
        for header in problem.headers { fields.append(HTTPField(name: HTTPField.Name(header.name)!, value: header.value)) }
        return fields
    }

    @Test func everyResponseGetsItsOwnHeadersInOrder() {
        let fields = ProblemFields(catalog: pipeline.catalog)
        let context = ClassificationContext(
            httpStatus: 429, responseHeaders: [ResponseHeader(name: "Retry-After", value: "30")])
        let problems = [
            pipeline.problemResponse(for: InsufficientFunds(missingCredits: 1), acceptLanguage: "ja"),
            pipeline.problemResponse(for: InsufficientFunds(missingCredits: 1), acceptLanguage: nil),
            pipeline.problemResponse(for: HTTPError(.tooManyRequests), acceptLanguage: "ja", context: context),
            pipeline.problemResponse(
                for: InsufficientFunds(missingCredits: 1), acceptLanguage: "ja", format: .plainText),
            // A response built by hand, with a language the catalog does not have.
            ErrorResponse(
                status: 400, headers: [.init(name: "Content-Type", value: ErrorResponse.contentType)], body: [],
                alert: pipeline.alert(for: InsufficientFunds(missingCredits: 1), in: "en")),
            ErrorResponse(
                alert: pipeline.alert(for: InsufficientFunds(missingCredits: 1), in: "en"), contentLanguage: "de"),
        ]
        for problem in problems {
            #expect(fields.fields(of: problem) == fieldByField(problem), "\(problem.headers)")
        }
        #expect(
            fields.fields(of: problems[2]).map(\.description) == [
                "Content-Type: application/problem+json", "Content-Language: ja", "Vary: Accept-Language",
                "Retry-After: 30",
            ])
    }
}
