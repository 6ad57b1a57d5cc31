import Testing

@testable import FriendlyErrors

/// Every fast path kept in `Support/` answers what its plain twin answers, over many inputs: edge
/// cases around the eight-byte words, and pseudo-random texts mixing ASCII, controls, Latin, CJK,
/// emoji, bidirectional controls and invalid bytes.
struct SupportTwinsTests {
    /// Pieces the inputs are made of: each pulls a scan into a different branch.
    static let pieces: [[UInt8]] = [
        Array("abcdefgh".utf8), Array("Title \"quoted\" and \\escaped\\".utf8), [0x0A], [0x0D], [0x0D, 0x0A],
        [0x09], [0x00], [0x1B], [0x7F], [0x20], [0x7E], Array("é".utf8), Array("\u{85}".utf8),
        Array("\u{9F}".utf8), Array("\u{A0}".utf8), Array("ファイル".utf8), Array("\u{202E}".utf8),
        Array("\u{2066}".utf8), Array("\u{2069}".utf8), Array("\u{2028}".utf8), Array("❤️".utf8),
        Array("👨‍👩‍👧".utf8), Array("🇯🇵".utf8), Array("👍🏽".utf8), Array("e\u{301}".utf8),
        Array("\u{10FFFF}".utf8), [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x80],
        [0xFF], [0x80], [0xC3], [0xF0, 0x9F, 0x98],
    ]

    /// Deterministic inputs: every piece alone and after 0–9 ASCII bytes, then 2,000 random mixes.
    static let inputs: [[UInt8]] = {
        var inputs: [[UInt8]] = [[]]
        for piece in pieces {
            for padding in 0..<10 { inputs.append(Array(repeating: UInt8(ascii: "x"), count: padding) + piece) }
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33) % bound
        }
        for _ in 0..<2_000 {
            var input: [UInt8] = []
            for _ in 0..<next(12) { input += pieces[next(pieces.count)] }
            inputs.append(input)
        }
        return inputs
    }()

    @Test func utf8ValidatorAgreesWithTheStandardLibrary() {
        for input in Self.inputs {
            #expect(UTF8Validator.isValid(input) == UTF8Validator.isValidPlain(input), "\(input)")
        }
    }

    @Test func asciiRunScannerFindsWhatAByteLoopFinds() {
        for input in Self.inputs {
            for (a, b) in [(UInt8(ascii: "\""), UInt8(ascii: "\\")), (0x0A, 0x0D), (0xE2, 0xE2)] {
                for start in [0, 1, 3, 8, 9, input.count / 2, input.count] {
                    #expect(
                        ASCIIRunScanner.firstIndex(of: a, or: b, in: input, from: start)
                            == ASCIIRunScanner.firstIndexPlain(of: a, or: b, in: input, from: start), "\(input)")
                }
                // A slice answers in its own indices, which are the file's for the parsers' slices.
                let bounds = [(0, input.count), (1, input.count), (3, input.count - 1), (input.count / 2, input.count)]
                for (lower, upper) in bounds where lower <= upper {
                    let slice = input[lower..<upper]
                    for start in [lower, lower + 1, lower + 8, upper] where start <= upper {
                        #expect(
                            ASCIIRunScanner.firstIndex(of: a, or: b, in: slice, from: start)
                                == ASCIIRunScanner.firstIndexPlain(of: a, or: b, in: slice, from: start), "\(input)")
                    }
                }
            }
            var index = 0
            while index + 8 <= input.count {
                var word: UInt64 = 0
                for offset in 0..<8 { word |= UInt64(input[index + offset]) << (offset * 8) }
                #expect(ASCIIRunScanner.isPrintable(word) == ASCIIRunScanner.isPrintablePlain(word), "\(input)")
                index += 1
            }
        }
    }

    @Test func terminalByteScannerFindsWhatTheScalarLoopFinds() {
        for input in Self.inputs {
            let text = String(decoding: input, as: UTF8.self)
            #expect(
                TerminalByteScanner.containsDangerousBytes(text) == TerminalSanitizer.needsEscapingPlain(text),
                "\(text.debugDescription)")
        }
    }

    @Test func utf8ColumnCounterMeasuresWhatTheScalarLoopMeasures() {
        for input in Self.inputs {
            let text = String(decoding: input, as: UTF8.self)
            #expect(
                DisplayWidth.scalarColumnsFast(of: text) == DisplayWidth.scalarColumnsPlain(of: text),
                "\(text.debugDescription)")
        }
    }

    @Test func jsonStringEscaperEscapesWhatTheScalarLoopEscapes() {
        for input in Self.inputs + [Array("<\"&>\u{8}\u{C}\u{61C}\u{200E}\u{200F}".utf8)] {
            let text = String(decoding: input, as: UTF8.self)
            var fast: [UInt8] = []
            var plain: [UInt8] = []
            JSONStringEscaper.appendEscaped(text, to: &fast)
            JSONWriter.appendEscapedPlain(text, to: &plain)
            #expect(fast == plain, "\(text.debugDescription)")
        }
    }

    /// Keys for the string tables: the empty key, keys that differ only in their last bytes, long
    /// keys, non-ASCII keys (each in one normalization form only: see the test after this one), and
    /// ten thousand generated ones, which fill the table enough for many probe sequences to collide.
    static let tableKeys: [String] = {
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

    /// Keys no table above holds: prefixes, extensions and one-byte changes of those it holds.
    static let absentKeys: [String] = {
        var keys = ["code10000.title", "ファイル10002"]
        for key in tableKeys.prefix(40) {
            let upper = key.uppercased()
            keys += [key + "x", key + ".", "x" + key, upper == key ? key + "X" : upper]
        }
        for key in tableKeys.suffix(40) { keys.append(String(key.dropLast()) + "!") }
        return keys
    }()

    @Test func stringTableFindsWhatADictionaryFinds() {
        let dictionary = Dictionary(uniqueKeysWithValues: Self.tableKeys.enumerated().map { ($1, $0) })
        for keys in [Array(Self.tableKeys.prefix(3)), Array(Self.tableKeys.prefix(30)), Self.tableKeys] {
            let wanted = Set(keys)
            let source = dictionary.filter { wanted.contains($0.key) }
            let fast = StringTable(source) { $0 * 2 }
            let plain = PlainStringTable(source) { $0 * 2 }
            #expect(fast.count == plain.count)
            var fastEntries: [String] = []
            var plainEntries: [String] = []
            fast.forEach { entry, key, value in fastEntries.append("\(entry) \(key) \(value)") }
            plain.forEach { entry, key, value in plainEntries.append("\(entry) \(key) \(value)") }
            #expect(fastEntries == plainEntries)
            for key in Self.tableKeys + Self.absentKeys {
                #expect(fast[key] == plain[key], "\(key.debugDescription)")
                #expect(fast.entry(of: key) == plain.entry(of: key), "\(key.debugDescription)")
                if let entry = fast.entry(of: key) { #expect(fast.value(at: entry) == plain.value(at: entry)) }
            }
        }
    }

    @Test func stringTableFilledByInsertionKeepsWhatADictionaryKeeps() {
        // Each key is asked for twice (the second answer is the first insertion's), in place in a
        // longer string and as bytes; tables made small fill up to the capacity they were given.
        for count in [1, 3, 4, 100, Self.tableKeys.count] {
            let keys = Array(Self.tableKeys.prefix(count))
            var fast = StringTable<Int>(capacity: count)
            var plain = PlainStringTable<Int>(capacity: count)
            for (index, key) in (keys + keys.reversed()).enumerated() {
                let line = "<" + key + ">.title"
                let part = line.dropFirst().prefix(while: { $0 != ">" })
                let inserted = index < keys.count
                #expect(
                    fast.value(for: part, orInsert: { index }) == plain.value(for: part, orInsert: { index }),
                    "\(key.debugDescription)")
                let bytes = Array(key.utf8)
                let again = bytes.withUnsafeBufferPointer { buffer in
                    (fast.value(forUTF8: buffer, orInsert: { -1 }), plain.value(forUTF8: buffer, orInsert: { -1 }))
                }
                #expect(again.0 == again.1 && (again.0 == index || !inserted), "\(key.debugDescription)")
            }
            #expect(fast.count == keys.count && plain.count == keys.count)
            for key in keys + Self.absentKeys { #expect(fast.entry(of: key) == plain.entry(of: key)) }
        }
    }

    @Test func stringTableComparesBytesWhereTheDictionaryComparesCanonicalEquivalence() {
        // The intended behaviour is the fast table's, Apple's: a catalog key is found only as written.
        let pairs = [
            ("caf\u{E9}.title", "cafe\u{301}.title"), ("\u{D55C}", "\u{1112}\u{1161}\u{11AB}"),
            ("\u{212B}", "\u{C5}"), ("\u{1E69}", "s\u{323}\u{307}"),
        ]
        for (written, other) in pairs {
            #expect(written == other && Array(written.utf8) != Array(other.utf8))
            let fast = StringTable([written: 1])
            let plain = PlainStringTable([written: 1])
            #expect(fast[written] == 1 && fast[other] == nil)
            #expect(plain[written] == 1 && plain[other] == 1)
            var fastFilled = StringTable<Int>(capacity: 2)
            var plainFilled = PlainStringTable<Int>(capacity: 2)
            for (index, key) in [written, other].enumerated() {
                _ = fastFilled.value(for: key[...], orInsert: { index })
                _ = plainFilled.value(for: key[...], orInsert: { index })
            }
            #expect(fastFilled.count == 2 && plainFilled.count == 1)
        }
    }
}
