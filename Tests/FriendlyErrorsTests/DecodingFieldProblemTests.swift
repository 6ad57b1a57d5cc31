import Foundation
import Testing

@testable import FriendlyErrors

/// A `DecodingError` points at the field it failed at with a JSON pointer, in the core, so every
/// framework that decodes a request body gets the same field problem.
@Suite struct DecodingFieldProblemTests {
    struct Order: Decodable {
        struct Item: Decodable {
            var price: Int
            var quantity: Int
        }
        var items: [Item]
    }

    /// A key whose `intValue` is not an index: JSON objects are looked up by the key's name.
    struct Ranked: Decodable {
        enum CodingKeys: Int, CodingKey {
            case name = 1
        }
        var name: String
    }

    struct Linked: Decodable {
        var links: [URL]
    }

    /// The error `JSONDecoder` throws for `json` decoded as `T`.
    private func decodingError<T: Decodable>(
        _ type: T.Type, _ json: String, decoder: JSONDecoder = JSONDecoder()
    ) throws -> DecodingError {
        do {
            _ = try decoder.decode(T.self, from: Data(json.utf8))
        } catch let error as DecodingError {
            return error
        }
        throw CancellationError()
    }

    private let pipeline = AlertPipeline()

    @Test func keyNotFoundPointsAtTheMissingKeyInsideAnArray() throws {
        let error = try decodingError(Order.self, #"{"items":[{"price":5,"quantity":1},{"price":5}]}"#)
        let classification = pipeline.classify(error)
        #expect(classification.code == "data.keyMissing")
        #expect(classification.fieldProblems == [FieldProblem("/items/1/quantity", code: "data.keyMissing")])
        let alert = pipeline.alert(for: error, in: "en")
        #expect(alert.fieldProblems.map(\.message) == ["A required field is missing."])
        #expect(alert.fieldProblems.map(\.pointerFragment) == ["#/items/1/quantity"])
        #expect(alert.reason == "The field “items[1].quantity” is missing.")
    }

    @Test func typeMismatchPointsAtTheValueWithALocalizedMessage() throws {
        let error = try decodingError(Order.self, #"{"items":[{"price":"five","quantity":1}]}"#)
        let english = pipeline.alert(for: error, in: "en")
        #expect(english.code == "data.typeMismatch")
        #expect(english.fieldProblems.map(\.field) == ["/items/0/price"])
        #expect(english.fieldProblems.map(\.code) == ["data.typeMismatch"])
        #expect(english.fieldProblems.map(\.message) == ["A value has the wrong type."])
        let japanese = pipeline.alert(for: error, in: "ja")
        #expect(japanese.fieldProblems.map(\.message) == ["値の型が正しくありません。"])
        #expect(!"\(english)".contains("Swift.Int"), "the debug description names Swift types")
    }

    @Test func valueNotFoundPointsAtTheNull() throws {
        let error = try decodingError(Order.self, #"{"items":[{"price":null,"quantity":1}]}"#)
        guard case .valueNotFound = error else {
            Issue.record("expected valueNotFound, got \(error)")
            return
        }
        let alert = pipeline.alert(for: error, in: "de")
        #expect(alert.code == "data.valueMissing")
        #expect(alert.fieldProblems.map(\.field) == ["/items/0/price"])
        #expect(alert.fieldProblems.map(\.message) == ["Ein erforderlicher Wert fehlt."])
    }

    @Test func dataCorruptedPointsAtTheValueAndNotAtAnUnreadableDocument() throws {
        let error = try decodingError(Linked.self, #"{"links":["https://example.com/",""]}"#)
        let alert = pipeline.alert(for: error, in: "fr")
        #expect(alert.code == "data.corrupt")
        #expect(alert.fieldProblems.map(\.field) == ["/links/1"])
        #expect(
            alert.fieldProblems.map(\.message) == ["Les données sont endommagées ou ne sont pas au format attendu."])

        // Not JSON at all: no field to point at.
        let unreadable = try decodingError(Linked.self, "{not json")
        #expect(pipeline.classify(unreadable).fieldProblems.isEmpty)
    }

    @Test func keysWithSlashAndTildeAreEscapedAsRFC6901Says() throws {
        let error = try decodingError(
            [String: [String: Int]].self, #"{"a/b":{"m~n":1,"~1":"x"}}"#)
        #expect(pipeline.classify(error).fieldProblems.map(\.field) == ["/a~1b/~01"])
        let other = try decodingError([String: [String: Int]].self, #"{"a/b":{"m~n":"x"}}"#)
        #expect(pipeline.classify(other).fieldProblems.map(\.field) == ["/a~1b/m~0n"])
    }

    @Test func anIntBackedCodingKeyIsAMemberNameNotAnIndex() throws {
        let error = try decodingError(Ranked.self, #"{"name":7}"#)
        #expect(pipeline.classify(error).fieldProblems.map(\.field) == ["/name"])
    }

    @Test func pointersOfHandMadeCodingPaths() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue }
            init(intValue: Int) {
                self.stringValue = "\(intValue)"
                self.intValue = intValue
            }
        }
        let path: [any CodingKey] = [Key(stringValue: "orders"), Key(intValue: 3), Key(stringValue: "~/")]
        #expect(FoundationErrorClassifier.pointer(path, then: Key(stringValue: "price")) == "/orders/3/~0~1/price")
        let error = DecodingError.keyNotFound(Key(stringValue: "id"), .init(codingPath: [], debugDescription: ""))
        #expect(pipeline.classify(error).fieldProblems == [FieldProblem("/id", code: "data.keyMissing")])
        // A hostile depth or key length is capped.
        let deep = Array(repeating: Key(stringValue: String(repeating: "k", count: 500)) as any CodingKey, count: 100)
        let pointer = FoundationErrorClassifier.pointer(deep, then: Key(stringValue: "x"))
        #expect(pointer.count == 32 * 129)
    }

    @Test func theProblemJSONCarriesThePointer() throws {
        let error = try decodingError(Order.self, #"{"items":[{"price":5}]}"#)
        let response = pipeline.response(for: error, to: ErrorRequest(acceptLanguage: "ja"))
        #expect(response.bodyText.contains(##""pointer":"#/items/0/quantity""##))
        #expect(response.bodyText.contains(#""detail":"必須のフィールドがありません。""#))
    }
}
