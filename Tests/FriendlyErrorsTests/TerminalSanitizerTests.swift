import Testing

@testable import FriendlyErrors

struct TerminalSanitizerTests {
    @Test(arguments: [
        // OSC 0: set the window (and tmux pane) title.
        ("\u{1B}]0;evil\u{07}", #"\u{1B}]0;evil\u{07}"#),
        // OSC 8: a hyperlink whose target differs from its text.
        (
            "\u{1B}]8;;https://evil.example/\u{1B}\\click\u{1B}]8;;\u{1B}\\",
            #"\u{1B}]8;;https://evil.example/\u{1B}\click\u{1B}]8;;\u{1B}\"#
        ),
        // OSC 52: write the clipboard.
        ("\u{1B}]52;c;cm0gLXJmIH4=\u{07}", #"\u{1B}]52;c;cm0gLXJmIH4=\u{07}"#),
        // CSI: clear the screen, move the cursor, colour.
        ("\u{1B}[2J", #"\u{1B}[2J"#),
        ("\u{1B}[1;1H\u{1B}[31mred\u{1B}[0m", #"\u{1B}[1;1H\u{1B}[31mred\u{1B}[0m"#),
        // DCS, SOS, PM and APC strings.
        ("\u{1B}Pq#0\u{1B}\\", #"\u{1B}Pq#0\u{1B}\"#),
        (
            "\u{1B}Xsos\u{1B}\\\u{1B}^pm\u{1B}\\\u{1B}_apc\u{1B}\\",
            #"\u{1B}Xsos\u{1B}\\u{1B}^pm\u{1B}\\u{1B}_apc\u{1B}\"#
        ),
        // Two-byte sequences: full reset, save cursor.
        ("\u{1B}c\u{1B}7", #"\u{1B}c\u{1B}7"#),
        // C1 controls: 8-bit CSI, OSC and ST.
        ("\u{9B}2J", #"\u{9B}2J"#),
        ("\u{9D}0;evil\u{9C}", #"\u{9D}0;evil\u{9C}"#),
    ])
    func escapeSequencesBecomeVisibleText(input: String, expected: String) {
        #expect(TerminalSanitizer.sanitize(input) == expected)
    }

    @Test func carriageReturnIsEscapedSoItCannotOverwriteTheLine() {
        #expect(TerminalSanitizer.sanitize("\r") == #"\u{0D}"#)
        #expect(TerminalSanitizer.sanitize("safe\rrm -rf") == #"safe\u{0D}rm -rf"#)
        #expect(TerminalSanitizer.sanitize("\r\r\n") == "\\u{0D}\n")
        #expect(TerminalSanitizer.sanitize("end\r") == #"end\u{0D}"#)
    }

    @Test func windowsLineEndingsBecomeNewlines() {
        #expect(TerminalSanitizer.sanitize("one\r\ntwo\r\n") == "one\ntwo\n")
    }

    @Test func newlineAndTabAreKept() {
        #expect(TerminalSanitizer.sanitize("a\nb\tc") == "a\nb\tc")
    }

    @Test(arguments: [
        ("\u{00}", #"\u{00}"#),
        ("\u{07}", #"\u{07}"#),
        ("\u{08}", #"\u{08}"#),
        ("\u{0B}", #"\u{0B}"#),
        ("\u{0C}", #"\u{0C}"#),
        ("\u{1F}", #"\u{1F}"#),
        ("\u{7F}", #"\u{7F}"#),
        ("\u{80}", #"\u{80}"#),
        ("\u{85}", #"\u{85}"#),
        ("\u{9F}", #"\u{9F}"#),
    ])
    func controlCharactersAreEscapedWithTwoHexDigits(input: String, expected: String) {
        #expect(TerminalSanitizer.sanitize(input) == expected)
    }

    @Test func bidiOverridesAndIsolatesAreEscaped() {
        #expect(TerminalSanitizer.sanitize("access\u{202E}txt.exe") == #"access\u{202E}txt.exe"#)
        let overrides = "\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}"
        #expect(
            TerminalSanitizer.sanitize(overrides)
                == #"\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}"#)
    }

    @Test func bidiMarksAndNeighbouringCharactersAreKept() {
        // LRM, RLM and ALM, and the code points whose UTF-8 is next to the escaped ranges.
        let kept = "\u{200E}\u{200F}\u{061C}\u{2029}\u{202F}\u{2065}\u{206A}\u{A0}\u{A9}\u{2028}"
        #expect(TerminalSanitizer.sanitize(kept) == kept)
        #expect(TerminalSanitizer.sanitize("שלום \u{200F}(1)") == "שלום \u{200F}(1)")
    }

    @Test(arguments: [
        "plain ASCII message",
        "設定ファイルが見つかりません。",
        "héllo wörld — 👨‍👩‍👧 🇯🇵",
        "path\\with\\backslashes and \\u{1B} written out",
        "multi\nline\twith tabs",
        "",
    ])
    func cleanTextIsReturnedUnchanged(text: String) {
        let sanitized = TerminalSanitizer.sanitize(text)
        #expect(sanitized == text)
        #expect(Array(sanitized.utf8) == Array(text.utf8))
    }

    @Test func escapingIsStable() {
        let dirty = "\u{1B}]0;t\u{07}\r\u{9B}\u{202E}x"
        let once = TerminalSanitizer.sanitize(dirty)
        #expect(TerminalSanitizer.sanitize(once) == once)
    }

    @Test func escapesInsideMultibyteTextKeepTheTextAround() {
        #expect(TerminalSanitizer.sanitize("漢\u{1B}[2J字") == #"漢\u{1B}[2J字"#)
        #expect(TerminalSanitizer.sanitize("e\u{301}\u{7F}👍🏽") == "e\u{301}\\u{7F}👍🏽")
    }

    @Test func outputHasNoControlOrBidiOverrideScalarsForAnyInput() {
        var scalars: [Unicode.Scalar] = (0...0x1FF).compactMap(Unicode.Scalar.init)
        scalars += (0x2000...0x206F).compactMap(Unicode.Scalar.init)
        scalars += ["漢", "👍", "\u{FE0F}", "\u{200D}"]
        // Every scalar alone, after text, and before a newline, so each sits at every position.
        var inputs = scalars.map { String($0) }
        inputs += scalars.map { "ab\($0)" }
        inputs += scalars.map { "\($0)\n" }
        inputs.append(String(String.UnicodeScalarView(scalars)))

        for input in inputs {
            let output = TerminalSanitizer.sanitize(input)
            for scalar in output.unicodeScalars {
                let value = scalar.value
                let allowedControl = value == 0x0A || value == 0x09
                #expect(value >= 0x20 || allowedControl, "U+\(String(value, radix: 16)) in \(output.debugDescription)")
                #expect(!(0x7F...0x9F).contains(value), "U+\(String(value, radix: 16))")
                #expect(!(0x202A...0x202E).contains(value) && !(0x2066...0x2069).contains(value))
            }
            for byte in output.utf8 where byte < 0x20 {
                #expect(byte == 0x0A || byte == 0x09)
            }
        }
    }

    @Test func fastPathAgreesWithScalarRules() {
        // A string needs escaping exactly when one of its scalars is dangerous (CR LF aside).
        for value in 0...0x2100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "x\(scalar)y"
            let changed = TerminalSanitizer.sanitize(text) != text
            #expect(changed == TerminalSanitizer.isDangerous(scalar), "U+\(String(value, radix: 16))")
        }
    }

    /// The byte scan skips the continuation bytes of other scalars; it must still find every
    /// dangerous scalar wherever it sits among multi-byte neighbours.
    @Test func byteScanAgreesWithCheckingEveryScalar() {
        let neighbours = [
            "", "a", "é", "漢", "か\u{3099}", "👨‍👩‍👧", "\u{2029}", "\u{2065}", "\u{206A}", "\u{202F}", "\u{C1}",
        ]
        var scalars: [Unicode.Scalar] = []
        for value in UInt32(0)...0x3FF { scalars.append(Unicode.Scalar(value)!) }
        for value in UInt32(0x2000)...0x20FF { scalars.append(Unicode.Scalar(value)!) }
        scalars += ["\u{3000}", "\u{FEFF}", "\u{1F600}", "\u{E0001}"]
        for scalar in scalars {
            for before in neighbours {
                for after in neighbours {
                    let text = before + String(Character(scalar)) + after + "\r\n" + before
                    #expect(
                        TerminalSanitizer.sanitize(text) == TerminalSanitizer.escapingEveryScalar(text),
                        "U+\(String(scalar.value, radix: 16)) between \(before) and \(after)")
                }
            }
        }
    }

    @Test(arguments: [
        "plain", "漢字かなカナ、。", "e\u{301}", "🇯🇵👍🏽", "\u{1B}]0;t\u{07}", "a\u{9B}b", "x\u{202E}y\u{2069}", "\r", "cr\r\nlf",
        "\u{7F}", "tab\tnew\n",
    ])
    func sanitizeAgreesWithCheckingEveryScalar(text: String) {
        #expect(TerminalSanitizer.sanitize(text) == TerminalSanitizer.escapingEveryScalar(text))
    }
}
