import Foundation
import Testing

@testable import FriendlyErrors

@Suite struct XCStringsParserTests {
    private func parse(_ json: String) -> XCStringsParser.Result {
        XCStringsParser.parse(Data(json.utf8), file: "Localizable.xcstrings")
    }

    private func value(_ result: XCStringsParser.Result, _ language: String, _ key: String) -> CatalogValue? {
        result.entries[language]?.last { $0.key == key }?.value
    }

    private static let pluralCatalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "files.count" : {
              "localizations" : {
                "en" : {
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } }
                    }
                  }
                },
                "ja" : {
                  "variations" : {
                    "plural" : {
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld 個のファイル" } }
                    }
                  }
                }
              }
            },
            "Cancel" : {
              "localizations" : {
                "ja" : { "stringUnit" : { "state" : "translated", "value" : "キャンセル" } }
              }
            }
          },
          "version" : "1.0"
        }
        """

    @Test func pluralVariationsChooseTheFormForEnglishAndJapanese() {
        let result = parse(Self.pluralCatalog)
        #expect(result.diagnostics.isEmpty)
        #expect(result.sourceLanguage == "en")
        let english = value(result, "en", "files.count")
        #expect(english == .plural(argument: nil, forms: [.one: "%lld file", .other: "%lld files"]))
        let japanese = value(result, "ja", "files.count")
        func formatted(_ value: CatalogValue?, _ count: Int, _ language: String) -> String? {
            value.map {
                PlaceholderFormat.format(
                    $0.template(for: [.integer(count)], language: language), arguments: [.integer(count)])
            }
        }
        #expect(formatted(english, 1, "en") == "1 file")
        #expect(formatted(english, 2, "en") == "2 files")
        #expect(formatted(japanese, 1, "ja") == "1 個のファイル")
        #expect(formatted(japanese, 5, "ja") == "5 個のファイル")
        // The plural object's position, for diagnostics about the entry.
        #expect(result.entries["en"]?.first?.line == 8)
    }

    @Test func keyWithoutSourceLocalizationUsesTheKeyAsSourceText() {
        let result = parse(Self.pluralCatalog)
        #expect(value(result, "en", "Cancel") == .text("Cancel"))
        #expect(value(result, "ja", "Cancel") == .text("キャンセル"))
        let cancel = result.entries["en"]?.first { $0.key == "Cancel" }
        #expect(cancel?.line == 23)
        #expect(cancel?.column == 5)
    }

    @Test func brokenJSONIsReportedAtItsPosition() {
        let result = parse(
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : { \"localizations\" : } \n  }\n}")
        #expect(result.entries.isEmpty)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.line == 4)
        #expect(result.diagnostics.first?.column == 31)
        #expect(result.diagnostics.first?.severity == .error)
    }

    @Test func structuralProblemsAreReportedAndTheRestIsKept() {
        let json = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "missing.value" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated" } } } },
                "wrong.type" : { "localizations" : { "de" : { "stringUnit" : { "value" : 42 } } } },
                "bad.category" : { "localizations" : { "de" : { "variations" : { "plural" : {
                  "several" : { "stringUnit" : { "value" : "x" } },
                  "other" : { "stringUnit" : { "value" : "%lld Dinge" } } } } } } },
                "untranslated" : { "localizations" : { "de" : { "stringUnit" : { "state":"new", "value":"" } } } },
                "good" : { "localizations" : { "de" : { "stringUnit" : { "state" : "new", "value" : "Gut" } } } },
                "good" : { "localizations" : { "de" : { "stringUnit" : { "state" : "new", "value" : "Besser" } } } }
              },
              "version" : "1.0"
            }
            """
        let result = parse(json)
        let messages = result.diagnostics.map { "\($0.line):\($0.severity.rawValue):\($0.key ?? "-")" }
        #expect(
            messages == [
                "11:warning:good", "4:error:missing.value", "5:error:wrong.type", "7:error:bad.category",
                "9:warning:untranslated",
            ])
        #expect(value(result, "de", "good") == .text("Besser"))
        #expect(value(result, "de", "bad.category") == .plural(argument: nil, forms: [.other: "%lld Dinge"]))
        #expect(value(result, "de", "untranslated") == nil)
        #expect(value(result, "en", "untranslated") == .text("untranslated"))
    }

    @Test func duplicateKeysAreReportedInSmallAndLargeObjects() {
        var lines = (0..<40).map { "\"k\($0)\" : {}," }
        lines[35] = "\"k3\" : {},"
        lines.append("\"k39\" : {}")
        let json = "{\"sourceLanguage\":\"en\",\"strings\":{\n" + lines.joined(separator: "\n") + "\n}}"
        let result = parse(json)
        #expect(result.diagnostics.map(\.line) == [37, 42])
        #expect(result.diagnostics.first?.message.contains("also on line 5") == true)
        #expect(result.entries["en"]?.count == 39)  // One entry per key: the last duplicate wins.
        let small = parse(#"{"sourceLanguage":"en","sourceLanguage":"de","strings":{}}"#)
        #expect(small.sourceLanguage == "de")
        #expect(small.diagnostics.map(\.column) == [24])
    }

    @Test func deviceVariationsUseTheOtherDevice() {
        let json = """
            {"sourceLanguage":"en","strings":{"tap":{"localizations":{"en":{"variations":{"device":{
              "iphone":{"stringUnit":{"state":"translated","value":"Tap"}},
              "other":{"stringUnit":{"state":"translated","value":"Click"}}}}}}}},"version":"1.0"}
            """
        let result = parse(json)
        #expect(result.diagnostics.isEmpty)
        #expect(value(result, "en", "tap") == .text("Click"))
    }

    @Test func singleSubstitutionBecomesAnExactPlural() {
        let json = """
            {"sourceLanguage":"en","strings":{"%@ ate %lld apples":{"localizations":{
              "en":{"stringUnit":{"state":"translated","value":"%@ ate %#@apples@ today"},
                "substitutions":{"apples":{"argNum":2,"formatSpecifier":"lld","variations":{"plural":{
                  "one":{"stringUnit":{"state":"translated","value":"one apple"}},
                  "other":{"stringUnit":{"state":"translated","value":"%arg apples"}}}}}}},
              "de":{"stringUnit":{"state":"translated","value":"%2$#@apples@ hat %1$@ heute gegessen"},
                "substitutions":{"apples":{"argNum":2,"formatSpecifier":"lld","variations":{"plural":{
                  "one":{"stringUnit":{"state":"translated","value":"Einen Apfel"}},
                  "other":{"stringUnit":{"state":"translated","value":"%arg Äpfel"}}}}}}}}}},"version":"1.0"}
            """
        let result = parse(json)
        #expect(result.diagnostics.isEmpty)
        let english = value(result, "en", "%@ ate %lld apples")
        #expect(
            english
                == .plural(
                    argument: 1, forms: [.one: "%1$@ ate one apple today", .other: "%1$@ ate %2$lld apples today"]))
        let arguments: [LocalizableText.Argument] = ["Ana", 3]
        let german = value(result, "de", "%@ ate %lld apples")
        let template = german?.template(for: arguments, language: "de") ?? ""
        #expect(PlaceholderFormat.format(template, arguments: arguments) == "3 Äpfel hat Ana heute gegessen")
        #expect(german?.template(for: ["Ana", 1], language: "de") == "Einen Apfel hat %1$@ heute gegessen")
        for (_, form) in german?.allTemplates ?? [] {
            #expect(
                PlaceholderFormat.check(translation: form, against: "%@ ate %lld apples", allowsOmittedArguments: true)
                    == nil)
        }
    }

    @Test func severalSubstitutionsVaryByTheFirstWithAWarning() {
        let json = """
            {"sourceLanguage":"en","strings":{"k":{"localizations":{"en":{
              "stringUnit":{"state":"translated","value":"%#@files@ in %#@folders@"},
              "substitutions":{
                "files":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{
                  "one":{"stringUnit":{"value":"%arg file"}},"other":{"stringUnit":{"value":"%arg files"}}}}},
                "folders":{"argNum":2,"formatSpecifier":"lld","variations":{"plural":{
                  "one":{"stringUnit":{"value":"%arg folder"}},"other":{"stringUnit":{"value":"%arg folders"}}}}}}}}}}}
            """
        let result = parse(json)
        #expect(result.diagnostics.map(\.severity) == [.warning])  // Only the first variable varies.
        #expect(
            value(result, "en", "k")
                == .plural(
                    argument: 0,
                    forms: [.one: "%1$lld file in %2$lld folders", .other: "%1$lld files in %2$lld folders"]))
    }

    @Test func undefinedSubstitutionIsAnError() {
        let json = #"""
            {"sourceLanguage":"en","strings":{"k":{"localizations":{"en":{"stringUnit":{"value":"%#@x@"}}}}}}
            """#
        let result = parse(json)
        #expect(result.diagnostics.map(\.severity) == [.error])
        #expect(result.diagnostics.first?.message.contains("%#@x@") == true)
    }

    @Test func readsUTF16AndEscapedJSON() {
        let json = #"{"sourceLanguage":"fr","strings":{"q\"\u00e9\ud83d\ude00":{}},"version":"1.0"}"#
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in json.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let result = XCStringsParser.parse(Data(bytes), file: "x.xcstrings")
        #expect(result.diagnostics.isEmpty)
        #expect(result.sourceLanguage == "fr")
        #expect(result.entries["fr"]?.first?.key == "q\"é😀")
    }

    @Test func deepNestingIsRejectedWithoutCrashing() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let result = parse("{\"a\":" + deep + "}")
        #expect(result.diagnostics.first?.message.contains("nested too deeply") == true)
        let open = parse("{\"strings\":" + String(repeating: "{\"a\":", count: 5_000))
        #expect(open.diagnostics.first?.message.contains("nested too deeply") == true)
    }

    @Test func garbageAndTruncatedInputsNeverCrash() {
        let valid = Array(Self.pluralCatalog.utf8)
        // Every prefix of a valid catalog, as a truncated file would be.
        for end in 0...valid.count {
            let result = XCStringsParser.parse(bytes: Array(valid[..<end]), file: "t.xcstrings")
            if end < valid.count { #expect(result.diagnostics.contains { $0.severity == .error }) }
        }
        let edges = [
            "", "{", "}", "[]", "null", "\"", "{\"a\"", "{\"a\":", "{\"a\":1,}", "[1,]", "-", "01", "1e", "1.",
            "\"\\u12\"",
            "\"\\uD800\"", "\"\\x\"", "\"a\nb\"", "{\"sourceLanguage\":5,\"strings\":[]}", "{\"strings\":{\"k\":5}}",
            "{\"strings\":{\"k\":{\"localizations\":{\"en\":{\"variations\":{\"plural\":{}}}}}}}", "tru", "nul",
            #"{"strings":{"k":{"localizations":{"en":{"stringUnit":{"value":"%#@v@"},"#
                + #""substitutions":{"v":{"argNum":1e300}}}}}}}"#,
        ]
        for edge in edges { _ = parse(edge) }
        var generator = CatalogTestRandom(seed: 7)
        let alphabet = Array("{}[]:,\"\\ u0e1-.tnf\n".utf8)
        for round in 0..<2_000 {
            var bytes = valid
            // Mutate a few bytes of a valid catalog, or build short random text.
            if round % 2 == 0 {
                for _ in 0..<3 {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                        in: 0...255, using: &generator)
                }
            } else {
                bytes = (0..<Int.random(in: 0...60, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                }
            }
            let result = XCStringsParser.parse(bytes: bytes, file: "t.xcstrings")
            for diagnostic in result.diagnostics { #expect(diagnostic.line >= 1 && diagnostic.column >= 1) }
        }
    }
}
