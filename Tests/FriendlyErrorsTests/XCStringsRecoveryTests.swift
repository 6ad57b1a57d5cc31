import Foundation
import Testing

@testable import FriendlyErrors

/// A syntax error in a String Catalog loses only the entry it is in: every other entry is kept in
/// every language, and each error is reported at its `file:line:column`.
@Suite struct XCStringsRecoveryTests {
    /// A catalog as Xcode writes it, with the byte range of each entry (from its key's opening quote
    /// to its closing brace).
    struct Sample {
        var text: String
        var ranges: [String: Range<Int>]
    }

    static let languages = ["de", "en", "ja"]
    static let keys = ["alpha", "beta", "gamma", "delta"]

    static func value(_ key: String, _ language: String) -> String { "\(key) in \(language) %@" }

    static let sample: Sample = {
        var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        var ranges: [String: Range<Int>] = [:]
        for (index, key) in keys.enumerated() {
            text += "    "
            let start = text.utf8.count
            text += "\"\(key)\" : {\n      \"localizations\" : {\n"
            for (languageIndex, language) in languages.enumerated() {
                text += """
                            "\(language)" : {
                              "stringUnit" : {
                                "state" : "translated",
                                "value" : "\(value(key, language))"
                              }
                            }\(languageIndex == languages.count - 1 ? "" : ",")

                    """
            }
            text += "      }\n    }"
            ranges[key] = start..<text.utf8.count
            text += index == keys.count - 1 ? "\n" : ",\n"
        }
        text += "  },\n  \"version\" : \"1.0\"\n}\n"
        return Sample(text: text, ranges: ranges)
    }()

    private func firstReplaced(_ text: String, _ target: String, _ replacement: String) -> String {
        guard let range = text.range(of: target) else { return text }
        return text.replacingCharacters(in: range, with: replacement)
    }

    private func parse(_ bytes: [UInt8]) -> XCStringsParser.Result {
        XCStringsParser.parse(bytes: bytes, file: "App.xcstrings")
    }

    /// The keys whose text is exactly the original in every language.
    private func intactKeys(_ result: XCStringsParser.Result) -> Set<String> {
        Set(
            Self.keys.filter { key in
                Self.languages.allSatisfy { language in
                    result.entries[language]?.last { $0.key == key }?.value == .text(Self.value(key, language))
                }
            })
    }

    /// The sample with `edit` applied to the text of one entry.
    private func sample(editing key: String, _ edit: (String) -> String) -> [UInt8] {
        let bytes = Array(Self.sample.text.utf8)
        let range = Self.sample.ranges[key]!
        let entry = String(decoding: bytes[range], as: UTF8.self)
        return Array(bytes[..<range.lowerBound]) + Array(edit(entry).utf8) + Array(bytes[range.upperBound...])
    }

    @Test func theSampleIsValid() {
        let result = parse(Array(Self.sample.text.utf8))
        #expect(result.diagnostics.isEmpty)
        #expect(intactKeys(result) == Set(Self.keys))
    }

    @Test func aStrayCommaInOneEntryKeepsEveryOtherEntryInEveryLanguage() {
        // A doubled comma between two languages of "beta".
        let bytes = sample(editing: "beta") { firstReplaced($0, "    },\n", "    },,\n") }
        let result = parse(bytes)
        #expect(intactKeys(result) == ["alpha", "gamma", "delta"])
        #expect(
            result.diagnostics.map { $0.description } == ["App.xcstrings:33:11: error: expected a key in double quotes"]
        )
    }

    @Test func aCommaBeforeAClosingBraceIsReportedAndTheEntryKept() {
        let bytes = sample(editing: "gamma") { firstReplaced($0, "%@\"\n", "%@\",\n") }
        let result = parse(bytes)
        #expect(intactKeys(result) == Set(Self.keys))
        #expect(
            result.diagnostics.map { $0.description }
                == ["App.xcstrings:53:39: error: a ',' before '}' (the comma is ignored)"])
    }

    @Test func aMissingCommaBetweenEntriesLosesNothing() {
        var text = Self.sample.text
        let end = text.utf8.index(text.utf8.startIndex, offsetBy: Self.sample.ranges["alpha"]!.upperBound)
        text.remove(at: end)  // the comma after "alpha"
        let result = parse(Array(text.utf8))
        #expect(intactKeys(result) == Set(Self.keys))
        #expect(result.diagnostics.map(\.message) == [#"expected ',' or '}' after the value of "alpha""#])
    }

    @Test func aMissingClosingBraceKeepsTheEntriesItWouldSwallow() {
        // "beta" is not closed: "gamma" and "delta" parse as its members.
        let bytes = sample(editing: "beta") { String($0.dropLast()) }
        let result = parse(bytes)
        #expect(intactKeys(result).isSuperset(of: ["alpha", "gamma", "delta"]))
        #expect(result.diagnostics.map { $0.description }.first == "App.xcstrings:95:1: error: expected '}'")
    }

    @Test func anExtraClosingBraceKeepsTheEntriesItWouldPushOut() {
        // "beta" closes twice: "gamma" and "delta" end up outside "strings".
        let bytes = sample(editing: "beta") { $0 + "}" }
        let result = parse(bytes)
        #expect(intactKeys(result) == Set(Self.keys))
        // Valid JSON up to the end of "strings": the error is the text after the document's end.
        #expect(
            result.diagnostics.map { $0.description }
                == ["App.xcstrings:92:4: error: unexpected text after the JSON document"])
    }

    @Test func anUnterminatedStringLosesOnlyItsEntry() {
        let bytes = sample(editing: "gamma") { firstReplaced($0, "%@\"\n", "%@\n") }
        let result = parse(bytes)
        #expect(intactKeys(result) == ["alpha", "beta", "delta"])
        #expect(result.diagnostics.first?.line == 53)
        #expect(result.diagnostics.first?.severity == .error)
    }

    @Test func severalErrorsAreEachReportedAndTheRestKept() {
        var bytes = sample(editing: "alpha") { firstReplaced($0, ": {", ": {{") }
        let shift = 1
        let range = Self.sample.ranges["gamma"]!
        let gamma = String(decoding: bytes[(range.lowerBound + shift)..<(range.upperBound + shift)], as: UTF8.self)
        let broken = Array(gamma.replacingOccurrences(of: "\"state\" :", with: "\"state\" ::").utf8)
        bytes.replaceSubrange((range.lowerBound + shift)..<(range.upperBound + shift), with: broken)
        let result = parse(bytes)
        #expect(intactKeys(result) == ["beta", "delta"])
        #expect(result.diagnostics.filter { $0.severity == .error }.count == 2)
        #expect(result.diagnostics.map(\.line) == [4, 52])
    }

    @Test func aDamagedStringsKeyStillGivesTheEntries() {
        let text = Self.sample.text.replacingOccurrences(of: "\"strings\"", with: "\"strinxs\"")
        let result = parse(Array(text.utf8))
        #expect(intactKeys(result) == Set(Self.keys))
        #expect(
            result.diagnostics.map(\.message) == [#"the catalog has no "strings"; reading the entries of "strinxs""#])
    }

    /// The fuzz target's property, at every byte of the sample, for the bytes that break JSON most.
    @Test func oneCorruptedByteNeverLosesAnEntryThatDoesNotHoldIt() {
        let original = Array(Self.sample.text.utf8)
        var failures: [String] = []
        for offset in original.indices {
            for replacement in Array("x}{],\":\n\\".utf8) + [0x00, 0xFF] where original[offset] != replacement {
                var bytes = original
                bytes[offset] = replacement
                let kept = intactKeys(parse(bytes))
                let expected = Self.keys.filter { !Self.sample.ranges[$0]!.contains(offset) }
                let lost = expected.filter { !kept.contains($0) }
                if !lost.isEmpty {
                    failures.append("byte \(offset) → \(replacement): lost \(lost)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }
}
