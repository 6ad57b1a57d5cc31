/// One key of a catalog file for one language, with where it was written (for diagnostics).
struct CatalogEntry: Sendable, Hashable {
    var key: String
    var value: CatalogValue
    /// 1-based line of the entry's text (the key in `.strings`, the value in `.xcstrings`).
    var line: Int
    /// 1-based column, in Unicode scalars.
    var column: Int
}

/// The text a catalog holds for a key in one language: a printf-style template, or several of them
/// chosen by a count.
enum CatalogValue: Sendable, Hashable {
    /// One template for every count.
    case text(String)
    /// One template per plural category, chosen by an integer argument: `argument` is its 0-based
    /// index, `nil` for the first integer argument.
    case plural(argument: Int?, forms: [PluralCategory: String])
}

extension CatalogValue {
    /// The template to format `arguments` with in `language`.
    func template(for arguments: [LocalizableText.Argument], language: String) -> String {
        switch self {
        case .text(let text):
            return text
        case .plural(let argument, let forms):
            return Self.form(in: forms, count: Self.count(at: argument, in: arguments), language: language)
        }
    }

    /// The template for a known count (`nil`: the `other` form).
    func template(forCount count: Int64?, language: String) -> String {
        switch self {
        case .text(let text): text
        case .plural(_, let forms): Self.form(in: forms, count: count, language: language)
        }
    }

    /// Every template the value can produce, named by plural category (`""` for text), in CLDR
    /// order, so that each can be checked against the base language.
    var allTemplates: [(form: String, template: String)] {
        switch self {
        case .text(let text):
            [("", text)]
        case .plural(_, let forms):
            PluralCategory.allCases.compactMap { category in forms[category].map { (category.rawValue, $0) } }
        }
    }

    /// The form for a count: the language's category, else `other`, else the first form there is.
    /// A `zero` form is used for 0 in every language, as Apple's catalogs do, although only a few
    /// languages have a `zero` category in CLDR.
    static func form(in forms: [PluralCategory: String], count: Int64?, language: String) -> String {
        if let count {
            if count == 0, let zero = forms[.zero] { return zero }
            if let form = forms[PluralRules.category(for: count, language: language)] { return form }
        }
        if let other = forms[.other] { return other }
        for category in PluralCategory.allCases {
            if let form = forms[category] { return form }
        }
        return ""
    }

    /// The count a plural choice reads: the argument at `index`, or the first integer argument.
    /// `nil` (the `other` form) when that argument is not a whole number.
    static func count(at index: Int?, in arguments: [LocalizableText.Argument]) -> Int64? {
        guard let index else {
            for argument in arguments {
                switch argument.storage {
                case .integer(let value): return value
                case .unsigned(let value): return Int64(clamping: value)
                case .string, .double: continue
                }
            }
            return nil
        }
        guard arguments.indices.contains(index) else { return nil }
        switch arguments[index].storage {
        case .integer(let value): return value
        case .unsigned(let value): return Int64(clamping: value)
        case .double(let value): return Int64(exactly: value)
        case .string(let value): return Int64(value)
        }
    }
}
