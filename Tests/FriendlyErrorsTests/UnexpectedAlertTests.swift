import FriendlyErrors
import Testing

/// Only the pipeline's fallback makes an unexpected alert: no classifier and no hand-made alert can
/// pass itself off as one by taking its code.
struct UnexpectedAlertTests {
    /// A classifier of the app's own that answers with the fallback's code for its errors.
    struct ImpostorClassifier: ErrorClassifier {
        func classify(
            _ error: any Error, context: ClassificationContext, next: (any Error) -> Classification
        ) -> Classification {
            guard error is LeakyError else { return next(error) }
            return Classification(code: "unexpected", category: .unknown)
        }
    }

    let presenter = JSONPresenter(typeBaseURI: "https://errors.example.com/")

    @Test func errorNoClassifierKnowsMakesAnUnexpectedAlertWithAReference() {
        let alert = AlertPipeline().alert(for: LeakyError(), in: "en")
        #expect(alert.isUnexpected)
        #expect(alert.code == "unexpected")
        #expect(alert.referenceID != nil)
        #expect(presenter.type(for: alert) == "about:blank")
    }

    @Test func classifierTakingTheFallbackCodeIsNotUnexpected() {
        let pipeline = AlertPipeline().addingClassifier(ImpostorClassifier())
        let classification = pipeline.classify(LeakyError())
        #expect(classification.code == "unexpected")
        #expect(!classification.isUnexpected)
        #expect(classification.referenceID == nil)
        let alert = pipeline.alert(for: LeakyError(), in: "en")
        #expect(!alert.isUnexpected)
        #expect(alert.referenceID == nil)
        #expect(presenter.type(for: alert) == "https://errors.example.com/unexpected")
    }

    @Test func classifierPassingAnErrorOnKeepsTheFallbacksAnswer() {
        let alert = AlertPipeline().addingClassifier(ImpostorClassifier()).alert(for: UnclaimedError(), in: "en")
        #expect(alert.isUnexpected)
        #expect(alert.referenceID != nil)
    }

    @Test func handMadeAlertIsNeverUnexpected() {
        let alert = Alert(
            code: "unexpected", category: .unknown, title: "Something went wrong", message: "An error occurred.",
            referenceID: "7F3A-91C2", actions: [])
        #expect(!alert.isUnexpected)
        #expect(presenter.type(for: alert) == "https://errors.example.com/unexpected")
    }

    @Test func knownErrorIsNotUnexpected() {
        let alert = AlertPipeline().alert(for: InsufficientFunds(missingCredits: 1), in: "en")
        #expect(!alert.isUnexpected)
        #expect(alert.referenceID == nil)
    }

    /// An error no classifier knows, which the impostor does not claim either.
    struct UnclaimedError: Error {}
}
