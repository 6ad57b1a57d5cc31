import FriendlyErrors
import Testing

/// Field problems are localized onto the alert like the other texts and written as problem+json's
/// `errors`.
@Suite struct FieldProblemTests {
    let pipeline = AlertPipeline().addingCatalog(orderCatalog)

    @Test func fieldProblemsAreLocalizedInTheAlertsLanguage() {
        let alert = pipeline.alert(for: InvalidOrder(), in: "ja")
        #expect(
            alert.fieldProblems == [
                FieldProblem(
                    "/items/2/price", code: "order.price.negative", message: .verbatim("価格は0以上でなければなりません。")),
                FieldProblem(
                    "#/customer/email", code: "order.email.missing", message: .verbatim("Enter an email address.")),
                FieldProblem("coupon", code: "order.coupon.unknown", message: .verbatim("このクーポンは存在しません。")),
            ])
    }

    @Test func problemWithoutAnyTextTakesTheCategorysGenericMessage() {
        let classification = Classification(
            code: "form.invalid", category: .invalidData, fieldProblems: [FieldProblem("name", code: "form.name.bad")])
        let alert = AlertPipeline().alert(localizing: classification, in: "en")
        let generic = AlertPipeline().alert(localizing: Classification(code: "x", category: .invalidData), in: "en")
        #expect(alert.fieldProblems.map(\.message) == [generic.message])
        #expect(!alert.fieldProblems[0].message.contains("form.name.bad"))
    }

    @Test func problemJSONListsThemAsErrors() {
        let body = pipeline.response(for: InvalidOrder(), to: ErrorRequest(acceptLanguage: "en")).bodyText
        let expected: String = [
            ##""errors":[{"pointer":"#/items/2/price","code":"order.price.negative","##,
            ##""detail":"The price must be 0 or more."},"##,
            ##"{"pointer":"#/customer/email","code":"order.email.missing","detail":"Enter an email address."},"##,
            ##"{"field":"coupon","code":"order.coupon.unknown","detail":"This coupon does not exist."}],"##,
            ##""language":"en"}"##,
        ].joined()
        #expect(body.contains(expected))
    }

    @Test func errorsBeyondTheLimitAreLeftOut() {
        let presenter = JSONPresenter(limits: .init(maximumFieldProblems: 1))
        let alert = pipeline.alert(for: InvalidOrder(), in: "en")
        let body = String(decoding: presenter.body(for: alert), as: UTF8.self)
        #expect(body.contains(##""errors":[{"pointer":"#/items/2/price""##))
        #expect(!body.contains("coupon"))
    }

    @Test func noErrorsMemberWithoutProblems() {
        let body = pipeline.response(for: TooManyRequests(seconds: 1), to: ErrorRequest(acceptLanguage: "en")).bodyText
        #expect(!body.contains("errors"))
    }

    @Test func aPointerIsToldFromAFieldName() {
        #expect(FieldProblem("/a/0", code: "c").isPointer)
        #expect(FieldProblem("#/a", code: "c").isPointer)
        #expect(FieldProblem("", code: "c").isPointer)
        #expect(!FieldProblem("limit", code: "c").isPointer)
        #expect(FieldProblem("/a~1b", code: "c", message: .verbatim("m")).pointerFragment == "#/a~1b")
        #expect(FieldProblem("limit", code: "c", message: .verbatim("m")).pointerFragment == nil)
    }

    @Test func aRuleCanGiveFieldProblems() {
        let pipeline = AlertPipeline().registering(FrameworkHTTPError.self) { _ in
            Classification(
                code: "query.invalid", category: .invalidInput,
                fieldProblems: [
                    FieldProblem("limit", code: "query.limit.notANumber", message: "Enter a whole number.")
                ])
        }
        let alert = pipeline.alert(for: FrameworkHTTPError(statusCode: 400), in: "en")
        #expect(alert.fieldProblems.map(\.message) == ["Enter a whole number."])
    }
}
