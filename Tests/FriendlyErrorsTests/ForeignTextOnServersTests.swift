import Foundation
import FriendlyErrors
import Testing

/// Another library's `LocalizedError` text reaches a server response only for the types the app
/// listed, under the code the app gave; command-line alerts keep showing it by default.
struct ForeignTextOnServersTests {
    /// A framework's error whose description is technical, with a secret in its reason.
    struct RouteNotFound: LocalizedError {
        var errorDescription: String? { "RouteNotFound.404: Not Found /admin/\u{1B}]0;x\u{07}" }
        var failureReason: String? { "router table v2 (password=hunter2)" }
        var recoverySuggestion: String? { "Check Router.swift:42" }
    }

    /// A library whose texts were written for users.
    struct PaymentDeclined: LocalizedError {
        var errorDescription: String? { "Your card was declined." }
        var recoverySuggestion: String? { "Use another card." }
    }

    @Test func aServerResponseNeverShowsAnUnlistedForeignText() throws {
        let response = AlertPipeline().response(for: RouteNotFound(), to: ErrorRequest(acceptLanguage: "en"))
        let body = response.bodyText
        for secret in ["RouteNotFound", "404: Not Found", "hunter2", "Router.swift", "admin"] {
            #expect(!body.contains(secret), "\(secret) leaked")
        }
        #expect(body.contains(#""code":"unexpected""#))
        #expect(body.contains(#""referenceId":""#))
        #expect(response.status == 500)
    }

    @Test func aListedTypeIsShownOnServersUnderItsStableCode() throws {
        let pipeline = AlertPipeline().showingTexts(of: PaymentDeclined.self, code: "payment.declined")
        let body = pipeline.response(for: PaymentDeclined(), to: ErrorRequest(acceptLanguage: "en")).bodyText
        #expect(body.contains(#""detail":"Your card was declined.""#))
        #expect(body.contains(#""suggestion":"Use another card.""#))
        #expect(body.contains(#""code":"payment.declined""#))
        #expect(!body.contains("PaymentDeclined"))
        // Listing one type reveals no other.
        #expect(
            !pipeline.response(for: RouteNotFound(), to: ErrorRequest(acceptLanguage: "en")).bodyText.contains(
                "RouteNotFound"))
    }

    @Test func aTypeListedAfterTheChainWasBuiltIsShownOnServersWhateverCameBefore() {
        // Rules, an app classifier and other settings first; the listing last, so the server's chain is
        // rebuilt with the foreign link in it. A framework's client error status does not hide it either.
        struct PassingClassifier: ErrorClassifier {
            func classify(_ error: any Error, context: ClassificationContext, next: (any Error) -> Classification)
                -> Classification
            { next(error) }
        }
        let pipeline = AlertPipeline().registering(where: { _ in nil }).addingClassifier(PassingClassifier())
            .configured(.init(showsForeignLocalizedDescriptions: false))
            .showingTexts(of: PaymentDeclined.self, code: "payment.declined")
        let response = pipeline.response(
            for: PaymentDeclined(), to: ErrorRequest(acceptLanguage: "en", frameworkStatus: 402))
        #expect(response.alert.code == "payment.declined")
        #expect(response.alert.message == "Your card was declined.")
        #expect(response.status == 402)
        // Without the listing the same chain ends before the foreign link: the framework's status classifies it.
        let unlisted = AlertPipeline().registering(where: { _ in nil }).addingClassifier(PassingClassifier())
        let answer = unlisted.response(
            for: PaymentDeclined(), to: ErrorRequest(acceptLanguage: "en", frameworkStatus: 402))
        #expect(answer.alert.code == "http.402")
        #expect(!answer.bodyText.contains("declined"))
    }

    @Test func listingWinsOverTheSettingThatHidesForeignTexts() {
        let pipeline = AlertPipeline().configured(.init(showsForeignLocalizedDescriptions: false))
            .showingTexts(of: PaymentDeclined.self, code: "payment.declined")
        let alert = pipeline.alert(for: PaymentDeclined(), in: "en")
        #expect(alert.code == "payment.declined")
        #expect(alert.message == "Your card was declined.")
        #expect(pipeline.alert(for: RouteNotFound(), in: "en").code == "unexpected")
    }

    @Test func commandLineAlertsKeepShowingForeignTextsByDefault() {
        let alert = AlertPipeline().alert(for: PaymentDeclined(), in: "en")
        #expect(alert.message == "Your card was declined.")
        #expect(alert.suggestion == "Use another card.")
    }

    @Test func observersSeeTheReferenceIDTheServerResponseCarries() throws {
        let seen = Box<[String]>([])
        let pipeline = AlertPipeline().observing { event in
            if let id = event.classification.referenceID { seen.mutate { $0.append(id) } }
        }
        let body = pipeline.response(for: RouteNotFound(), to: ErrorRequest(acceptLanguage: "ja")).bodyText
        let id = try #require(seen.value.first)
        #expect(body.contains(#""referenceId":"\#(id)""#))
    }

    @Test func aContextForAServersClientKeepsForeignTextsOffAndSaysSo() {
        let pipeline = AlertPipeline()
        let forClient = ClassificationContext(audience: .serverClient, metadata: ["request.id": "1"])
        let classification = pipeline.classify(RouteNotFound(), context: forClient)
        #expect(classification.isUnexpected)
        let alert = pipeline.alert(for: RouteNotFound(), in: "en", context: forClient)
        #expect(!alert.message.contains("RouteNotFound"))
        #expect(pipeline.classify(RouteNotFound()).code != classification.code)
    }

    @Test func noContextAndAnEmptyContextClassifyAlike() {
        let pipeline = AlertPipeline()
        #expect(
            pipeline.classify(RouteNotFound()).code
                == pipeline.classify(RouteNotFound(), context: ClassificationContext(metadata: ["request.id": "1"]))
                .code)
        #expect(ClassificationContext().audience == .processUser)
    }

    /// A classifier of the app's own reads the audience from the context it is given.
    @Test func customClassifiersSeeTheAudience() {
        struct AudienceClassifier: ErrorClassifier {
            func classify(
                _ error: any Error, context: ClassificationContext, next: (any Error) -> Classification
            ) -> Classification {
                let audience = context.audience == .serverClient ? "serverClient" : "processUser"
                return Classification(code: "seen.\(audience)", category: .internal)
            }
        }
        let pipeline = AlertPipeline().addingClassifier(AudienceClassifier())
        #expect(pipeline.classify(RouteNotFound()).code == "seen.processUser")
        let response = pipeline.response(for: RouteNotFound(), to: ErrorRequest())
        #expect(response.alert.code == "seen.serverClient")
    }
}
