import Foundation
import FriendlyErrorsOpenAPI
import HTTPTypes
import InMemoryLogging
import Logging
import OpenAPIRuntime
import Testing

/// The middleware as the runtime calls it, with the errors a handler or a later middleware throws.
@Suite struct MiddlewareTests {
    @Test func appErrorKeepsItsCategoryStatusThroughServerError() async throws {
        let response = try await TestMiddleware().answer(MissingOrder())
        #expect(response.status == 404)
        #expect(response.headers[.contentType] == "application/problem+json")
        #expect(response.headers[.contentLanguage] == "en")
        #expect(response.json["code"] as? String == "order.missing")
        #expect(response.json["detail"] as? String == "There is no such order.")
    }

    @Test func responseConvertibleKeepsStatusAndHeadersButNotItsBody() async throws {
        let response = try await TestMiddleware().answer(Throttled())
        #expect(response.status == 429)
        #expect(response.headers[.retryAfter] == "30")
        #expect(response.headers[.contentType] == "application/problem+json")
        #expect(response.json["status"] as? Int == 429)
        #expect(!response.body.contains("db-7"))
    }

    @Test func responseConvertibleThrownByALaterMiddlewareIsAnsweredToo() async throws {
        let response = try await TestMiddleware().answer(Throttled(), wrapped: false)
        #expect(response.status == 429)
        #expect(response.headers[.retryAfter] == "30")
    }

    @Test func headGetsTheHeadersWithTheContentLengthOfTheGetsBody() async throws {
        let get = try await TestMiddleware().answer(MissingOrder())
        let head = try await TestMiddleware().answer(MissingOrder(), method: .head)
        #expect(head.status == 404 && head.body.isEmpty)
        #expect(head.headers[.contentType] == "application/problem+json")
        // RFC 9110, section 8.6: the length of the body a GET gets, not 0.
        #expect(head.headers[.contentLength] == String(get.body.utf8.count))
    }

    @Test func redirectIsPassedThrough() async throws {
        let response = try await TestMiddleware().answer(Moved())
        #expect(response.status == 303)
        #expect(response.headers[.location] == "/orders/7")
        #expect(response.body.isEmpty)
    }

    @Test func unknownErrorNeverReachesTheBodyButIsLoggedWithItsReferenceID() async throws {
        let test = TestMiddleware(options: .init(logging: .withoutErrorText))
        let response = try await test.answer(LeakyFailure())
        #expect(response.status == 500)
        #expect(!response.body.contains("hunter2"))
        #expect(!response.body.contains("/srv"))
        let reference = try #require(response.json["referenceId"] as? String)
        let entry = try #require(test.logs.entries.first)
        #expect(entry.level == .error)
        #expect(entry.metadata["error.reference_id"] == .string(reference))
        #expect(entry.metadata["error.type"] == "unexpected")
        #expect(entry.metadata["http.response.status_code"] == "500")
        #expect(entry.metadata["http.request.method"] == "GET")
        #expect(entry.metadata["url.path"] == "/orders")
        #expect(entry.metadata["openapi.operation_id"] == "createOrder")
        #expect(entry.error == nil, "never swift-log's `error:`")
        #expect(!"\(entry.message) \(entry.metadata)".contains("hunter2"), "not with `.withoutErrorText`")
    }

    @Test func aServersFaultIsLoggedWithTheErrorsTypeAndTextByDefault() async throws {
        let test = TestMiddleware()
        let response = try await test.answer(LeakyFailure())
        #expect(!response.body.contains("hunter2"))
        let entry = try #require(test.logs.entries.first)
        #expect(entry.metadata["error.reference_id"] == .string(try #require(response.json["referenceId"] as? String)))
        #expect(entry.metadata["exception.type"] == "FriendlyErrorsOpenAPITests.LeakyFailure")
        #expect(entry.metadata["exception.message"] == "password=hunter2 at /srv/app/config.yaml")
    }

    @Test func decodingErrorIsA400WithPointersIntoTheBody() async throws {
        struct Item: Decodable { var price: Int }
        struct Order: Decodable { var items: [Item] }
        let decodingError: DecodingError
        do {
            _ = try JSONDecoder().decode(Order.self, from: Data(#"{"items":[{"price":"five"}]}"#.utf8))
            Issue.record("decoded")
            return
        } catch let error as DecodingError {
            decodingError = error
        }
        // As the runtime reports a body it could not read: its own 400, the DecodingError underneath.
        let request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/orders")
        let serverError = ServerError(
            operationID: "createOrder", request: request, requestBody: nil, requestMetadata: .init(),
            causeDescription: "Failed to parse request", underlyingError: decodingError, httpStatus: .badRequest,
            httpHeaderFields: [:], httpBody: nil)
        let response = try await TestMiddleware().answer(serverError, method: .post, wrapped: false)
        #expect(response.status == 400)
        #expect(response.pointers == ["#/items/0/price"])
    }

    @Test func languageComesFromAcceptLanguage() async throws {
        let pipeline = AlertPipeline().addingCatalog(
            TranslationCatalog(strings: ["en": [:], "ja": ["order.missing.title": "注文が見つかりません"]]))
        let response = try await TestMiddleware(pipeline: pipeline).answer(
            MissingOrder(), headers: [.acceptLanguage: "ja, en;q=0.5"])
        #expect(response.headers[.contentLanguage] == "ja")
        #expect(response.headers[.vary] == "Accept, Accept-Language")
        #expect(response.json["title"] as? String == "注文が見つかりません")
    }

    @Test func headRequestGetsHeadersOnly() async throws {
        let response = try await TestMiddleware().answer(MissingOrder(), method: .head)
        #expect(response.status == 404)
        #expect(response.body.isEmpty)
    }

    @Test func typeBaseURIComesFromTheOptions() async throws {
        let test = TestMiddleware(
            options: .init(writers: [
                JSONPresenter(typeBaseURI: "https://errors.example.com/"), HTMLPresenter(), PlainTextBodyWriter(),
            ]))
        let response = try await test.answer(MissingOrder())
        #expect(response.json["type"] as? String == "https://errors.example.com/order/missing")
    }

    @Test func loggingCanBeTurnedOff() async throws {
        let test = TestMiddleware(options: .init(logging: .off))
        _ = try await test.answer(LeakyFailure())
        #expect(test.logs.entries.isEmpty)
    }

    @Test func successPassesUntouched() async throws {
        let test = TestMiddleware()
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/items")
        let (response, body) = try await test.middleware.intercept(
            request, body: nil, metadata: .init(), operationID: "listItems"
        ) { _, _, _ in (HTTPResponse(status: .ok), HTTPBody("3 items")) }
        #expect(response.status == .ok)
        #expect(try await String(collecting: try #require(body), upTo: 100) == "3 items")
        #expect(test.logs.entries.isEmpty)
    }
}

/// The public API from the isolations users call it from.
@MainActor final class MainActorSetup {
    let middlewares: [any ServerMiddleware] = [FriendlyErrorsServerMiddleware(pipeline: AlertPipeline())]
}

actor ActorSetup {
    let middleware = FriendlyErrorsServerMiddleware()
    func middlewares() -> [any ServerMiddleware] { [middleware] }
}

@Suite struct IsolationTests {
    @Test @MainActor func usableFromTheMainActor() {
        #expect(MainActorSetup().middlewares.count == 1)
    }

    @Test func usableFromAnActor() async {
        #expect(await ActorSetup().middlewares().count == 1)
    }
}
