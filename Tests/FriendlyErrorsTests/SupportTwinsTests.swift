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
            JSONStringEscaper.appendEscapedPlain(text, to: &plain)
            #expect(fast == plain, "\(text.debugDescription)")
        }
    }
}
