/// A CLDR plural category: the form of a word that a count selects in one language.
///
/// The raw values are the names that `.xcstrings` and `.stringsdict` files use.
enum PluralCategory: String, Sendable, Hashable, CaseIterable {
    case zero, one, two, few, many, other
}

/// The CLDR cardinal plural rules for integer counts.
///
/// Only integers are needed: plural variations are selected by `%d`/`%lld`/`%u` arguments. The rules
/// follow CLDR 44 (`plurals.xml`) with the operands for an integer `n`: `i = n`, `v = 0`, `f = t = 0`,
/// so every clause about fractions drops out. Negative counts use their magnitude, as CLDR does.
enum PluralRules {
    /// The category that `n` selects in `language` (a BCP 47 tag such as `pt-BR` or `zh_Hant`).
    /// An unknown language gets the English rule (one/other), the most common one.
    static func category(for n: Int64, language: String) -> PluralCategory {
        rule(for: language)(n.magnitude)
    }

    /// One language's rule for a non-negative count.
    typealias Rule = @Sendable (UInt64) -> PluralCategory

    /// The rule for a language tag: the primary subtag decides, except for European Portuguese,
    /// whose rule for 0 differs from Brazilian Portuguese (the CLDR default for `pt`).
    static func rule(for language: String) -> Rule {
        let subtags = language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
        let primary = subtags.first.map(String.init) ?? ""
        if primary == "pt", subtags.dropFirst().contains("pt") { return portugalPortuguese }
        return rulesByLanguage[primary] ?? english
    }

    // MARK: - Rules

    private static let english: Rule = { n in n == 1 ? .one : .other }
    private static let otherOnly: Rule = { _ in .other }
    /// French, Brazilian Portuguese: 0 and 1 are singular; exact millions take `many` ("de millions").
    private static let french: Rule = { n in n <= 1 ? .one : (isMillions(n) ? .many : .other) }
    /// Spanish, Italian, Catalan, European Portuguese: 1 is singular; exact millions take `many`.
    private static let spanish: Rule = { n in n == 1 ? .one : (isMillions(n) ? .many : .other) }
    private static let portugalPortuguese: Rule = spanish
    /// Hindi, Bengali, Persian…: `i = 0 or n = 1`.
    private static let hindi: Rule = { n in n <= 1 ? .one : .other }
    private static let russian: Rule = { n in
        let (mod10, mod100) = (n % 10, n % 100)
        if mod10 == 1 && mod100 != 11 { return .one }
        if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
        return .many
    }
    private static let polish: Rule = { n in
        if n == 1 { return .one }
        let (mod10, mod100) = (n % 10, n % 100)
        if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
        return .many
    }
    /// Croatian, Serbian, Bosnian: like Russian without `many`.
    private static let croatian: Rule = { n in
        let (mod10, mod100) = (n % 10, n % 100)
        if mod10 == 1 && mod100 != 11 { return .one }
        if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
        return .other
    }
    /// Czech, Slovak: `many` exists only for fractions.
    private static let czech: Rule = { n in n == 1 ? .one : ((2...4).contains(n) ? .few : .other) }
    private static let arabic: Rule = { n in
        switch n {
        case 0: return .zero
        case 1: return .one
        case 2: return .two
        default:
            let mod100 = n % 100
            if (3...10).contains(mod100) { return .few }
            if (11...99).contains(mod100) { return .many }
            return .other
        }
    }
    private static let hebrew: Rule = { n in n == 1 ? .one : (n == 2 ? .two : .other) }
    private static let lithuanian: Rule = { n in
        let (mod10, mod100) = (n % 10, n % 100)
        if (11...19).contains(mod100) { return .other }
        if mod10 == 1 { return .one }
        if mod10 >= 2 { return .few }
        return .other
    }
    private static let latvian: Rule = { n in
        let (mod10, mod100) = (n % 10, n % 100)
        if mod10 == 0 || (11...19).contains(mod100) { return .zero }
        if mod10 == 1 && mod100 != 11 { return .one }
        return .other
    }
    private static let romanian: Rule = { n in
        if n == 1 { return .one }
        if n == 0 || (1...19).contains(n % 100) { return .few }
        return .other
    }
    private static let slovenian: Rule = { n in
        switch n % 100 {
        case 1: return .one
        case 2: return .two
        case 3, 4: return .few
        default: return .other
        }
    }
    private static let irish: Rule = { n in
        switch n {
        case 1: return .one
        case 2: return .two
        case 3...6: return .few
        case 7...10: return .many
        default: return .other
        }
    }
    private static let welsh: Rule = { n in
        switch n {
        case 0: return .zero
        case 1: return .one
        case 2: return .two
        case 3: return .few
        case 6: return .many
        default: return .other
        }
    }

    /// `e = 0 and i != 0 and i % 1000000 = 0 and v = 0`.
    private static func isMillions(_ n: UInt64) -> Bool { n != 0 && n % 1_000_000 == 0 }

    /// Primary language subtag → rule. Languages absent here use the English rule.
    private static let rulesByLanguage: [String: Rule] = {
        var table: [String: Rule] = [:]
        let groups: [([String], Rule)] = [
            (["ja", "zh", "ko", "th", "vi", "id", "ms", "yue", "lo", "km", "my", "to", "jv", "bo"], otherOnly),
            (["fr", "pt"], french),
            (["es", "it", "ca"], spanish),
            (["hi", "bn", "fa", "gu", "kn", "mr", "am", "zu", "as"], hindi),
            (["ru", "uk", "be"], russian),
            (["pl"], polish),
            (["hr", "sr", "bs", "sh"], croatian),
            (["cs", "sk"], czech),
            (["ar"], arabic),
            (["he", "iw"], hebrew),
            (["lt"], lithuanian),
            (["lv"], latvian),
            (["ro", "mo"], romanian),
            (["sl"], slovenian),
            (["ga"], irish),
            (["cy"], welsh),
        ]
        for (languages, rule) in groups {
            for language in languages { table[language] = rule }
        }
        return table
    }()
}
