import Foundation
import FriendlyErrors
import FriendlyErrorsAdapters
import Testing

/// Headers an error asks for travel from the error or the framework through the classification and
/// the alert into the response, cleaned.
@Suite struct ResponseHeaderTests {
    @Test func rateLimitedErrorAnswers429WithRetryAfter() {
        let response = serverPipeline.response(
            for: TooManyRequests(seconds: 30), to: ErrorRequest(acceptLanguage: "en"))
        #expect(response.status == 429)
        #expect(
            response.headers == [
                .init(name: "Content-Type", value: "application/problem+json"),
                .init(name: "Content-Language", value: "en"),
                .init(name: "Vary", value: "Accept, Accept-Language"),
                .init(name: "Retry-After", value: "30"),
            ])
    }

    @Test func headersAreCleanedOfLineBreaksAndNul() {
        let header = ResponseHeader.wwwAuthenticate("Bearer realm=\"api\"\r\nSet-Cookie: a=b\u{0}")
        #expect(header.name == "WWW-Authenticate")
        #expect(header.value == "Bearer realm=\"api\"Set-Cookie: a=b")
        #expect(ResponseHeader(name: "Allow\r\nX: 1", value: "GET").name == "AllowX1")
    }

    @Test func cleanHeadersAreKeptAndOthersCleanedAndTrimmed() {
        #expect(ResponseHeader(name: "X-Trace", value: "a\tb c").value == "a\tb c")
        #expect(ResponseHeader(name: "X-Trace", value: " \ta b\t ").value == "a b")
        #expect(ResponseHeader(name: "X-Trace", value: "caf\u{E9} ").value == "caf")
        #expect(ResponseHeader(name: "X-Trace", value: "   ").value == "")
        #expect(ResponseHeader(name: "X-Trace", value: "").value == "")
        #expect(ResponseHeader(name: "X-Tr\u{E9}ce", value: "a").name == "X-Trce")
        #expect(ResponseHeader(name: "", value: "a").name == "")
    }

    @Test func namesCompareCaseInsensitivelyWhateverTheirLength() {
        let vary = ResponseHeader(name: "Vary", value: "Origin")
        #expect(vary.hasName("Vary"))
        #expect(vary.hasName("vARY"))
        #expect(!vary.hasName("Very"))
        #expect(!vary.hasName("Var"))
        #expect(!vary.hasName("Varys"))
        #expect(ResponseHeader(name: "", value: "a").hasName(""))
    }

    @Test func helpersWriteTheStandardValues() {
        #expect(ResponseHeader.allow(["GET", "HEAD"]).description == "Allow: GET, HEAD")
        #expect(ResponseHeader.location("/orders/7").description == "Location: /orders/7")
        #expect(ResponseHeader.retryAfter(seconds: -5).value == "0")
        #expect(
            ResponseHeader.retryAfter(Date(timeIntervalSince1970: 1_445_412_480)).value
                == "Wed, 21 Oct 2015 07:28:00 GMT")
        #expect(ResponseHeader.retryAfter(Date(timeIntervalSince1970: 0)).value == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(
            ResponseHeader.retryAfter(Date(timeIntervalSince1970: 951_782_400)).value
                == "Tue, 29 Feb 2000 00:00:00 GMT")
    }

    @Test func frameworkStatusAndHeadersWinAndReachTheResponse() {
        let response = serverPipeline.response(
            for: FrameworkHTTPError(statusCode: 400),
            to: ErrorRequest(
                frameworkStatus: 405,
                frameworkHeaders: [.allow(["GET"]), ResponseHeader(name: "Vary", value: "Origin")]))
        #expect(response.status == 405)
        #expect(response.value(forHeader: "Allow") == "GET")
        #expect(response.value(forHeader: "Vary") == "Accept, Accept-Language, Origin")
        #expect(response.headers.filter { $0.hasName("vary") }.count == 1)
    }

    @Test func unknownErrorWithAFrameworkClientStatusIsClassifiedByTheStatus() {
        let classification = AlertPipeline().classify(
            LeakyError(), context: ClassificationContext(frameworkStatus: 413))
        #expect(classification.code == "http.413")
        #expect(classification.category == .invalidInput)
        #expect(classification.httpStatus == 413)
        #expect(!classification.isUnexpected)
        #expect(classification.referenceID == nil)
    }

    @Test func unknownErrorWithAFrameworkServerStatusStaysUnexpectedWithItsStatus() {
        let classification = AlertPipeline().classify(
            LeakyError(), context: ClassificationContext(frameworkStatus: 503))
        #expect(classification.isUnexpected)
        #expect(classification.referenceID != nil)
        #expect(AlertPipeline().alert(localizing: classification, in: "en").httpStatus == 503)
    }

    @Test func headersThatDescribeTheBodyAreNotCopied() {
        var alert = serverPipeline.alert(for: TooManyRequests(seconds: 1), in: "en")
        alert.responseHeaders += [
            ResponseHeader(name: "Content-Type", value: "text/html"),
            ResponseHeader(name: "content-length", value: "999"),
        ]
        let response = ErrorResponse(alert: alert, contentLanguage: alert.language, writer: JSONPresenter())
        #expect(response.headers.map(\.name) == ["Content-Type", "Content-Language", "Vary", "Retry-After"])
        #expect(response.value(forHeader: "Content-Type") == "application/problem+json")
    }

    @Test func plainTextIsChosenOnlyWhenTheClientPrefersIt() {
        func type(_ accept: String?) -> String? {
            serverPipeline.response(for: TooManyRequests(seconds: 1), to: ErrorRequest(accept: accept))
                .value(forHeader: "Content-Type")
        }
        let (json, page, text) = ("application/problem+json", "text/html; charset=utf-8", "text/plain; charset=utf-8")
        #expect(type(nil) == json)
        #expect(type("text/plain") == text)
        #expect(type("text/plain;q=0.5, application/json") == json)
        #expect(type("application/json;q=0.5, text/plain") == text)
        #expect(type("*/*") == json)
        #expect(type("text/plain, */*") == text)
        #expect(type("text/html") == page)
        #expect(type(String(repeating: "text/plain;q=0,", count: 10_000)) == json)
    }

    @Test func plainTextResponseIsThePlainConsoleLayout() {
        let response = serverPipeline.addingCatalog(orderCatalog).response(
            for: InvalidOrder(), to: ErrorRequest(acceptLanguage: "ja", accept: "text/plain"))
        #expect(response.status == 422)
        #expect(response.value(forHeader: "Content-Type") == "text/plain; charset=utf-8")
        #expect(
            response.bodyText == """
                エラー: 注文が無効です
                詳細: 注文に3件の問題があります。
                - /items/2/price: 価格は0以上でなければなりません。
                - #/customer/email: Enter an email address.
                - coupon: このクーポンは存在しません。

                """)
    }
}

extension ResponseHeaderTests {
    @Test func frameworkMessageIsUsedOnlyForAnErrorClassifiedByTheFrameworksStatus() {
        let context = ClassificationContext(frameworkStatus: 400, frameworkMessage: "Bad 100% \r\nvalue")
        #expect(AlertPipeline().alert(for: LeakyError(), in: "en", context: context).message == "Bad 100% \r\nvalue")
        let known = AlertPipeline().alert(for: InsufficientFunds(missingCredits: 1), in: "en", context: context)
        #expect(known.message == "You need 1 more credits.")
    }
}
