import Testing

@testable import FriendlyErrors

/// Quotation marks and punctuation in Western text: each stays with the word it belongs to (UAX #14),
/// whichever way the language turns its quotes.
struct LineWrapperPunctuationTests {
    @Test func aClosingQuoteLetsTheNextWordBreak() {
        #expect(LineWrapper.wrap("„IMG_0042.HEIC“ wurde", width: 20) == ["„IMG_0042.HEIC“", "wurde"])
        #expect(
            LineWrapper.wrap("Die Datei „IMG_0042.HEIC“ wurde nicht gefunden.", width: 20)
                == ["Die Datei", "„IMG_0042.HEIC“", "wurde nicht", "gefunden."])
        #expect(
            LineWrapper.wrap("The photo “IMG_0042.HEIC” was not found.", width: 20)
                == ["The photo", "“IMG_0042.HEIC” was", "not found."])
        #expect(
            LineWrapper.wrap("The photo ‘IMG_0042.HEIC’ was not found.", width: 20)
                == ["The photo", "‘IMG_0042.HEIC’ was", "not found."])
        #expect(
            LineWrapper.wrap("The photo 'IMG_0042.HEIC' was not found.", width: 20)
                == ["The photo", "'IMG_0042.HEIC' was", "not found."])
    }

    @Test func quotesTurnedTheOtherWayStayWithTheirWordToo() {
        // German and Danish »…«, Swiss and French «…» without spaces, German ‚…‘.
        #expect(
            LineWrapper.wrap("Der Ordner »Urlaub« ist leer.", width: 10) == ["Der Ordner", "»Urlaub«", "ist leer."])
        #expect(
            LineWrapper.wrap("Der Ordner «Urlaub» ist leer.", width: 10) == ["Der Ordner", "«Urlaub»", "ist leer."])
        #expect(
            LineWrapper.wrap("Der Ordner ‚Urlaub‘ ist leer.", width: 10) == ["Der Ordner", "‚Urlaub‘", "ist leer."])
        #expect(LineWrapper.wrap("a »b« c «d» e", width: 1) == ["a", "»b«", "c", "«d»", "e"])
    }

    @Test func closingPunctuationAfterAQuoteStaysOnItsLine() {
        #expect(
            LineWrapper.wrap("Sie sagte „Hallo“. Dann ging sie.", width: 12)
                == ["Sie sagte", "„Hallo“.", "Dann ging", "sie."])
        #expect(
            LineWrapper.wrap("He said “Hello”, then left.", width: 10) == ["He said", "“Hello”,", "then left."])
        #expect(LineWrapper.wrap("a (“b”) c", width: 1) == ["a", "(“b”)", "c"])
    }

    @Test func frenchNoBreakSpacesNeverBreak() {
        let guillemets = "Le fichier «\u{A0}IMG_0042.HEIC\u{A0}» est introuvable\u{A0}: vérifiez son nom."
        #expect(
            LineWrapper.wrap(guillemets, width: 20)
                == ["Le fichier", "«\u{A0}IMG_0042.HEIC\u{A0}»", "est introuvable\u{A0}:", "vérifiez son nom."])
        let narrow = "Choisissez «\u{202F}Réessayer\u{202F}» ou annulez\u{202F}; rien n’a changé\u{202F}!"
        #expect(
            LineWrapper.wrap(narrow, width: 1)
                == [
                    "Choisissez", "«\u{202F}Réessayer\u{202F}»", "ou", "annulez\u{202F};", "rien", "n’a",
                    "changé\u{202F}!",
                ])
    }

    @Test func quotesBetweenSpacesFollowTheirKind() {
        // French typed with ordinary spaces: « opens, » closes, punctuation after a space stays.
        #expect(
            LineWrapper.wrap("Le dossier « Vacances » est vide !", width: 12)
                == ["Le dossier", "« Vacances »", "est vide !"])
        #expect(LineWrapper.wrap("« texte »", width: 1) == ["« texte »"])
        #expect(LineWrapper.wrap("a “ b ” c", width: 1) == ["a", "“ b ”", "c"])
        #expect(LineWrapper.wrap("« a » : b", width: 1) == ["« a » :", "b"])
        // A straight quote between spaces says nothing about its side: it may break on either.
        #expect(LineWrapper.wrap("a \" b", width: 1) == ["a", "\"", "b"])
    }

    @Test func openingPunctuationKeepsTheNextWordEvenAcrossSpaces() {
        #expect(LineWrapper.wrap("a ( b ) c", width: 1) == ["a", "( b )", "c"])
        #expect(LineWrapper.wrap("a „ b“ c", width: 1) == ["a", "„ b“", "c"])
        #expect(LineWrapper.wrap("a ¿ b? c", width: 1) == ["a", "¿ b?", "c"])
    }

    @Test func quotesBesideWideCharactersBreakOnTheirOpenSide() {
        // Chinese and Japanese quote like English: “ may start a line, ” may end one.
        #expect(LineWrapper.wrap("他说“你好”他走了", width: 4) == ["他说", "“你", "好”", "他走", "了"])
        // A straight quote stays with the Latin word it touches.
        #expect(LineWrapper.wrap("ファイル\"a.txt\"が", width: 8) == ["ファイ", "ル\"a.txt\"が"])
    }

    @Test(arguments: [1, 2, 3, 5, 8, 13, 20, 30])
    func punctuationRulesHoldForManyInputs(width: Int) {
        var random = CatalogTestRandom(seed: UInt64(width))
        let pieces = [
            "word", "IMG_0042.HEIC", "a", " ", " ", "  ", "„", "“", "”", "‘", "’", "‚", "«", "»", "‹", "›", "\"",
            "'", ".", ",", ";", ":", "!", "?", ")", "(", "]", "[", "\u{A0}", "\u{202F}", "漢", "字", "。", "」", "「",
        ]
        let cannotStart: Set<Character> = [".", ",", ";", ":", "!", "?", ")", "]", "。", "」"]
        let cannotEnd: Set<Character> = ["(", "[", "„", "‚", "「"]
        let glue: Set<Character> = ["\u{A0}", "\u{202F}"]
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<Int(random.next() % 30) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            let lines = LineWrapper.lines(of: text, width: width)
            #expect(lines.map { $0.text + $0.removedAfter }.joined() == text)
            for (number, line) in lines.enumerated().dropLast() {
                let next = lines[number + 1].text
                #expect(!cannotStart.contains(next.first ?? " "), "\(text.debugDescription)")
                #expect(!cannotEnd.contains(line.text.last ?? " "), "\(text.debugDescription)")
                // A no-break space is never where a line breaks (it may stand before the spaces that are).
                if line.removedAfter.isEmpty {
                    #expect(!glue.contains(next.first ?? " ") && !glue.contains(line.text.last ?? " "))
                }
            }
        }
    }

    /// The quote kinds follow the general categories: initial (Pi) and final (Pf) punctuation.
    @Test func quoteKindsMatchTheGeneralCategories() {
        for value: UInt32 in 0...0x1FFFF {
            guard let scalar = Unicode.Scalar(value),
                let kind = LineWrapper.BreakRules.quoteKind(value)
            else { continue }
            switch scalar.properties.generalCategory {
            case .initialPunctuation: #expect(kind == .initial, "\(String(value, radix: 16))")
            case .finalPunctuation: #expect(kind == .final, "\(String(value, radix: 16))")
            default: #expect(kind == .ambiguous, "\(String(value, radix: 16))")
            }
        }
    }
}
