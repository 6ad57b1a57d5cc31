import Foundation
import FriendlyErrorsAdapters
import Testing

@testable import FriendlyErrors

/// The server flow without a body (``AlertPipeline/serverAlert(for:to:)``), for media such as gRPC.
@Suite struct ServerAlertTests {
    struct Secret: Error { var password = "hunter2" }

    @Test func theSameAlertAsTheResponseInTheClientsLanguageAndTheBaseLanguage() {
        let request = ErrorRequest(method: "POST", acceptLanguage: "ja")
        let answer = AlertPipeline().serverAlert(for: CatalogNotFound(), to: request)
        let response = AlertPipeline().response(for: CatalogNotFound(), to: request)
        #expect(answer.alert == response.alert)
        #expect(answer.alert.language == "ja")
        #expect(answer.baseLanguageAlert.language == "en")
        #expect(answer.baseLanguageAlert.code == answer.alert.code)
        #expect(answer.baseLanguageAlert.message != answer.alert.message)
    }

    @Test func anUnknownErrorKeepsOneReferenceIDInBothLanguagesAndTheEvent() throws {
        let seen = Box<[String]>([])
        let pipeline = AlertPipeline().observing { event in
            seen.mutate { $0.append(event.classification.referenceID ?? "-") }
        }
        let answer = pipeline.serverAlert(for: Secret(), to: ErrorRequest(acceptLanguage: "de"))
        let reference = try #require(answer.alert.referenceID)
        #expect(answer.baseLanguageAlert.referenceID == reference)
        #expect(answer.event.classification.referenceID == reference)
        #expect(seen.value == [reference])
        #expect(answer.event.logMessage == "Request failed: unexpected")
        #expect(!answer.alert.message.contains("hunter2") && !answer.baseLanguageAlert.message.contains("hunter2"))
    }

    @Test func theBaseLanguageAlertIsTheAlertWhenNoOtherLanguageIsAsked() {
        let answer = AlertPipeline().serverAlert(for: Secret(), to: ErrorRequest())
        #expect(answer.alert == answer.baseLanguageAlert)
    }

    @Test func theFrameworksStatusWins() {
        let answer = AlertPipeline().serverAlert(for: Secret(), to: ErrorRequest(frameworkStatus: 404))
        #expect(answer.alert.code == "http.404")
        #expect(answer.alert.httpStatus == 404)
    }

    /// An error whose message the built-in catalog translates in every language.
    struct CatalogNotFound: FriendlyError {
        var code: String { "storage.missing" }
        var message: LocalizableText { LocalizableText(key: "http.404.message", default: "Not found.") }
        var category: ErrorCategory { .notFound }
    }
}
