import Foundation
import FriendlyErrors
import FriendlyErrorsAdapters
import Testing

/// Field-problem pointers taken from a request go into `errors[].pointer` in the URI fragment form of
/// RFC 6901 section 6: what a fragment may not hold is percent-encoded (line breaks, `%`, `"`, `<`,
/// U+2028, non-ASCII), `/` is kept, and a megabyte pointer is capped like the other texts — in
/// problem+json bodies and JSON Lines alike, checked against the schema.
struct PointerFragmentEncodingTests {
    struct Rejected: FriendlyError {
        var fields: [String]
        var code: String { "order.invalid" }
        var category: ErrorCategory { .invalidData }
        var fieldProblems: [FieldProblem] {
            fields.map { FieldProblem($0, code: "order.field.invalid", message: "Not valid.") }
        }
    }

    static let hostile = [
        "#/items/0\r\nSet-Cookie: a=1",
        "#/a/\u{2028}\u{2029}</script>",
        "/a b/c%d/\"q\"/\u{0}/\u{1B}[2J",
        "/日本/€/😀/e\u{301}",
        "#/items/2/price",
        "/items/2/price",
        "#/a%20b/%e6%97%A5/%zz/%",
        "",
        "#",
        "/",
        "/a#b/~0/~1/?x=1&y=2",
    ]

    /// Bytes an encoded fragment may hold: RFC 3986 `pchar`, `/`, `?` and `%XX`.
    private func isFragment(_ text: String) -> Bool {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?".utf8)
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "#") else { return false }
        var index = 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count,
                    bytes[index + 1...index + 2].allSatisfy({ Set("0123456789ABCDEFabcdef".utf8).contains($0) })
                else { return false }
                index += 3
            } else {
                guard allowed.contains(bytes[index]) else { return false }
                index += 1
            }
        }
        return true
    }

    @Test func eachPointerIsWrittenAsRFC6901Says() {
        let expected = [
            "#/items/0%0D%0ASet-Cookie:%20a=1",
            "#/a/%E2%80%A8%E2%80%A9%3C/script%3E",
            "#/a%20b/c%25d/%22q%22/%00/%1B%5B2J",
            "#/%E6%97%A5%E6%9C%AC/%E2%82%AC/%F0%9F%98%80/e%CC%81",
            "#/items/2/price",
            "#/items/2/price",
            "#/a%20b/%e6%97%A5/%25zz/%25",
            "#",
            "#",
            "#/",
            "#/a%23b/~0/~1/?x=1&y=2",
        ]
        let fragments = Self.hostile.map {
            FieldProblem($0, code: "c", message: .verbatim("m")).pointerFragment
        }
        #expect(fragments == expected)
        for fragment in fragments { #expect(isFragment(fragment ?? ""), "\(fragment ?? "nil")") }
        // Decoding gives the pointer back.
        #expect(fragments[3]?.dropFirst().removingPercentEncoding == "/日本/€/😀/e\u{301}")
        #expect(fragments[0]?.dropFirst().removingPercentEncoding == "/items/0\r\nSet-Cookie: a=1")
    }

    @Test func aFieldsNameIsNoPointer() {
        #expect(FieldProblem("limit\r\n", code: "c", message: .verbatim("m")).pointerFragment == nil)
    }

    @Test func aMegabytePointerIsCutAtACharacterAndMarked() throws {
        for unit in ["a", "é", "\r", "%", "😀"] {
            let pointer = "/" + String(repeating: unit, count: (1 << 20) / unit.utf8.count)
            let problem = FieldProblem(pointer, code: "c", message: .verbatim("m"))
            let alert = Alert(
                code: "order.invalid", category: .invalidData, title: "Invalid order", message: "Check the fields.",
                actions: [], fieldProblems: [problem])
            for limit in [16, 17, 18, 19, 20, 2048] {
                let presenter = JSONPresenter(limits: .init(maximumTextBytes: limit))
                let body = ErrorResponse(alert: alert, contentLanguage: "en", writer: presenter).body
                let object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
                let written = try #require((object["errors"] as? [[String: Any]])?.first?["pointer"] as? String)
                #expect(written.utf8.count <= limit)
                #expect(written.hasSuffix("%E2%80%A6"))
                #expect(isFragment(written), "\(written)")
                // What is left decodes to a prefix of the pointer: no character was split.
                let decoded = try #require(written.dropFirst().removingPercentEncoding)
                #expect(pointer.hasPrefix(String(decoded.dropLast())), "\(written)")
            }
        }
    }

    @Test(.enabled(if: PythonJSON.isAvailable, PythonJSON.missingMessage))
    func problemBodiesAndJSONLinesMatchTheSchema() async throws {
        let pipeline = AlertPipeline()
        let error = Rejected(fields: Self.hostile + ["/" + String(repeating: "\u{2028}", count: 1 << 19)])
        let response = pipeline.response(for: error, to: ErrorRequest(acceptLanguage: "en"))
        let captured = CapturedOutput()
        _ = await JSONPresenter(output: captured.output).present(pipeline.alert(for: error, in: "en"))
        for result in try PythonJSON.parse(jsonLines: response.body + [0x0A] + Array(captured.text.utf8)) {
            #expect(result.parseError == nil)
            #expect(result.schemaErrors.isEmpty, "\(result.schemaErrors)")
            let errors = try #require((result.value as? [String: Any])?["errors"] as? [[String: Any]])
            #expect(errors.count == Self.hostile.count + 1)
            for item in errors {
                let pointer = try #require(item["pointer"] as? String)
                #expect(isFragment(pointer), "\(pointer)")
            }
        }
        #expect(!response.bodyText.contains("\r") && !response.bodyText.contains("\n"))
        #expect(!response.bodyText.contains("</script"))
        #expect(response.body.count < 64 * 1024)
    }

    @Test func theConsoleShowsTheFieldAsGivenOnOneLine() async {
        let alert = AlertPipeline().alert(for: Rejected(fields: [Self.hostile[0], "limit\n\t"]), in: "en")
        for layout in [ConsolePresenter.Layout.standard, .plain] {
            let captured = CapturedOutput()
            _ = await consolePresenter(captured, layout: layout).present(alert)
            #expect(captured.text.contains(#"#/items/0\u{0D}\u{0A}Set-Cookie: a=1: "#), "\(captured.text)")
            #expect(captured.text.contains(#"limit\u{0A}\u{09}: "#), "\(captured.text)")
            #expect(!captured.lines.contains { $0.hasPrefix("Set-Cookie") })
        }
    }
}
