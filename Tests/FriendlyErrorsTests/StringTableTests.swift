import Foundation
import Testing

@testable import FriendlyErrors

/// `StringTable` (the catalog index's tables) finds what a `Dictionary` finds, and keeps each entry
/// at the position it was inserted at, which the index's flat field slots rely on.
struct StringTableTests {
    /// The empty key, keys that differ only in their last bytes, long and non-ASCII keys, and ten
    /// thousand generated ones.
    static let keys: [String] = {
        var keys = [
            "", "a", "b", "ab", "ba", "category.notFound", "category.conflict", "category.notFound.title",
            "file.notFound.title", "file.notFound.message", "action.ok", "ja", "ja-JP", "zh-Hant-TW",
            String(repeating: "long.key.", count: 40), String(repeating: "x", count: 1_000) + "y",
            "ファイル.見つかりません.title", "caf\u{E9}.title", "\u{D55C}\u{AD6D}\u{C5B4}", "👨‍👩‍👧.message", "🇯🇵",
            "\u{0}", "key\u{0}with.nul", "tab\tkey", "\u{10FFFF}",
        ]
        for index in 0..<10_000 {
            switch index % 4 {
            case 0: keys.append("code\(index).title")
            case 1: keys.append("domain.\(index).action.retry")
            case 2: keys.append("ファイル\(index)")
            default: keys.append(String(repeating: "k", count: index % 97) + "\(index)")
            }
        }
        return keys
    }()

    /// Keys no table here holds: extensions and changes of those it holds.
    static let absentKeys: [String] = {
        var keys = ["code10000.title", "ファイル10002"]
        for key in Self.keys.prefix(40) { keys += [key + "x!", key + ".", "x!" + key] }
        for key in Self.keys.suffix(40) { keys.append(String(key.dropLast()) + "!") }
        return keys
    }()

    @Test func findsWhatADictionaryFindsAtTheInsertionPositions() {
        let dictionary = Dictionary(uniqueKeysWithValues: Self.keys.enumerated().map { ($1, $0) })
        let table = StringTable(dictionary) { $0 * 2 }
        #expect(table.count == dictionary.count)
        var order: [String] = []
        table.forEach { entry, key, value in
            #expect(entry == order.count && value == dictionary[key].map { $0 * 2 }, "\(key.debugDescription)")
            order.append(key)
        }
        #expect(order == Array(dictionary.keys))
        for key in Self.keys {
            let entry = table.entry(of: key)
            #expect(entry.map { order[$0] } == key && table[key] == dictionary[key].map { $0 * 2 })
            #expect(entry.map(table.value(at:)) == table[key], "\(key.debugDescription)")
        }
        for key in Self.absentKeys {
            #expect(table.entry(of: key) == nil && table[key] == nil, "\(key.debugDescription)")
        }
    }

    @Test func fillingByInsertionKeepsEachKeysFirstValue() {
        for count in [0, 1, 3, 100, Self.keys.count] {
            let keys = Array(Self.keys.prefix(count))
            var table = StringTable<Int>(capacity: count)
            // Each key asked for twice, as the start of a longer string: the second answer is the first's.
            for (index, key) in (keys + keys.reversed()).enumerated() {
                let value = table.value(forUTF8Prefix: key.utf8.count, of: key + ".title", orInsert: { index })
                #expect(value == (index < count ? index : 2 * count - 1 - index), "\(key.debugDescription)")
            }
            #expect(table.count == count)
            for (index, key) in keys.enumerated() { #expect(table.entry(of: key) == index) }
            for key in Self.absentKeys { #expect(table.entry(of: key) == nil) }
        }
    }

    @Test func canonicallyEquivalentKeysAreOneKey() {
        // As `String` compares them, and as the catalog's own tables (a `Dictionary` per language) do.
        let pairs = [
            ("caf\u{E9}.title", "cafe\u{301}.title"), ("\u{D55C}", "\u{1112}\u{1161}\u{11AB}"),
            ("\u{212B}", "\u{C5}"), ("\u{1E69}", "s\u{323}\u{307}"),
        ]
        for (written, other) in pairs {
            #expect(Array(written.utf8) != Array(other.utf8))
            let table = StringTable([written: 1])
            #expect(table[written] == 1 && table[other] == 1)
            var filled = StringTable<Int>(capacity: 2)
            #expect(filled.value(forUTF8Prefix: written.utf8.count, of: written + ".title", orInsert: { 1 }) == 1)
            #expect(filled.value(forUTF8Prefix: other.utf8.count, of: other + ".title", orInsert: { 2 }) == 1)
            #expect(filled.count == 1)
        }
    }

    @Test func anAlertFindsItsCodesTextsWrittenInAnotherNormalizationForm() {
        struct Closed: FriendlyError {
            var code: String { "caf\u{E9}.closed" }
            var category: ErrorCategory { .unavailable }
        }
        let catalog = TranslationCatalog(strings: ["en": ["cafe\u{301}.closed.title": "The café is closed"]])
        let alert = AlertPipeline().addingCatalog(catalog).alert(for: Closed(), in: "en")
        #expect(alert.title == "The café is closed")
    }
}
