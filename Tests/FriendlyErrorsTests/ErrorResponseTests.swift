import Foundation
import FriendlyErrors
import FriendlyErrorsAdapters
import Testing

/// The framework-neutral HTTP response: status, headers and body for an error and a request.
@Suite struct ErrorResponseTests {
    /// Accept-Language headers a hostile or broken client may send.
    static let hostileAcceptLanguages: [String?] = [
        nil, "", "ja", "ja-JP;q=1", "xx-EVIL\r\nSet-Cookie: a", "en\r\n\r\n<html>", "ja\u{0}", "\u{0}\u{0}",
        "fr;q=0.5\nX-Injected: 1", String(repeating: "ja-JP-x-", count: 5_000), "*", "en;q=0, ja;q=0",
        "\u{2028}ja\u{85}", "ja\u{D}", "zh-Hant-TW\r",
        String(decoding: [0x6A, 0x61, 0xFF, 0xFE, 0x0D, 0x0A], as: UTF8.self),
    ]

    /// Errors whose texts hold everything a header must not.
    static let hostileErrors: [any Error] = [
        InsufficientFunds(missingCredits: 1), LeakyError(), FrameworkHTTPError(statusCode: 404),
        FrameworkHTTPError(statusCode: 200), CRLFError(), CocoaError(.fileNoSuchFile), URLError(.timedOut),
    ]

    struct CRLFError: FriendlyError {
        var code: String { "evil\r\nSet-Cookie: a=b\u{0}" }
        var title: LocalizableText { "Title\r\nX-Evil: 1" }
        var message: LocalizableText { "Message\r\n\r\n<script>" }
        var category: ErrorCategory { ErrorCategory("bad\r\nname", httpStatus: 1000, exitStatus: 1) }
    }

    @Test func responseHasTheStatusContentTypeContentLanguageAndVary() {
        let response = serverPipeline.response(
            for: InsufficientFunds(missingCredits: 2), to: ErrorRequest(acceptLanguage: "ja"))
        #expect(response.status == 402)
        #expect(
            response.headers == [
                .init(name: "Content-Type", value: "application/problem+json"),
                .init(name: "Content-Language", value: "ja"),
                .init(name: "Vary", value: "Accept, Accept-Language"),
            ])
        #expect(response.value(forHeader: "content-type") == ErrorResponse.contentType)
        #expect(response.bodyText.contains(#""title":"残高が不足しています""#))
        #expect(response.bodyText.contains(#""status":402"#))
    }

    @Test func contentTypeHasNoCharsetParameter() {
        #expect(ErrorResponse.contentType == "application/problem+json")
    }

    @Test(arguments: [
        ("xx-EVIL\r\nSet-Cookie: a", "en"), ("ja", "ja"), ("ja-JP", "ja"), ("JA-jp;q=0.9", "ja"),
        // The app ships English and Japanese: built-in French, Chinese and Portuguese are not offered.
        ("fr-CH, fr;q=0.9", "en"), ("zh-TW", "en"), ("pt-PT", "en"), ("zz", "en"), ("*", "en"),
        ("", "en"), ("en;q=0, ja;q=0.1", "ja"), ("x-private-use", "en"),
    ])
    func contentLanguageIsTheCatalogsLanguageNeverTheRequests(header: String, expected: String) {
        let response = serverPipeline.response(
            for: InsufficientFunds(missingCredits: 2), to: ErrorRequest(acceptLanguage: header))
        #expect(response.value(forHeader: "Content-Language") == expected)
        #expect(serverPipeline.catalog.languages.contains(expected))
    }

    @Test(arguments: [
        ("fr-CH, fr;q=0.9", "fr"), ("zh-TW", "zh-Hant"), ("pt-PT", "pt-BR"), ("ko", "ko"), ("zz", "en"),
    ])
    func withoutAnAppCatalogEveryBuiltInLanguageIsOffered(header: String, expected: String) {
        let response = AlertPipeline().response(
            for: CocoaError(.fileNoSuchFile), to: ErrorRequest(acceptLanguage: header))
        #expect(response.value(forHeader: "Content-Language") == expected)
    }

    @Test func everyContentLanguageIsOneOfTheCatalogsWhateverTheRequest() {
        for header in Self.hostileAcceptLanguages {
            let response = serverPipeline.response(for: LeakyError(), to: ErrorRequest(acceptLanguage: header))
            let language = response.value(forHeader: "Content-Language") ?? "missing"
            #expect(serverPipeline.catalog.languages.contains(language), "\(String(reflecting: header))")
        }
    }

    @Test func noHeaderEverHoldsCRLFOrNULWhateverTheErrorOrRequest() {
        for error in Self.hostileErrors {
            for header in Self.hostileAcceptLanguages {
                let response = serverPipeline.response(for: error, to: ErrorRequest(acceptLanguage: header))
                for field in response.headers {
                    let bytes = Array(field.name.utf8) + Array(field.value.utf8)
                    #expect(!bytes.contains(0x0D) && !bytes.contains(0x0A) && !bytes.contains(0x00))
                    #expect(bytes.allSatisfy { $0 == 0x09 || (0x20...0x7E).contains($0) })
                }
                #expect((400...599).contains(response.status))
            }
        }
    }

    @Test func headerCleansNameAndValue() {
        let header = ResponseHeader(name: "X-Bad\r\nName: 1", value: "  a\r\nSet-Cookie: b\u{0}é\t ")
        #expect(header.name == "X-BadName1")
        #expect(header.value == "aSet-Cookie: b")
    }

    @Test func catalogLanguageThatIsNoLanguageTagIsNotSentAsContentLanguage() {
        let catalog = TranslationCatalog(baseLanguage: "en\r\nSet-Cookie: a", strings: [:])
        let pipeline = AlertPipeline(catalog: catalog)
        let response = pipeline.response(for: LeakyError(), to: ErrorRequest(acceptLanguage: "en"))
        #expect(response.value(forHeader: "Content-Language") == nil)
        #expect(response.headers.map(\.name) == ["Content-Type", "Vary"])
    }

    @Test func statusIsAlwaysBetween400And599() {
        #expect(ErrorResponse(status: 200, headers: [], body: [], alert: sampleAlert).status == 500)
        #expect(ErrorResponse(status: 404, headers: [], body: [], alert: sampleAlert).status == 404)
        for status in [-1, 0, 200, 399, 600, 1000] {
            let response = serverPipeline.response(for: FrameworkHTTPError(statusCode: status), to: ErrorRequest())
            #expect(response.status == 400)
        }
    }

    @Test func frameworkStatusIsKept() {
        #expect(
            serverPipeline.response(for: FrameworkHTTPError(statusCode: 404), to: ErrorRequest()).status == 404)
        #expect(
            serverPipeline.response(for: FrameworkHTTPError(statusCode: 451), to: ErrorRequest()).status == 451)
    }

    @Test func bodyStatusEqualsResponseStatus() {
        for error in Self.hostileErrors {
            let response = serverPipeline.response(for: error, to: ErrorRequest(acceptLanguage: "ja"))
            #expect(response.bodyText.contains(#""status":\#(response.status),"#))
        }
    }

    @Test func unknownErrorsTextAppearsInNoBodyInAnyLanguage() {
        for header in Self.hostileAcceptLanguages {
            let response = AlertPipeline().response(for: LeakyError(), to: ErrorRequest(acceptLanguage: header))
            #expect(!response.bodyText.contains(LeakyError.secret))
            #expect(!response.bodyText.contains("admin"))
            #expect(!response.bodyText.contains("LeakyError"))
            #expect(!response.bodyText.contains("debugDetail"))
            #expect(response.status == 500)
        }
    }

    @Test func databaseErrorWithCredentialsAppearsInNoBody() {
        let body = AlertPipeline().response(for: DatabaseFailure(), to: ErrorRequest(acceptLanguage: "en")).bodyText
        for secret in ["hunter2", "postgres", "SELECT", "db.internal"] { #expect(!body.contains(secret)) }
    }

    @Test func logsCanBeJoinedToResponsesByReferenceId() throws {
        let logged = LockedLines()
        let pipeline = AlertPipeline().observing { event in
            logged.append("\(event.classification.referenceID ?? "-") \(event.error)")
        }
        let response = pipeline.response(for: LeakyError(), to: ErrorRequest(acceptLanguage: "en"))
        let referenceID = try #require(response.alert.referenceID)
        #expect(response.bodyText.contains(#""referenceId":"\#(referenceID)""#))
        #expect(logged.all == ["\(referenceID) \(LeakyError())"], "the log has the full error and the same ID")
    }

    @Test func debugDetailAppearsOnlyWhenThePipelineOptsIn() {
        let quiet = AlertPipeline().response(for: LeakyError(), to: ErrorRequest())
        #expect(!quiet.bodyText.contains("debugDetail"))

        let verbose = AlertPipeline(configuration: .init(includesDebugDetails: true))
            .response(for: LeakyError(), to: ErrorRequest())
        #expect(verbose.bodyText.contains(#""debugDetail":"LeakyError(password: \#(LeakyError.secret))""#))
    }

    @Test func alertMadeFirstCarriesDebugDetailOnlyFromAPipelineThatOptsIn() {
        let alert = AlertPipeline().alert(for: LeakyError(), in: .base)
        let response = ErrorResponse(alert: alert, contentLanguage: alert.language, writer: JSONPresenter())
        #expect(!response.bodyText.contains(LeakyError.secret))
        #expect(response.value(forHeader: "Content-Language") == "en")
        let optedIn = AlertPipeline(configuration: .init(includesDebugDetails: true))
        let verbose = optedIn.alert(for: LeakyError(), in: .base)
        #expect(
            ErrorResponse(alert: verbose, contentLanguage: "en", writer: JSONPresenter()).bodyText.contains(
                LeakyError.secret))
    }

    @Test func contentLanguageThatIsNotALanguageTagIsLeftOut() {
        var alert = sampleAlert
        alert.language = "xx\r\nSet-Cookie: a"
        let response = ErrorResponse(alert: alert, contentLanguage: alert.language, writer: JSONPresenter())
        #expect(response.value(forHeader: "Content-Language") == nil)
        #expect(response.headers.map(\.name) == ["Content-Type", "Vary"])
    }

    @Test func presenterSettingsShapeTheBody() {
        let presenter = JSONPresenter(typeBaseURI: "https://errors.example.com/")
        let response = serverPipeline.response(
            for: InsufficientFunds(missingCredits: 2), to: ErrorRequest(), writers: [presenter])
        #expect(response.bodyText.hasPrefix(#"{"type":"https://errors.example.com/account/insufficient-funds","#))
        #expect(response.bodyText.contains(#""instance":"urn:uuid:"#))
    }

    private var sampleAlert: Alert {
        Alert(code: "sample", category: .conflict, title: "Conflict", message: "It changed.", actions: [])
    }
}
