/// A language, identified by a BCP 47 tag in canonical form: `ja`, `pt-BR`, `zh-Hant-TW`, `sr-Latn-RS`.
///
/// Tags are read from HTTP headers, environment variables and catalog folder names, so the parser
/// accepts both spellings in use: BCP 47 (`ja-JP`, `zh-hant-tw`) and POSIX locale names
/// (`ja_JP`, `ja_JP.UTF-8`, `de_DE@euro`, `sr_RS@latin`). Whatever the spelling, the tag is kept in
/// canonical casing — language lowercase, script titlecase, region uppercase — so two spellings of
/// the same language compare equal.
///
/// ```swift
/// let tag = LanguageTag(environment["LANG"] ?? "")   // "zh_hant_tw.UTF-8" gives zh-Hant-TW
/// tag?.language                                     // "zh"
/// tag?.fallbackChain.map(\.description)             // ["zh-Hant-TW", "zh-TW", "zh-Hant"]
/// let literal: LanguageTag = "pt-BR"
/// ```
///
/// `C` and `POSIX` are locale names but not languages: the failable initializer returns `nil` for them
/// (``LanguagePreference/process(environment:)`` reads them as "the base language").
/// Extensions and private-use subtags (`en-u-ca-gregory`, `de-x-formal`) are validated and dropped:
/// they never choose a different translation.
package struct LanguageTag: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The language subtag, lowercase: `"zh"` for `zh-Hant-TW`.
    package let language: String
    /// The script subtag, titlecase, when the tag names one: `"Hant"` for `zh-Hant-TW`.
    ///
    /// This is the script as written; `fallbackChain` also knows the script a region implies
    /// (`zh-TW` is written in Traditional Chinese).
    package let script: String?
    /// The region subtag, uppercase: `"TW"` for `zh-Hant-TW`, `"419"` for `es-419`.
    package let region: String?
    /// The variant subtags, lowercase, in order: `["1996"]` for `de-DE-1996`.
    package let variants: [String]
    /// The canonical tag, such as `zh-Hant-TW`.
    package let description: String

    /// The longest text the parser looks at; longer input is rejected rather than scanned.
    package static let maximumLength = 64

    /// The tag `und` ("undetermined"), which no catalog provides: negotiating it gives the base language.
    package static let undetermined = LanguageTag(language: "und", script: nil, region: nil, variants: [])

    /// Reads a BCP 47 tag or a POSIX locale name; `nil` for anything else.
    ///
    /// Returns `nil` for empty text, text longer than `maximumLength` bytes, `C`, `POSIX`, and any
    /// subtag that is not well formed (`en--US`, `e`, `english`, `en-US!`).
    ///
    /// ```swift
    /// let name = "ja_JP.UTF-8"
    /// LanguageTag(name)            // ja-JP
    /// ```
    ///
    /// With a string *literal* as its argument, `LanguageTag("EN")` is not this initializer but the
    /// literal one (Swift reads `T("…")` as `"…" as T`), so it is not optional and junk gives `und`.
    package init?(_ string: String) {
        let utf8 = string.utf8
        guard !utf8.isEmpty, utf8.count <= Self.maximumLength else { return nil }
        guard let parsed = Self.parse(Array(utf8)) else { return nil }
        self = parsed
    }

    /// A tag written as a literal, such as `"pt-BR"`.
    ///
    /// A literal that is not a well-formed tag becomes ``undetermined`` (`und`), which negotiates to
    /// the base language, rather than trapping: a typo in a tag must not crash an app.
    package init(stringLiteral value: String) {
        self = LanguageTag(value) ?? .undetermined
    }

    init(language: String, script: String?, region: String?, variants: [String]) {
        self.language = language
        self.script = script
        self.region = region
        self.variants = variants
        var text = language
        if let script { text += "-" + script }
        if let region { text += "-" + region }
        for variant in variants { text += "-" + variant }
        description = text
    }

    // The canonical text determines every other property, so it alone is compared and hashed.

    /// Whether two tags name the same language, however they were spelled (`ja_JP` equals `ja-JP`).
    package static func == (lhs: LanguageTag, rhs: LanguageTag) -> Bool { lhs.description == rhs.description }

    /// Hashes the canonical tag, so that spellings of one language hash alike.
    package func hash(into hasher: inout Hasher) { hasher.combine(description) }

    /// The tags to try for this language, most specific first, each a real fallback of the one before.
    ///
    /// Variants are dropped, then the region, then the script. The script a tag implies counts as
    /// written, so a catalog named either way is found; a tag whose script differs from its language's
    /// default never falls back to the bare language, which means the default script
    /// (Traditional Chinese readers are not sent Simplified Chinese, following CLDR's parent locales).
    ///
    /// ```swift
    /// LanguageTag("pt-BR").fallbackChain        // [pt-BR, pt]
    /// LanguageTag("zh-TW").fallbackChain        // [zh-TW, zh-Hant-TW, zh-Hant]
    /// LanguageTag("zh-Hant-HK").fallbackChain   // [zh-Hant-HK, zh-HK, zh-Hant]
    /// LanguageTag("zh").fallbackChain           // [zh, zh-Hans]
    /// ```
    package var fallbackChain: [LanguageTag] {
        var chain = [self]
        func add(_ script: String?, _ region: String?) {
            let tag = LanguageTag(language: language, script: script, region: region, variants: [])
            if !chain.contains(tag) { chain.append(tag) }
        }
        let impliedScript = Self.likelyScript(language: language, region: region)
        let effectiveScript = script ?? impliedScript
        if !variants.isEmpty { add(script, region) }
        if let region {
            if let effectiveScript { add(effectiveScript, region) }
            if script == nil || impliedScript == nil || script == impliedScript { add(nil, region) }
        }
        if let effectiveScript { add(effectiveScript, nil) }
        let defaultScript = Self.likelyScript(language: language, region: nil)
        if effectiveScript == nil || defaultScript == nil || effectiveScript == defaultScript { add(nil, nil) }
        return chain
    }

    /// The script the tag is written in: the one it names, else the one its language and region imply.
    var effectiveScript: String? { script ?? Self.likelyScript(language: language, region: region) }

    /// The script a language is written in when the tag leaves it out, for the languages where a
    /// catalog must tell scripts apart (CLDR likely subtags); `nil` for languages written in one script.
    static func likelyScript(language: String, region: String?) -> String? {
        switch language {
        case "zh":
            switch region {
            case "TW", "HK", "MO": "Hant"
            default: "Hans"
            }
        case "sr": region == "ME" ? "Latn" : "Cyrl"
        default: nil
        }
    }

    /// Regions commonly written after the languages of ``likelyScript(language:region:)``, so that
    /// negotiation can prepare their answers in advance.
    static let regionsImplyingScript: [String: [String]] = [
        "zh": ["CN", "SG", "TW", "HK", "MO"],
        "sr": ["RS", "ME", "BA"],
    ]
}

// MARK: - Parsing

extension LanguageTag {
    private static let hyphen = UInt8(ascii: "-")
    private static let underscore = UInt8(ascii: "_")

    /// Deprecated ISO 639 codes still sent by old systems (Java says `iw` for Hebrew), replaced as
    /// BCP 47 canonicalization asks so that they find the catalog named with the current code.
    private static let languageAliases: [String: String] = [
        "iw": "he", "in": "id", "ji": "yi", "jw": "jv", "mo": "ro",
    ]

    private static func parse(_ input: [UInt8]) -> LanguageTag? {
        var bytes = input[...]
        // POSIX: language[_territory][.codeset][@modifier]. Only a modifier naming a script matters.
        var modifierScript: String?
        if let at = bytes.firstIndex(of: UInt8(ascii: "@")) {
            let modifier = bytes[(at + 1)...]
            guard !modifier.isEmpty, modifier.allSatisfy(isAlphanumeric) else { return nil }
            switch lowercased(modifier) {
            case "latin": modifierScript = "Latn"
            case "cyrillic": modifierScript = "Cyrl"
            case "devanagari": modifierScript = "Deva"
            default: break  // `euro`, `valencia`…: not a different set of texts.
            }
            bytes = bytes[..<at]
        }
        if let dot = bytes.firstIndex(of: UInt8(ascii: ".")) {
            let codeset = bytes[(dot + 1)...]
            let isCodesetByte = { (byte: UInt8) in isAlphanumeric(byte) || byte == hyphen || byte == underscore }
            guard !codeset.isEmpty, codeset.allSatisfy(isCodesetByte) else { return nil }
            bytes = bytes[..<dot]
        }
        let subtags = bytes.split(omittingEmptySubsequences: false) { $0 == hyphen || $0 == underscore }

        // Only 2–3 letter languages: 4 letters are reserved, and 5–8 letter ones (which would
        // include `POSIX`) are registered for no language at all.
        guard let first = subtags.first, (2...3).contains(first.count), first.allSatisfy(isLetter) else {
            return nil
        }
        var language = lowercased(first)
        var index = 1
        // An extended language subtag (`zh-yue`) canonically replaces the language (`yue`).
        if index < subtags.count, subtags[index].count == 3, subtags[index].allSatisfy(isLetter) {
            language = lowercased(subtags[index])
            index += 1
        }
        language = languageAliases[language] ?? language

        var script: String?
        if index < subtags.count, subtags[index].count == 4, subtags[index].allSatisfy(isLetter) {
            script = titlecased(subtags[index])
            index += 1
        }
        var region: String?
        if index < subtags.count {
            let subtag = subtags[index]
            if (subtag.count == 2 && subtag.allSatisfy(isLetter)) || (subtag.count == 3 && subtag.allSatisfy(isDigit)) {
                region = uppercased(subtag)
                index += 1
            }
        }
        var variants: [String] = []
        while index < subtags.count, isVariant(subtags[index]) {
            let variant = lowercased(subtags[index])
            if !variants.contains(variant) { variants.append(variant) }
            index += 1
        }
        if index < subtags.count {
            // The rest must be extensions or private use: a singleton, then 1–8 character subtags.
            guard subtags[index].count == 1, subtags[index].allSatisfy(isAlphanumeric), index + 1 < subtags.count
            else { return nil }
            let isExtensionSubtag = { (subtag: ArraySlice<UInt8>) in
                (1...8).contains(subtag.count) && subtag.allSatisfy(isAlphanumeric)
            }
            guard subtags[(index + 1)...].allSatisfy(isExtensionSubtag) else { return nil }
        }
        return LanguageTag(language: language, script: script ?? modifierScript, region: region, variants: variants)
    }

    private static func isVariant(_ subtag: ArraySlice<UInt8>) -> Bool {
        guard subtag.allSatisfy(isAlphanumeric) else { return false }
        return (5...8).contains(subtag.count) || (subtag.count == 4 && isDigit(subtag[subtag.startIndex]))
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }

    // Callers pass ASCII letters and digits only; setting or clearing bit 5 changes only letters' case.
    private static func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.lazy.map { isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    private static func uppercased(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.lazy.map { isLetter($0) ? $0 & ~0x20 : $0 }, as: UTF8.self)
    }

    private static func titlecased(_ bytes: ArraySlice<UInt8>) -> String {
        let start = bytes.startIndex
        return uppercased(bytes[start...start]) + lowercased(bytes[(start + 1)...])
    }
}
