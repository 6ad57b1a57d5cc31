import Testing

@testable import FriendlyErrors

/// The byte access of `Support/String+UTF8Bytes.swift` answers what the string's `UTF8View` answers:
/// for native strings, substrings of them, and strings read from invalid UTF-8 (shown as U+FFFD).
struct StringUTF8BytesTests {
    static let texts: [String] = SupportTwinsTests.inputs.map { String(decoding: $0, as: UTF8.self) }

    @Test func containsUTF8ByteAgreesWithTheUTF8View() {
        let bytes: [UInt8] = [0x00, 0x0A, UInt8(ascii: "%"), UInt8(ascii: "\\"), 0x80, 0xE3, 0xBD, 0xFF]
        for text in Self.texts {
            let substring = text.dropFirst(text.count / 3)
            for byte in bytes {
                #expect(text.containsUTF8Byte(byte) == text.utf8.contains(byte), "\(Array(text.utf8))")
                #expect(substring.containsUTF8Byte(byte) == substring.utf8.contains(byte), "\(Array(text.utf8))")
            }
        }
    }

    @Test func aStringTablePrefixLookupFindsTheKeyThatIsThatPrefix() {
        var table = StringTable<Int>(capacity: 8)
        for (index, key) in ["file.notFound", "file", "ファイル.見つからない", ""].enumerated() {
            _ = table.value(forUTF8Prefix: key.utf8.count, of: key + ".title") { index }
        }
        #expect(table["file.notFound"] == 0)
        #expect(table["file"] == 1)
        #expect(table["ファイル.見つからない"] == 2)
        #expect(table[""] == 3)
        // A second lookup of the same prefix finds the entry rather than inserting another.
        #expect(table.value(forUTF8Prefix: 4, of: "file.message") { 99 } == 1)
        #expect(table.count == 4)
    }
}
