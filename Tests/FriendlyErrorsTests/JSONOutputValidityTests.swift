import Foundation
import FriendlyErrors
import Testing

/// The JSON presenter's output read back by an independent parser (Python's `json`) and validated
/// against the repository's JSON Schema, for ordinary and hostile inputs.
@Suite(.enabled(if: PythonJSON.isAvailable, PythonJSON.missingMessage))
struct JSONOutputValidityTests {
    let presenter = JSONPresenter(typeBaseURI: "https://errors.example.com/")

    /// Texts that break naive JSON writers, HTML pages, terminals and line-based readers.
    static let adversarialTexts: [String] = {
        var texts = [
            #"say "hi""#, #"back\slash\\"#, #"\u0041 is not A"#, "</script><script>alert(1)</script>", "<!-- x -->",
            "a&b<c>d", "\u{2028}line\u{2029}paragraph", "tab\there", "cr\rlf\ncrlf\r\n", "nul\u{0}byte",
            "\u{7F}\u{80}\u{85}\u{9F}", "bidi \u{202E}evil\u{202C} \u{2066}x\u{2069}", "\u{1B}]0;title\u{07}",
            "emoji 👨‍👩‍👧‍👦🇯🇵👍🏽", "e\u{301}\u{302}\u{303}", "日本語テキスト", "\u{FEFF}bom", "\u{FFFD}", "\u{10FFFF}",
            "", " ", "{\"nested\": [1, 2]}", "%@ %d %1$@ %%", "\u{E000}private",
        ]
        texts.append(String(decoding: (0...0x1F).map { UInt8($0) }, as: UTF8.self))
        // Invalid UTF-8 and UTF-16 can only enter a String through a decoding, which repairs them.
        texts.append(String(decoding: [0x61, 0xFF, 0xFE, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0x62], as: UTF8.self))
        texts.append(String(decoding: [0x61, 0xD800, 0x62, 0xDFFF] as [UInt16], as: UTF16.self))
        texts.append(NSString(characters: [0xD83D, 0x41], length: 2) as String)
        return texts
    }()

    /// An alert with `text` in every text member, the code, the ids and the language.
    private func alert(holding text: String) -> Alert {
        Alert(
            code: "code.\(text)", category: ErrorCategory(text.isEmpty ? "x" : text, httpStatus: 418, exitStatus: 1),
            title: text.isEmpty ? "t" : text, message: text, reason: text, suggestion: text,
            referenceID: "ref-\(text)",
            actions: [
                AlertAction(id: "id-\(text)", label: text, role: .destructive),
                AlertAction(id: AlertAction.cancelID, label: text, role: .cancel),
            ],
            language: "en", debugDetail: text)
    }

    @Test func adversarialTextsParseBackUnchanged() throws {
        let lines = Self.adversarialTexts.flatMap { presenter.line(for: alert(holding: $0)) }
        let results = try PythonJSON.parse(jsonLines: lines, schema: nil)
        try #require(results.count == Self.adversarialTexts.count)
        for (text, result) in zip(Self.adversarialTexts, results) {
            let object = try #require(result.value as? [String: Any], "\(result.parseError ?? "")")
            #expect(object["detail"] as? String == text)
            #expect(object["reason"] as? String == text)
            #expect(object["debugDetail"] as? String == text)
            #expect(object["code"] as? String == "code.\(text)")
            let actions = try #require(object["actions"] as? [[String: Any]])
            #expect(actions.first?["id"] as? String == "id-\(text)")
            #expect(actions.first?["title"] as? String == text)
        }
    }

    @Test func outputNeverHoldsHTMLSensitiveOrLineBreakingCharacters() {
        for text in Self.adversarialTexts {
            let line = String(decoding: presenter.line(for: alert(holding: text)), as: UTF8.self)
            #expect(!line.contains("</") && !line.contains("<!--") && !line.contains("<"))
            #expect(!line.contains("\u{2028}") && !line.contains("\u{2029}"))
            #expect(line.utf8.filter { $0 < 0x20 } == [0x0A], "only the record's own newline")
        }
    }

    @Test func outputHoldsNoC1ControlNorBidiControlForTerminalsReadingJSONLines() throws {
        // `cat` or `tail -f` of a JSON Lines log must not let a message act on the terminal or reorder
        // what is shown: every such scalar is a \u escape, which Python reads back as the original.
        let hostile =
            "\u{9B}2J\u{9D}52;c;ZXZpbA==\u{9C}\u{7F}\u{85} \u{202E}exe.txt\u{202C} \u{2067}x\u{2069} "
            + "\u{061C}\u{200E}\u{200F}"
        let line = presenter.line(for: alert(holding: hostile))
        let text = String(decoding: line, as: UTF8.self)
        let raw = text.unicodeScalars.filter {
            (0x7F...0x9F).contains($0.value) || [0x061C, 0x200E, 0x200F, 0x2028, 0x2029].contains($0.value)
                || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
        }
        #expect(raw.isEmpty)
        #expect(text.contains(#""detail":"\u009b2J\u009d52;c;ZXZpbA==\u009c\u007f\u0085 \u202eexe.txt\u202c"#))
        let results = try PythonJSON.parse(jsonLines: line)
        let object = try #require(results.first?.value as? [String: Any])
        #expect(object["detail"] as? String == hostile)
        #expect(results.first?.schemaErrors == [])
    }

    @Test func repairedInvalidUnicodeIsWrittenAsReplacementCharacters() throws {
        let repaired = String(decoding: [0x61, 0xFF, 0x62] as [UInt8], as: UTF8.self)
        #expect(repaired == "a\u{FFFD}b")
        let loneSurrogate = String(decoding: [0xD800] as [UInt16], as: UTF16.self)
        #expect(loneSurrogate == "\u{FFFD}")
        let result = try PythonJSON.parse(
            document: presenter.body(for: alert(holding: repaired + loneSurrogate)))
        let object = try #require(result.value as? [String: Any])
        #expect(object["detail"] as? String == "a\u{FFFD}b\u{FFFD}")
    }

    @Test func outputOfEveryKindOfErrorMatchesTheSchema() throws {
        let pipeline = serverPipeline.addingCatalog(accountCatalog)
        var alerts = [
            pipeline.alert(for: InsufficientFunds(missingCredits: 42), in: "en"),
            pipeline.alert(for: InsufficientFunds(missingCredits: 42), in: "ja"),
            pipeline.alert(for: LeakyError(), in: "de"),
            pipeline.alert(for: FrameworkHTTPError(statusCode: 404), in: "fr"),
            pipeline.alert(for: CocoaError(.fileNoSuchFile), in: "zh-TW"),
            pipeline.alert(for: URLError(.timedOut), in: "pt-BR"),
            pipeline.alert(for: StorageError.diskFull(freeMB: 3, volume: "/"), in: "ko"),
            AlertPipeline(configuration: .init(includesDebugDetails: true)).alert(for: LeakyError()),
            pipeline.addingCatalog(orderCatalog).alert(for: InvalidOrder(), in: "ja"),
            pipeline.alert(for: TooManyRequests(seconds: 3), in: "en"),
        ]
        var coalesced = alerts[0]
        coalesced.occurrences = 5
        alerts.append(coalesced)
        var warning = alerts[0]
        warning.severity = .warning
        alerts.append(warning)
        let lines =
            alerts.flatMap { presenter.line(for: $0, instance: JSONPresenter.newInstance()) }
            + alerts.flatMap { JSONPresenter().line(for: $0) }
        let results = try PythonJSON.parse(jsonLines: lines)
        #expect(results.count == alerts.count * 2)
        for result in results {
            #expect(result.parseError == nil)
            #expect(result.schemaErrors == [])
        }
    }

    @Test func serverResponseBodiesMatchTheSchema() throws {
        for error in ErrorResponseTests.hostileErrors + [InvalidOrder()] {
            let response = serverPipeline.response(for: error, to: ErrorRequest(acceptLanguage: "ja, en;q=0.5"))
            let result = try PythonJSON.parse(document: response.body)
            #expect(result.schemaErrors == [])
            let object = try #require(result.value as? [String: Any])
            #expect(object["status"] as? Int == response.status)
            #expect(object["language"] as? String == response.value(forHeader: "Content-Language"))
        }
    }

    @Test func schemaRejectsOutputThatBreaksItsRules() throws {
        let bad = [
            #"{"type":"about:blank","title":"x","status":200,"detail":"","code":"c","category":"c","#
                + #""severity":"error","actions":[],"language":"en"}"#,
            #"{"type":"about:blank","title":"x","status":404,"detail":"","code":"c","category":"c","#
                + #""severity":"fatal","actions":[],"language":"en"}"#,
            #"{"type":"about:blank","title":"x","status":404,"detail":"","code":"c","category":"c","#
                + #""severity":"error","actions":[{"id":"a","title":"A"}],"language":"en"}"#,
            #"{"title":"x","status":404,"detail":"","code":"c","category":"c","severity":"error","actions":[],"#
                + #""language":"en"}"#,
            // A field problem naming no part, one naming two, and one whose pointer is not a fragment.
            ##"{"type":"about:blank","title":"x","status":422,"detail":"","code":"c","category":"c","##
                + ##""severity":"error","actions":[],"errors":[{"code":"a","detail":"d"}],"language":"en"}"##,
            ##"{"type":"about:blank","title":"x","status":422,"detail":"","code":"c","category":"c","##
                + ##""severity":"error","actions":[],"##
                + ##""errors":[{"pointer":"#/a","field":"a","code":"a","detail":"d"}],"language":"en"}"##,
            ##"{"type":"about:blank","title":"x","status":422,"detail":"","code":"c","category":"c","##
                + ##""severity":"error","actions":[],"errors":[{"pointer":"/a","code":"a","detail":"d"}],"##
                + ##""language":"en"}"##,
        ]
        let results = try PythonJSON.parse(jsonLines: Array(bad.map { $0 + "\n" }.joined().utf8))
        #expect(results.count == bad.count)
        for result in results { #expect(!result.schemaErrors.isEmpty) }
    }

    @Test func fiveMegabyteMessageGivesACappedValidBody() throws {
        let unit = "Zoë 👨‍👩‍👧‍👦 \"quoted\" </script>\n日本\u{2028} "
        let huge = String(repeating: unit, count: 5_000_000 / unit.utf8.count + 1)
        #expect(huge.utf8.count > 5_000_000)
        struct Huge: FriendlyError {
            var text: String
            var code: String { "test.huge" }
            var title: LocalizableText { .verbatim(text) }
            var message: LocalizableText { .arguments(.string(text)) }
            var category: ErrorCategory { .invalidInput }
        }
        let catalog = TranslationCatalog(strings: ["en": ["test.huge.message": "%@"]])
        let response = AlertPipeline().addingCatalog(catalog).response(
            for: Huge(text: huge), to: ErrorRequest(acceptLanguage: "en"))
        #expect(response.body.count < 40_000, "\(response.body.count) bytes")
        let result = try PythonJSON.parse(document: response.body)
        #expect(result.schemaErrors == [])
        let object = try #require(result.value as? [String: Any])
        let detail = try #require(object["detail"] as? String)
        #expect(detail.utf8.count <= PresenterLimits.standard.maximumTextBytes)
        #expect(detail.hasSuffix("…"))
        #expect(huge.hasPrefix(detail.dropLast()), "cut on a character boundary, nothing changed before it")
        #expect((object["title"] as? String)?.utf8.count ?? .max <= 2048)
    }

    @Test func capsAreConfigurableAndNeverSplitACharacter() throws {
        let family = "👨‍👩‍👧‍👦"
        let text = String(repeating: family, count: 40)
        let presenter = JSONPresenter(limits: .init(maximumTextBytes: 64, maximumIdentifierBytes: 20))
        let result = try PythonJSON.parse(document: presenter.body(for: alert(holding: text)))
        let object = try #require(result.value as? [String: Any])
        let detail = try #require(object["detail"] as? String)
        #expect(detail == String(repeating: family, count: 2) + "…")
        let code = try #require(object["code"] as? String)
        #expect(code.utf8.count <= 20)
        #expect(code == "code.…")
    }

    @Test func actionsBeyondTheLimitAreLeftOut() throws {
        var alert = alert(holding: "x")
        alert.actions = (0..<100).map { AlertAction(id: "a\($0)", label: "A", role: .default) }
        let result = try PythonJSON.parse(document: JSONPresenter().body(for: alert))
        let object = try #require(result.value as? [String: Any])
        #expect((object["actions"] as? [Any])?.count == 16)
    }
}

/// Fails when CI asked for Python and it is missing, instead of skipping the tests above.
@Test(.enabled(if: ProcessInfo.processInfo.environment["FRIENDLY_ERRORS_REQUIRE_PYTHON"] == "1"))
func pythonWithJSONSchemaIsInstalledWhenCIRequiresIt() {
    #expect(PythonJSON.isAvailable, "FRIENDLY_ERRORS_REQUIRE_PYTHON=1 but \(PythonJSON.missingMessage)")
}
