extension LineWrapper {
    /// Where a line may break, after UAX #14 (Unicode line breaking) for quotation marks, brackets,
    /// closing punctuation and glue, and after JIS X 4051's kinsoku rules as most Japanese software
    /// applies them.
    ///
    /// The rules look at a cluster's scalar when it has only one, nil otherwise: no rule applies to a
    /// cluster of several scalars. A space is U+0020 only; a no-break space (U+00A0, U+202F) is glue,
    /// never a break, so French `«\u{A0}texte\u{A0}»` stays together and `mot\u{A0}:` never puts `:`
    /// first on a line.
    ///
    /// Quotation marks: `„` and `‚` always open (class OP) and keep the word after them. Most others
    /// (class QU) are ambiguous — `“` opens in English and closes in German, `»` closes in French and
    /// opens in German and Danish — so a quote belongs to the side that is not a space: a break at
    /// the spaces after `„IMG_0042.HEIC“` or before `»Text«` is allowed, as after any word. A quote
    /// with spaces on both sides (French `« texte »` typed with ordinary spaces) goes by its kind:
    /// an initial quote (`« “ ‘ ‹`) keeps what follows (LB15a), a final one (`» ” ’ ›`) what precedes
    /// (LB15b), and a straight `"` or `'` may break on either side. Without a space, a quote never
    /// breaks from what touches it (LB19), except beside a wide character, where an initial quote may
    /// start a line and a final one end it as the CJK rules always did (`他说“你好”。`).
    enum BreakRules {
        /// Whether a line may break at the spaces between two clusters that are not spaces.
        static func mayBreakAtSpaces(after previous: Int, before next: Int, in scalars: [UInt32?]) -> Bool {
            let before = scalars[previous]
            let after = scalars[next]
            // LB14: nothing leaves an opening bracket or `„`, even across spaces; LB13: closing
            // punctuation never starts a line, even after spaces (French `mot :`), nor does any
            // character a Japanese line cannot start with.
            if cannotEndLine(before) || cannotStartLine(after) { return false }
            // LB15a: an initial quote that opens (at the start, after a space, bracket or quote) keeps
            // what follows across spaces: `« texte`.
            if quoteKind(before) == .initial && (previous == 0 || opensQuote(after: scalars[previous - 1])) {
                return false
            }
            // LB15b: a final quote that closes (before a space, punctuation, a quote or the end) stays
            // after what precedes across spaces: `texte »`.
            if quoteKind(after) == .final && (next + 1 == scalars.count || closesQuote(before: scalars[next + 1])) {
                return false
            }
            return true
        }

        /// Whether a line may break between two adjacent clusters that are not spaces.
        static func mayBreak(
            between previous: Int, and next: Int, in scalars: [UInt32?], previousIsWide: Bool, nextIsWide: Bool
        ) -> Bool {
            let before = scalars[previous]
            // Latin text breaks only at spaces and after U+200B: most pairs are decided here.
            guard previousIsWide || nextIsWide || before == 0x200B else { return false }
            let after = scalars[next]
            if cannotEndLine(before) || cannotStartLine(after) { return false }
            if before == 0x200B { return true }
            if isGlue(before) || isGlue(after) { return false }
            if let kind = quoteKind(after) { return kind == .initial && previousIsWide }
            if let kind = quoteKind(before) { return kind == .final && nextIsWide }
            return true
        }

        /// Closing punctuation, marks that belong to the character before them, and small kana.
        /// ASCII closing punctuation is included so that `ファイル.txt` or `完了!` is not split there,
        /// and so that `mot :` keeps its colon.
        static func cannotStartLine(_ scalar: UInt32?) -> Bool {
            guard let value = scalar else { return false }
            switch value {
            case 0x29, 0x5D, 0x7D, 0x2C, 0x2E, 0x3A, 0x3B, 0x21, 0x3F:  // ) ] } , . : ; ! ?
                return true
            case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0x30FB, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF01:  // 、。，．・：；？！
                return true
            case 0x30FC, 0x30A0, 0x2010, 0x2013, 0x301C:  // ー ゠ ‐ – 〜
                return true
            case 0xFF09, 0x300D, 0x300F, 0x3011, 0x3015, 0x3009, 0x300B:  // ）」』】〕〉》
                return true
            case 0xFF3D, 0xFF5D, 0x3017, 0x3019, 0x301F:  // ］｝〗〙〟
                return true
            case 0x3005, 0x303B, 0x309D, 0x309E, 0x30FD, 0x30FE, 0x309B, 0x309C:  // 々〻ゝゞヽヾ゛゜
                return true
            case 0x203C, 0x2047...0x2049:  // ‼ ⁇ ⁈ ⁉
                return true
            case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096:
                return true  // small hiragana ぁぃぅぇぉっゃゅょゎゕゖ
            case 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6:
                return true  // small katakana ァィゥェォッャュョヮヵヶ
            case 0x31F0...0x31FF:  // small katakana for Ainu ㇰ…ㇿ
                return true
            case 0xFF61, 0xFF63, 0xFF64, 0xFF65, 0xFF67...0xFF70, 0xFF9E, 0xFF9F:  // ｡｣､･ ｧ…ｯ ｰ ﾞﾟ
                return true
            default:
                return false
            }
        }

        /// Opening punctuation belongs to what follows it: brackets, the low quotes `„ ‚` that only
        /// ever open, and Spanish `¡ ¿`.
        static func cannotEndLine(_ scalar: UInt32?) -> Bool {
            guard let value = scalar else { return false }
            switch value {
            case 0x28, 0x5B, 0x7B:  // ( [ {
                return true
            case 0xFF08, 0x300C, 0x300E, 0x3010, 0x3014, 0x3008, 0x300A:  // （「『【〔〈《
                return true
            case 0xFF3B, 0xFF5B, 0x3016, 0x3018, 0x301D, 0xFF62:  // ［｛〖〘〝｢
                return true
            case 0x201E, 0x201A, 0x2E42, 0xA1, 0xBF:  // „ ‚ ⹂ ¡ ¿
                return true
            default:
                return false
            }
        }

        /// No-break spaces and joiners forbid a break on either side, even beside a wide character.
        static func isGlue(_ scalar: UInt32?) -> Bool {
            guard let value = scalar else { return false }
            return value == 0xA0 || value == 0x2007 || value == 0x202F || value == 0x2060 || value == 0xFEFF
        }

        /// What a quotation mark of line-breaking class QU says about its side by its general category.
        enum QuoteKind {
            /// Initial punctuation (Pi): opens in most languages, closes in some (German `“`).
            case initial
            /// Final punctuation (Pf): closes in most languages, opens in some (German `»`).
            case final
            /// Neither: the straight quotes `"` and `'` and the quotation ornaments.
            case ambiguous
        }

        /// The kind of a quotation mark of class QU, nil for any other character.
        static func quoteKind(_ scalar: UInt32?) -> QuoteKind? {
            guard let value = scalar else { return nil }
            switch value {
            case 0x22, 0x27, 0x275B...0x2760, 0x2E00, 0x2E01, 0x2E06...0x2E08, 0x2E0B, 0x1F676...0x1F678:
                return .ambiguous  // " ' ❛❜❝❞❟❠ and the New Testament editorial marks
            case 0xAB, 0x2018, 0x201B, 0x201C, 0x201F, 0x2039, 0x2E02, 0x2E04, 0x2E09, 0x2E0C, 0x2E1C, 0x2E20:
                return .initial  // « ‘ ‛ “ ‟ ‹ ⸂ ⸄ ⸉ ⸌ ⸜ ⸠
            case 0xBB, 0x2019, 0x201D, 0x203A, 0x2E03, 0x2E05, 0x2E0A, 0x2E0D, 0x2E1D, 0x2E21:
                return .final  // » ’ ” › ⸃ ⸅ ⸊ ⸍ ⸝ ⸡
            default:
                return nil
            }
        }

        /// LB15a: what an initial quote follows when it opens — a space, opening punctuation, a quote,
        /// glue or U+200B. (The start of the paragraph is checked by the caller.)
        private static func opensQuote(after scalar: UInt32?) -> Bool {
            guard let value = scalar else { return false }
            return value == 0x20 || value == 0x200B || cannotEndLine(value) || quoteKind(value) != nil
                || isGlue(value)
        }

        /// LB15b: what a final quote precedes when it closes — a space, closing punctuation, a quote,
        /// glue or U+200B. (The end of the paragraph is checked by the caller.)
        private static func closesQuote(before scalar: UInt32?) -> Bool {
            guard let value = scalar else { return false }
            return value == 0x20 || value == 0x200B || cannotStartLine(value) || quoteKind(value) != nil
                || isGlue(value)
        }
    }
}
