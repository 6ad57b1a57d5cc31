// libFuzzer target: resynchronisation of the .xcstrings parser. The input describes a String Catalog
// (keys, values, languages) and one corrupted byte; the catalog is written as Xcode writes it, with
// the byte range of each entry, and the byte is replaced. The property: every entry whose range does
// not hold that byte is still read, with the same text in every language. A lost entry traps, which
// libFuzzer reports as a crash.
func fuzzXCStringsResync(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard input.count >= 4 else { return 0 }
    let corruptedOffset = Int(input[0]) << 8 | Int(input[1])
    let corruptedByte = input[2]
    let languages = Array(["en", "de", "ja", "pt-BR", "zh-Hans"].prefix(1 + Int(input[3] % 5)))
    // The rest is texts separated by 0xFF: a key, then one value per language, then the next key.
    let texts = input[4...].split(separator: 0xFF, omittingEmptySubsequences: false).map { text(from: Array($0)) }
    var entries: [(key: String, values: [String])] = []
    var index = 0
    while index + languages.count < texts.count, entries.count < 64 {
        // Keys are made unique: a repeated key is rightly read once.
        let key = "\(entries.count).\(texts[index])"
        entries.append((key, Array(texts[index + 1...index + languages.count])))
        index += languages.count + 1
    }
    guard !entries.isEmpty else { return 0 }

    var bytes: [UInt8] = Array("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n".utf8)
    var ranges: [Range<Int>] = []
    for (entryIndex, entry) in entries.enumerated() {
        bytes += Array("    ".utf8)
        let start = bytes.count
        bytes += Array("\(quoted(entry.key)) : {\n      \"localizations\" : {\n".utf8)
        for (languageIndex, language) in languages.enumerated() {
            bytes += Array(
                """
                        \(quoted(language)) : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : \(quoted(entry.values[languageIndex]))
                          }
                        }\(languageIndex == languages.count - 1 ? "" : ",")

                """.utf8)
        }
        bytes += Array("      }\n    }".utf8)
        ranges.append(start..<bytes.count)
        bytes += Array((entryIndex == entries.count - 1 ? "\n" : ",\n").utf8)
    }
    bytes += Array("  },\n  \"version\" : \"1.0\"\n}\n".utf8)

    let offset = corruptedOffset % bytes.count
    bytes[offset] = corruptedByte
    let result = XCStringsParser.parse(bytes: bytes, file: "fuzz.xcstrings")
    // A corrupted key can become another entry's key ("18.x" → "12.x"): then the later entry rightly
    // wins, and the parser said so with a duplicate-key warning.
    let duplicated = Set(result.diagnostics.filter { $0.message.hasPrefix("duplicate key") }.compactMap(\.key))
    for (entry, range) in zip(entries, ranges) where !range.contains(offset) && !duplicated.contains(entry.key) {
        for (language, value) in zip(languages, entry.values) {
            let read = result.entries[language]?.last { $0.key == entry.key }?.value
            if read != .text(value) {
                fatalError("lost \(entry.key) [\(language)] after corrupting byte \(offset) to \(corruptedByte)")
            }
        }
    }
    return 0
}

/// Printable text from fuzz bytes, with the characters that matter to JSON kept.
private func text(from bytes: [UInt8]) -> String {
    let alphabet = Array("ab \"\\{}[]:,%@é日\t/u0".unicodeScalars)
    var scalars = String.UnicodeScalarView()
    for byte in bytes.prefix(40) { scalars.append(alphabet[Int(byte) % alphabet.count]) }
    // A state "new" unit with an empty value is skipped on purpose: keep values non-empty.
    return scalars.isEmpty ? "x" : String(scalars)
}

/// `text` as a JSON string.
private func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\t": result += "\\t"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
