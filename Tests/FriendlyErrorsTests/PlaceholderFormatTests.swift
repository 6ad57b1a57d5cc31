import Testing

@testable import FriendlyErrors

@Suite struct PlaceholderFormatTests {
    private func format(_ template: String, _ arguments: LocalizableText.Argument...) -> String {
        PlaceholderFormat.format(template, arguments: arguments)
    }

    // MARK: - Formatting

    @Test func textWithoutPlaceholdersIsReturnedUnchanged() {
        #expect(format("Nothing to see, 100 percent.") == "Nothing to see, 100 percent.")
        #expect(format("") == "")
    }

    @Test func sequentialPlaceholdersTakeArgumentsInOrder() {
        #expect(format("%@ has %d files", "Disk", 3) == "Disk has 3 files")
        #expect(format("%ld, %lld, %i, %u, %lu, %llu", 1, -2, 3, 4, 5, 6) == "1, -2, 3, 4, 5, 6")
        #expect(format("100%% of %@", "ユーザー") == "100% of ユーザー")
    }

    @Test func decimalDigitsAreRightAtEveryPowerOfTenAndItsNeighbours() {
        var values: [UInt64] = [0, 9, UInt64.max, UInt64.max - 1, UInt64(Int64.max), UInt64(Int64.max) + 1]
        var power: UInt64 = 10
        while true {
            values += [power - 1, power, power + 1]
            let (next, overflow) = power.multipliedReportingOverflow(by: 10)
            if overflow { break }
            power = next
        }
        for value in values {
            #expect(format("%llu", .unsigned(value)) == String(value))
            #expect(format("<%lld>", .unsigned(value)) == "<\(value)>")
            if value <= UInt64(Int64.max) {
                #expect(format("%d.", .integer(Int64(value))) == "\(value).")
                #expect(format("%lld", .integer(-Int64(value))) == (value == 0 ? "0" : "-\(value)"))
            }
        }
        #expect(format("%lld", .integer(Int64.min)) == String(Int64.min))
    }

    @Test func positionalPlaceholdersPickTheirArgument() {
        #expect(format("%2$@ hat %1$d Dateien", 3, "Disk") == "Disk hat 3 Dateien")
        #expect(format("%1$@ and %1$@", "a") == "a and a")
        #expect(format("%1$.2f / %2$lld", 3.14159, 7) == "3.14 / 7")
    }

    @Test func missingArgumentsKeepThePlaceholderVerbatim() {
        #expect(format("%@ has %d files") == "%@ has %d files")
        #expect(format("%@ has %d files", "Disk") == "Disk has %d files")
        #expect(format("%3$@ and %1$@", "a") == "%3$@ and a")
    }

    @Test func extraArgumentsAreIgnored() {
        #expect(format("just %@", "one", "two", 3) == "just one")
    }

    @Test func wrongKindArgumentsAreShownAsTheirValue() {
        #expect(format("%@", 42) == "42")
        #expect(format("%d", "forty-two") == "forty-two")
        #expect(format("%d", 2.5) == "2.5")
        #expect(format("%d", 2.0) == "2")
        #expect(format("%f", 3) == "3.000000")
        #expect(format("%.2f", "n/a") == "n/a")
        #expect(format("%@", 1.5) == "1.5")
        #expect(format("%u", -1) == "-1")
        #expect(format("%f", .integer(Int64.max)) == "9223372036854775807.000000")
    }

    @Test func unknownSpecifiersAreKeptVerbatim() {
        #expect(format("%k and %@", "x") == "%k and x")
        #expect(format("50%", 1) == "50%")
        #expect(format("%*d", 3, 4) == "%*d")
        #expect(format("%0$d", 3) == "%0$d")
        #expect(format("%é", 3) == "%é")
    }

    @Test func fixedPointFormattingRoundsTheExactBinaryValue() {
        #expect(format("%f", 1.5) == "1.500000")
        #expect(format("%.2f", 1.005) == "1.00")  // 1.00499999999999989…
        #expect(format("%.2f", 0.125) == "0.12")  // An exact tie rounds to even, as in C.
        #expect(format("%.2f", 0.375) == "0.38")
        #expect(format("%.0f", 2.5) == "2")
        #expect(format("%.0f", 3.5) == "4")
        #expect(format("%.1f", 9.96) == "10.0")
        #expect(format("%.3f", -0.0004) == "-0.000")
        #expect(format("%.1f", 0.05) == "0.1")  // 0.05000000000000000277…
        #expect(format("%.f", 0.5) == "0")
        #expect(format("%.20f", 0.1) == "0.10000000000000000555")
        #expect(format("%.999f", 1.0) == "1." + String(repeating: "0", count: 20))
        #expect(format("%f", 1e20) == "100000000000000000000.000000")
        #expect(format("%.0f", 1.7976931348623157e308).count == 309)
        #expect(format("%.3f", .double(.leastNonzeroMagnitude)) == "0.000")
    }

    @Test func specialDoublesAreShownSanely() {
        #expect(format("%f", .double(.nan)) == "nan")
        #expect(format("%F", .double(.infinity)) == "INF")
        #expect(format("%.2f", .double(-.infinity)) == "-inf")
        #expect(format("%05f", .double(.infinity)) == "  inf")
    }

    @Test func exponentAndGeneralNotationMatchC() {
        #expect(format("%e", 12345.678) == "1.234568e+04")
        #expect(format("%.2E", 0.000123) == "1.23E-04")
        #expect(format("%e", 0.0) == "0.000000e+00")
        #expect(format("%g", 0.0001) == "0.0001")
        #expect(format("%g", 0.00001) == "1e-05")
        #expect(format("%g", 123456.0) == "123456")
        #expect(format("%g", 1234567.0) == "1.23457e+06")
        #expect(format("%g", 100.0) == "100")
        #expect(format("%.3g", 3.14159) == "3.14")
        #expect(format("%g", 9.9999999) == "10")
    }

    @Test func flagsWidthAndPrecisionWorkAsInPrintf() {
        #expect(format("[%5d]", 42) == "[   42]")
        #expect(format("[%-5d]", 42) == "[42   ]")
        #expect(format("[%05d]", -42) == "[-0042]")
        #expect(format("[%+d]", 42) == "[+42]")
        #expect(format("[% d]", 42) == "[ 42]")
        #expect(format("[%.3d]", 7) == "[007]")
        #expect(format("[%x %X %#x %o %#o]", 255, 255, 255, 8, 8) == "[ff FF 0xff 10 010]")
        #expect(format("[%8.2f]", 3.14159) == "[    3.14]")
        #expect(format("[%08.2f]", -3.14159) == "[-0003.14]")
        #expect(format("[%6@]", "ab") == "[    ab]")
        #expect(format("[%-4@]", "日本") == "[日本  ]")
        #expect(format("[%999999999d]", 1).count == 2 + PlaceholderSpec.maximumWidth)
    }

    @Test func formattingNeverCrashesOnMismatchedArguments() {
        let templates = [
            "%d", "%@", "%s", "%f", "%.9999f", "%1$d %1$@", "%2$d", "%lld%", "%", "%%%", "%#@name@", "%1$#@x@",
            "%ll", "%.", "%-", "%+.3e", "%#g", "%0*d", "%99999999999999999999$d", "%1$", "%$d", "%hhd %hd %zd %jd",
            "%5$@ %4$@ %3$@ %2$@ %1$@", "\u{0}%\u{0}", "%é%ü%", "%.20e", "%.0e", "%#.0f", "%#x", "%G",
        ]
        let arguments: [LocalizableText.Argument] = [
            "text", .integer(Int64.min), .unsigned(UInt64.max), .double(.nan), .double(-.infinity),
            .double(-0.0), .double(.leastNonzeroMagnitude), .double(.greatestFiniteMagnitude), "",
        ]
        for template in templates {
            for count in 0...arguments.count {
                for rotation in 0..<arguments.count {
                    let rotated = Array(arguments[rotation...] + arguments[..<rotation])
                    _ = PlaceholderFormat.format(template, arguments: Array(rotated.prefix(count)))
                }
            }
        }
        // Every byte prefix of a busy template, as a truncated translation would be.
        let busy = Array("%1$@: %2$-+08.3f, %3$#llx %4$5.2e 100%% %5$g %6$#@v@ ü".utf8)
        for end in 0...busy.count {
            let template = String(decoding: busy[..<end], as: UTF8.self)
            _ = PlaceholderFormat.format(template, arguments: arguments)
            _ = PlaceholderFormat.signature(of: template)
        }
    }

    // MARK: - Signatures and checks

    @Test func signatureTreatsIntegerLengthsAsOneKind() {
        let signature = PlaceholderFormat.signature(of: "%d %ld %lld %u %@ %.2f")
        #expect(signature.kinds == [.integer, .integer, .integer, .integer, .object, .double])
        #expect(signature.problems.isEmpty)
    }

    @Test func signatureReportsMixingGapsUnknownsAndConflicts() {
        // Unnumbered placeholders count among themselves, so `%d` reads argument 1 as well.
        #expect(
            PlaceholderFormat.signature(of: "%1$@ %d").problems == [
                .mixedPositionalAndSequential, .conflictingKinds(index: 0, .object, .integer),
            ])
        #expect(PlaceholderFormat.signature(of: "%1$@ %3$@").problems == [.gap(index: 1)])
        #expect(PlaceholderFormat.signature(of: "%k").problems == [.unknownSpecifier("%k")])
        #expect(
            PlaceholderFormat.signature(of: "%1$d %1$@").problems == [.conflictingKinds(index: 0, .integer, .object)])
        #expect(PlaceholderFormat.signature(of: "%#@files@").problems == [.unresolvedSubstitution("files")])
        #expect(PlaceholderFormat.signature(of: "%1$@ %3$@").kinds == [.object, nil, .object])
    }

    @Test func reorderedTranslationWithSameKindsIsAccepted() {
        #expect(PlaceholderFormat.check(translation: "%2$@ hat %1$d Dateien", against: "%d files on %@") == nil)
        #expect(PlaceholderFormat.check(translation: "%2$@ に %1$lld 個", against: "%lld files on %@") == nil)
        #expect(PlaceholderFormat.check(translation: "%d Dateien", against: "%lld files") == nil)
        #expect(PlaceholderFormat.check(translation: "Kein Platzhalter", against: "No placeholder") == nil)
    }

    @Test func translationWithSwappedKindsIsRejected() {
        let problem = PlaceholderFormat.check(translation: "%d files on %@", against: "%@ has %d files")
        #expect(problem == "placeholder 1 is %d here but %@ in the base language")
    }

    @Test func translationWithMissingOrExtraPlaceholdersIsRejected() {
        #expect(
            PlaceholderFormat.check(translation: "Dateien", against: "%d files")
                == "placeholder 1 (%d) of the base language is missing here")
        #expect(
            PlaceholderFormat.check(translation: "%@ %@", against: "%@")
                == "placeholder 2 (%@) is not in the base language")
        #expect(
            PlaceholderFormat.check(translation: "%2$@", against: "%d on %@")
                == "placeholder 1 (%d) of the base language is missing here")
        #expect(
            PlaceholderFormat.check(translation: "One file", against: "%d files", allowsOmittedArguments: true) == nil)
    }

    @Test func translationWithBrokenPlaceholdersIsRejected() {
        #expect(PlaceholderFormat.check(translation: "%1$@ %d", against: "%@ %d") != nil)
        #expect(PlaceholderFormat.check(translation: "%k", against: "%@") == "unknown placeholder %k")
        // A problem the base has too is not the translation's fault.
        #expect(PlaceholderFormat.check(translation: "100%", against: "100%") == nil)
    }

    @Test func formatIsFastOnTheHotPath() {
        let clock = ContinuousClock()
        let plain = clock.measure {
            for _ in 0..<10_000 { _ = PlaceholderFormat.format("The volume is read-only.", arguments: []) }
        }
        let filled = clock.measure {
            for index in 0..<10_000 {
                _ = PlaceholderFormat.format("Only %lld MB are left on %@.", arguments: [.integer(index), "Data"])
            }
        }
        // Generous bounds: debug builds on a busy CI machine; release is about 50 times faster.
        #expect(plain < .seconds(1))
        #expect(filled < .seconds(2))
    }
}
