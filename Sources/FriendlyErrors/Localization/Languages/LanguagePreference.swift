#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#elseif canImport(WASILibc)
    import WASILibc
#endif

/// The languages a reader wants, most wanted first: what a catalog negotiates against.
///
/// Build one from wherever the reader said it: an HTTP `Accept-Language` header for a server, the
/// environment for a command-line tool, or a literal in tests. An empty preference asks for the
/// catalog's base language.
///
/// ```swift
/// let fromServer: LanguagePreference = .acceptLanguage("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5")
/// let fromTool: LanguagePreference = .process            // LANGUAGE, LC_ALL, LC_MESSAGES, LANG
/// let inTests: LanguagePreference = "ja-JP"
/// ```
///
/// Foundation's `Locale.current` cannot stand in for this on Linux: it ignores the environment's
/// language there.
public struct LanguagePreference: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The wanted languages, most wanted first, as language tags (`"ja-JP"`, `"pt-BR"`), without
    /// duplicates; `*` (any language) is not among them.
    ///
    /// ```swift
    /// LanguagePreference.acceptLanguage("fr-CH, fr;q=0.9, *;q=0.5, en;q=0").languages   // ["fr-CH", "fr"]
    /// ```
    public var languages: [String] { tags.map(\.description) }

    /// The languages the reader refused (`q=0` in an `Accept-Language` header), as language tags;
    /// each also refuses its more specific forms (`"pt"` refuses `"pt-BR"`). Negotiation never
    /// answers in one of them when another language exists; an app that offers content of its own
    /// in several languages can leave them out the same way.
    ///
    /// ```swift
    /// LanguagePreference.acceptLanguage("de, *;q=0.5, en;q=0").excludedLanguages   // ["en"]
    /// ```
    public var excludedLanguages: [String] { excluded.map(\.description) }

    /// The wanted languages, most wanted first, without duplicates.
    package var tags: [LanguageTag] { spelling.map(Self.tags(spelledAs:)) ?? storedTags }
    private let storedTags: [LanguageTag]
    /// The tag as written, for a preference of one tag (`"ja-JP"`): a catalog negotiates it from its
    /// spelling, which it keeps negotiated, so a tag costs no parsing on every alert.
    let spelling: String?
    /// ``spelling``'s letters packed, when it is a language or a language and region (`en`, `ja-JP`):
    /// made once, so a preference kept and passed again is negotiated by comparing integers.
    let packed: PackedLanguageTag?
    /// Where a preference kept for a recent `Accept-Language` header keeps its negotiated chain
    /// (``AcceptLanguageCache``); `nil` for any other. Not part of the value.
    var negotiated: NegotiatedChain?
    /// Where `*` ("any language") ranks among ``tags``, if it was given: every tag before this index
    /// is wanted more than any other language, every tag from it on less.
    package let wildcardPosition: Int?
    /// The languages the reader refused (`q=0`), each with its more specific forms: excluding `pt`
    /// excludes `pt-BR` too. Negotiation never answers in one of them when another language exists.
    package let excluded: [LanguageTag]

    /// Whether `*` was given, meaning any language is acceptable after the listed ones.
    package var acceptsAnyLanguage: Bool { wildcardPosition != nil }

    /// Whether the preference names no language, and so asks for the base language.
    package var isEmpty: Bool { tags.isEmpty }

    /// No particular language: negotiation gives the catalog's base language.
    package static let base = LanguagePreference(tags: [])

    /// A preference for these languages (language tags), in this order; `excluded` languages are never
    /// chosen when another is available. Text that is not a language tag is left out.
    ///
    /// ```swift
    /// LanguagePreference(["pt-BR", "es"])
    /// LanguagePreference(["fr", "de"], excluded: ["en"])   // Accept-Language: fr, de;q=0.9, en;q=0
    /// ```
    public init(_ languages: [String], excluded: [String] = []) {
        self.init(tags: languages.compactMap(LanguageTag.init), excluded: excluded.compactMap(LanguageTag.init))
    }

    /// A preference for these languages, in this order; `*` may rank at `wildcardPosition`
    /// (clamped to the tags), and `excluded` languages are never chosen when another is available.
    package init(tags: [LanguageTag], wildcardPosition: Int? = nil, excluded: [LanguageTag] = []) {
        var unique: [LanguageTag] = []
        unique.reserveCapacity(tags.count)
        var position = wildcardPosition.map { max(0, min($0, tags.count)) }
        for (index, tag) in tags.enumerated() {
            if unique.contains(tag) {
                // Removing a duplicate ranked before the wildcard moves the wildcard up one place.
                if let wildcard = wildcardPosition, index < wildcard, let current = position { position = current - 1 }
            } else {
                unique.append(tag)
            }
        }
        self.storedTags = unique
        self.spelling = nil
        self.packed = nil
        self.negotiated = nil
        self.wildcardPosition = position
        var uniqueExcluded: [LanguageTag] = []
        for tag in excluded where !uniqueExcluded.contains(tag) { uniqueExcluded.append(tag) }
        self.excluded = uniqueExcluded
    }

    /// A preference for one language, written as a tag: `"ja-JP"`, `"pt_BR"`, `"zh-Hant-TW"`.
    ///
    /// Text that is not a language tag gives `base` rather than trapping.
    public init(stringLiteral value: String) {
        storedTags = []
        spelling = value
        packed = PackedLanguageTag(value)
        negotiated = nil
        wildcardPosition = nil
        excluded = []
    }

    /// The tags of a preference written as one tag: that tag, or none when the text is not a tag.
    private static func tags(spelledAs spelling: String) -> [LanguageTag] {
        LanguageTag(spelling).map { [$0] } ?? []
    }

    public static func == (lhs: LanguagePreference, rhs: LanguagePreference) -> Bool {
        lhs.tags == rhs.tags && lhs.wildcardPosition == rhs.wildcardPosition && lhs.excluded == rhs.excluded
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(tags)
        hasher.combine(wildcardPosition)
        hasher.combine(excluded)
    }

    /// The preference an HTTP `Accept-Language` header states, with its q-values, `*` and `q=0`.
    ///
    /// Parsing is bounded (at most 4 KiB and 32 entries are read), so the header can be passed as received. The
    /// preferences of the last few dozen headers are kept, so a server parses each client's header
    /// once, not on every response.
    ///
    /// ```swift
    /// let preference = LanguagePreference.acceptLanguage("da, en-GB;q=0.8, en;q=0.7")
    /// preference.tags   // [da, en-GB, en]
    /// ```
    public static func acceptLanguage(_ header: String) -> LanguagePreference {
        AcceptLanguageCache.preference(for: header, parse: parsingAcceptLanguage)
    }

    /// The preference an `Accept-Language` header states, parsed (see ``acceptLanguage(_:)``).
    static func parsingAcceptLanguage(_ header: String) -> LanguagePreference {
        var tags: [LanguageTag] = []
        var wildcardPosition: Int?
        var excluded: [LanguageTag] = []
        // Entries come most wanted first, so `q=0` entries come last.
        for entry in AcceptLanguage.parse(header) {
            switch (entry.tag, entry.quality > 0) {
            case (let tag?, true): tags.append(tag)
            case (let tag?, false): excluded.append(tag)
            case (nil, true): if wildcardPosition == nil { wildcardPosition = tags.count }
            // `*;q=0` refuses every unlisted language; the base language is still the answer of last resort.
            case (nil, false): break
            }
        }
        return LanguagePreference(tags: tags, wildcardPosition: wildcardPosition, excluded: excluded)
    }

    /// The preference of this process's environment, read once, the first time it is used. A
    /// command-line tool passes it to the pipeline so that `LANGUAGE=de tool` answers in German, as
    /// gettext-based tools do. The environment is read in gettext's order:
    ///
    /// - `LANGUAGE`, a colon-separated list (`de:fr`), comes first — unless the locale below is `C` or
    ///   `POSIX`, where gettext ignores it too;
    /// - otherwise the locale: the first non-empty of `LC_ALL`, `LC_MESSAGES` and `LANG`
    ///   (`ja_JP.UTF-8`);
    /// - `C`, `POSIX` and `C.UTF-8` mean the base language, as does an environment with none of these.
    ///
    /// One difference from glibc: with none of `LC_ALL`, `LC_MESSAGES` and `LANG` set, glibc's locale
    /// is `C` and it ignores `LANGUAGE`; here `LANGUAGE` is still honoured, because containers often
    /// set no locale and this library writes UTF-8 whatever the locale's character set.
    public static var process: LanguagePreference { processPreference }

    private static let processPreference: LanguagePreference = {
        var environment: [String: String] = [:]
        for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return process(environment: environment)
    }()

    /// The preference that these environment variables state: the rules of ``process``.
    package static func process(environment: [String: String]) -> LanguagePreference {
        func value(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        let locale = value("LC_ALL") ?? value("LC_MESSAGES") ?? value("LANG")
        let localeIsC = locale.map(isCLocale) ?? false
        if !localeIsC, let list = value("LANGUAGE") {
            // Bounded like a header: the environment can come from anyone who starts the process.
            let entries = list.utf8.prefix(AcceptLanguage.maximumHeaderLength)
                .split(separator: UInt8(ascii: ":"))
                .lazy.compactMap { LanguageTag(String(decoding: $0, as: UTF8.self)) }
                .prefix(AcceptLanguage.maximumEntries)
            let tags = Array(entries)
            if !tags.isEmpty { return LanguagePreference(tags: tags) }
        }
        guard let locale, !localeIsC, let tag = LanguageTag(locale) else { return .base }
        return LanguagePreference(tags: [tag])
    }

    /// Whether a locale name is the portable C locale (`C`, `POSIX`, `C.UTF-8`, `C@modifier`).
    private static func isCLocale(_ name: String) -> Bool {
        let base = name.utf8.prefix { $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "@") }
        return base.elementsEqual("C".utf8) || base.elementsEqual("POSIX".utf8)
    }
}
