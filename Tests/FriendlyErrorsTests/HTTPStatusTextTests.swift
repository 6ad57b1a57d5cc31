import Testing

@testable import FriendlyErrors

/// An error no classifier knows, answered by a framework with a client error status, says what the
/// status is: `http.<status>.title` and `.message` come before the category's generic texts.
@Suite struct HTTPStatusTextTests {
    /// The client error statuses a framework really answers with; each has texts in every language.
    static let statuses = [
        400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 421, 422, 423,
        424, 425, 426, 428, 429, 431, 451,
    ]

    /// The alert for an unknown error the framework answered with `status`, in `language`.
    private func alert(status: Int, language: String) -> Alert {
        let pipeline = AlertPipeline()
        let classification = pipeline.classify(LeakyError(), context: ClassificationContext(frameworkStatus: status))
        return pipeline.alert(localizing: classification, in: .acceptLanguage(language))
    }

    @Test func methodNotAllowedSaysSoInEnglishAndJapanese() {
        let english = alert(status: 405, language: "en")
        #expect(english.code == "http.405")
        #expect(english.httpStatus == 405)
        #expect(english.title == "Method not allowed")
        #expect(english.message == "This address doesn’t accept this kind of request.")
        let japanese = alert(status: 405, language: "ja")
        #expect(japanese.language == "ja")
        #expect(japanese.title == "メソッドが許可されていません")
        #expect(japanese.message == "このアドレスでは、この種類のリクエストは受け付けていません。")
        for alert in [english, japanese] {
            #expect(alert.category == .invalidInput, "the method was wrong, the address was found")
            #expect(!alert.title.contains("Not found") && !alert.title.contains("見つかりません"))
        }
    }

    @Test func tooLargeAndGoneSayWhatTheyAre() {
        let tooLarge = alert(status: 413, language: "en")
        #expect(tooLarge.title == "Request too large")
        #expect(tooLarge.message == "The data sent is too large.")
        #expect(tooLarge.category == .invalidInput)
        let gone = alert(status: 410, language: "de")
        #expect(gone.title == "Nicht mehr verfügbar")
        #expect(gone.message == "Das angeforderte Element ist nicht mehr verfügbar.")
        #expect(gone.category == .notFound)
    }

    @Test func aStatusWithoutTextsOfItsOwnTakesItsCategorysTexts() {
        // 418 is no status a framework answers with: the generic texts of invalid input.
        let teapot = alert(status: 418, language: "fr")
        #expect(teapot.code == "http.418")
        #expect(teapot.title == "Saisie non valide")
        #expect(teapot.message == "Certaines des informations fournies ne sont pas valides.")
    }

    @Test func theFrameworksOwnMessageStillWinsOverTheStatusText() {
        let pipeline = AlertPipeline()
        let classification = pipeline.classify(
            LeakyError(),
            context: ClassificationContext(frameworkStatus: 405, frameworkMessage: "Use POST for /orders."))
        let alert = pipeline.alert(localizing: classification, in: .acceptLanguage("ja"))
        #expect(alert.title == "メソッドが許可されていません")
        #expect(alert.message == "Use POST for /orders.")
    }

    @Test func statusesMapToTheCategoryOfTheirFailure() {
        let expected: [Int: ErrorCategory] = [
            400: .invalidInput, 401: .unauthenticated, 403: .permissionDenied, 404: .notFound,
            405: .invalidInput, 407: .unauthenticated, 408: .timeout, 409: .conflict, 410: .notFound,
            412: .conflict, 413: .invalidInput, 415: .invalidInput, 422: .invalidData, 423: .conflict,
            429: .rateLimited, 451: .permissionDenied, 499: .cancelled, 500: .internal, 503: .unavailable,
            504: .timeout, 507: .insufficientStorage,
        ]
        for (status, category) in expected {
            #expect(ErrorCategory.forHTTPStatus(status) == category, "\(status)")
        }
    }

    @Test func everyClientErrorStatusHasATitleAndMessageInEveryLanguage() {
        let catalog = TranslationCatalog.builtIn
        #expect(catalog.languages.count == 9)
        for language in catalog.languages {
            for status in Self.statuses {
                for field in ["title", "message"] {
                    let key = "http.\(status).\(field)"
                    #expect(catalog.tables[language]?[key] != nil, "\(language): \(key)")
                }
            }
        }
    }

    /// The field problems of a request's validation (Vapor's validators, and any integration's):
    /// their texts are the core's, so the generator, `lint` and the catalog tests see them.
    @Test func validationTextsAreBuiltInInEveryLanguage() {
        let problems = [
            "failed", "required", "null", "type", "invalid", "email", "url", "pattern", "characters", "notAllowed",
            "empty", "mustBeEmpty", "mustBeNull", "range.tooSmall", "range.tooLarge", "count.tooShort",
            "count.tooLong", "count.tooFew", "count.tooMany",
        ]
        let catalog = TranslationCatalog.builtIn
        for language in catalog.languages {
            for problem in problems {
                let key = "validation.\(problem).message"
                #expect(catalog.tables[language]?[key] != nil, "\(language): \(key)")
            }
        }
    }
}
