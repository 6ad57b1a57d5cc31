import Synchronization

/// Chooses, for a reader's ``LanguagePreference``, which of a catalog's languages to look texts up in.
///
/// The answer is a chain: the languages to try for each key, in order, always ending with the base
/// language (whose texts are the defaults) and without duplicates. Rules, for each wanted tag in turn:
///
/// 1. Walk the tag's `fallbackChain` and take every available language on it:
///    `ja-JP` finds `ja`, `zh-TW` finds `zh-Hant`, `zh` finds `zh-Hans`. Spellings compare
///    case-insensitively and `_` equals `-`, because both sides are canonical tags.
/// 2. When nothing matched, take the available languages that are the same language in the same
///    script, in catalog order: `pt-PT` finds `pt-BR` when the catalog has only `pt-BR`, since a
///    Portuguese reader is better served by Brazilian Portuguese than by English. The same holds for
///    `es-MX` and `es-ES`, `fr-CA` and `fr`; never across scripts (`zh-TW` never finds `zh-Hans`).
/// 3. `*` in Accept-Language means "anything will do": it adds the base language at its rank, so
///    languages ranked below `*` are never reached.
/// 4. Excluded languages (`q=0`) are never chosen. When the base language itself is excluded, it
///    still closes the chain — its texts are the defaults every lookup ends with — but the first
///    language is then a non-excluded one whenever the catalog has any: the best-ranked match, or
///    else the first non-excluded language in catalog order.
/// 5. Unknown languages (`xx`) add nothing, so the chain is just the base language.
///
/// The chains of every spelling the catalog can answer are computed once, at initialization, so
/// negotiating a single tag is one or two dictionary lookups and returns a shared array; the value is
/// immutable, so reading it from many threads needs no lock.
struct LanguageNegotiator: Sendable {
    /// The catalog's languages as the catalog spells them, with the base language included.
    let availableLanguages: [String]
    /// The language of the catalog's default texts, such as `"en"`.
    let baseLanguage: String

    /// What one wanted tag finds: indices into `availableLanguages`, and the chain for that tag alone.
    private struct Match: Sendable {
        var indices: [Int]
        /// The chain, as indices into `availableLanguages`.
        var chain: LanguageChain
    }

    private let baseIndex: Int
    private let availableTags: [LanguageTag?]
    /// The fallback-chain spellings of each available language, to decide exclusions.
    private let availableSpellings: [[String]]
    private let indexBySpelling: [String: Int]
    private let languagesPresent: Set<String>
    private let precomputed: StringTable<Match>
    private let baseOnly: Match
    /// The precomputed chains of bare language codes (`en`, `ja`, `zh`), by the code's letters packed
    /// into an integer (``PackedLanguageTag``): a regional tag of them (`ja-JP`) is found by comparing a few
    /// integers instead of hashing the tag and then its language. In the order of `packedChains`, the base language first.
    private let packedLanguages: [UInt32]
    private let packedChains: [LanguageChain]
    /// For each of `packedLanguages`, whether its canonical regional tags (`ja-JP`, `ja-US`) find what
    /// the language finds: a language with one script that the catalog spells without a region,
    /// script or variant (what ``chainIndices(forTag:)`` otherwise finds by hashing twice).
    private let packedRegionless: [Bool]

    /// A negotiator for a catalog with these languages (spelled as tags or POSIX names, in the order
    /// the app prefers them) and this base language.
    ///
    /// A name that is not a language tag (Xcode's `Base`) is kept but never matched; of two spellings
    /// of the same tag, the first wins.
    /// A number of its own, from 0 in the order negotiators are made: what a kept preference's
    /// ``NegotiatedChain`` tells negotiators apart by.
    let serial = Self.made.wrappingAdd(1, ordering: .relaxed).oldValue
    private static let made = Atomic<Int>(0)

    init(availableLanguages: [String], baseLanguage: String) {
        var languages = availableLanguages
        let baseTag = LanguageTag(baseLanguage)
        let existingBase = languages.firstIndex { name in
            name == baseLanguage || (baseTag != nil && LanguageTag(name) == baseTag)
        }
        let baseIndex = existingBase ?? languages.count
        if existingBase == nil { languages.append(baseLanguage) }
        self.availableLanguages = languages
        self.baseLanguage = languages[baseIndex]
        self.baseIndex = baseIndex

        let tags = languages.map { LanguageTag($0) }
        availableTags = tags
        availableSpellings = tags.map { $0?.fallbackChain.map(\.description) ?? [] }
        var indexBySpelling: [String: Int] = [:]
        for (index, tag) in tags.enumerated() {
            if let tag, indexBySpelling[tag.description] == nil { indexBySpelling[tag.description] = index }
        }
        self.indexBySpelling = indexBySpelling
        languagesPresent = Set(tags.compactMap { $0?.language })
        baseOnly = Match(indices: [], chain: LanguageChain([baseIndex]))

        // Every spelling that can find an available language without the region-dropping shortcut of
        // `match(for:)`: each available tag's fallback chain, and the common regions of languages
        // whose region implies a script (`zh-TW`, `zh-CN`).
        var spellings: [LanguageTag] = []
        for tag in tags.compactMap(\.self) {
            spellings += tag.fallbackChain
            spellings.append(LanguageTag(language: tag.language, script: nil, region: nil, variants: []))
            for region in LanguageTag.regionsImplyingScript[tag.language] ?? [] {
                let regional = LanguageTag(language: tag.language, script: nil, region: region, variants: [])
                spellings += regional.fallbackChain
            }
        }
        var precomputed: [String: Match] = [:]
        for tag in spellings where precomputed[tag.description] == nil {
            precomputed[tag.description] = Self.computeMatch(
                for: tag, tags: tags, indexBySpelling: indexBySpelling, baseIndex: baseIndex)
        }
        self.precomputed = StringTable(precomputed)
        let bareLanguages = precomputed.compactMap { spelling, match in
            PackedLanguageTag(spelling).flatMap { $0.hasRegion ? nil : (spelling, $0.language, match.chain) }
        }.sorted { ($0.2.first ?? 0, $0.0) < ($1.2.first ?? 0, $1.0) }
        packedLanguages = bareLanguages.map(\.1)
        packedChains = bareLanguages.map(\.2)
        packedRegionless = bareLanguages.map { language, _, _ in
            LanguageTag.likelyScript(language: language, region: nil) == nil
                && !tags.contains { tag in
                    tag?.language == language
                        && (tag?.region != nil || tag?.script != nil || tag?.variants.isEmpty == false)
                }
        }
    }

    /// The languages to look a key up in, in order; the last is always the base language.
    ///
    /// ```swift
    /// let negotiator = LanguageNegotiator(availableLanguages: ["en", "ja", "zh-Hant"], baseLanguage: "en")
    /// negotiator.chain(for: "ja-JP")                       // ["ja", "en"]
    /// negotiator.chain(for: .acceptLanguage("zh-TW, *"))   // ["zh-Hant", "en"]
    /// ```
    func chain(for preference: LanguagePreference) -> [String] {
        chainIndices(for: preference).map { availableLanguages[$0] }
    }

    /// ``chain(for:)`` as indices into ``availableLanguages``: for a single tag, a precomputed array
    /// shared by every call, so negotiating allocates nothing.
    func chainIndices(for preference: LanguagePreference) -> LanguageChain {
        if preference.excluded.isEmpty, preference.wildcardPosition == nil {
            if preference.tags.isEmpty { return baseOnly.chain }
            if preference.tags.count == 1 {
                // The common case, a spelling the catalog has, without copying the whole tag out first.
                if let match = precomputed[preference.tags[0].description] { return match.chain }
                return match(for: preference.tags[0]).chain
            }
        }
        return negotiate(preference)
    }

    /// ``chainIndices(for:)`` for one tag as the caller wrote it (`"ja-JP"`), without building a
    /// ``LanguagePreference`` when the spelling is already canonical: the tag a server or a test
    /// passes again and again costs what a prebuilt preference costs.
    func chainIndices(forTag spelling: String) -> LanguageChain {
        if let match = precomputed[spelling] { return match.chain }
        if let packed = PackedLanguageTag(spelling), packed.hasRegion, let chain = packedChain(of: packed) {
            return chain
        }
        // `ll-RR`, `lll-RR` or `ll-123`: canonical, so parsing it would give the same spelling back,
        // and `match(for:)` would drop the region of a single-script language.
        if let languageLength = Self.canonicalLanguageRegionSplit(spelling) {
            let language = String(spelling.utf8.prefix(languageLength))!
            if LanguageTag.likelyScript(language: language, region: nil) == nil {
                return (precomputed[language] ?? baseOnly).chain
            }
        }
        // `ll_RR`: a POSIX locale name as `LANG` spells it (`ja_JP`), which is the tag `ll-RR`; spelled
        // so, it is found as above instead of being parsed.
        if let languageLength = Self.canonicalLanguageRegionSplit(spelling, separator: UInt8(ascii: "_")) {
            let utf8 = spelling.utf8
            return chainIndices(
                forTag: String(utf8.prefix(languageLength))! + "-" + String(utf8.dropFirst(languageLength + 1))!)
        }
        guard let tag = LanguageTag(spelling) else { return baseOnly.chain }
        return match(for: tag).chain
    }

    /// ``chainIndices(forTag:)`` for a tag whose packed letters the caller made once
    /// (``LanguagePreference/packed``): `en`, `ja` or `ja-JP` is then found by comparing a few integers,
    /// without hashing its spelling.
    func chainIndices(forTag spelling: String, packed: PackedLanguageTag?) -> LanguageChain {
        if let packed, let chain = packedChain(of: packed) { return chain }
        return chainIndices(forTag: spelling)
    }

    /// The chain of a bare language code the catalog can answer (`en`), or of a regional tag of one
    /// (`ja-JP`) when all its regions find what it finds; `nil` when neither holds, for the general path.
    private func packedChain(of packed: PackedLanguageTag) -> LanguageChain? {
        guard let position = packedLanguages.firstIndex(of: packed.language) else { return nil }
        return !packed.hasRegion || packedRegionless[position] ? packedChains[position] : nil
    }

    /// The length of the language subtag when `spelling` is a canonical language-region tag
    /// (`de-CH`, `ast-ES`, `es-419`), or one written with another `separator`; `nil` for any other shape.
    private static func canonicalLanguageRegionSplit(_ spelling: String, separator: UInt8 = UInt8(ascii: "-")) -> Int? {
        var utf8 = spelling.utf8.makeIterator()
        var languageLength = 0
        while let byte = utf8.next() {
            if byte == separator { break }
            guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte), languageLength < 3 else { return nil }
            languageLength += 1
        }
        guard languageLength >= 2 else { return nil }
        var regionLength = 0
        var allUpper = true
        var allDigits = true
        while let byte = utf8.next() {
            guard regionLength < 3 else { return nil }
            regionLength += 1
            allUpper = allUpper && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            allDigits = allDigits && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        switch regionLength {
        case 2 where allUpper, 3 where allDigits: return languageLength
        default: return nil
        }
    }

    /// The language to answer in (what `Content-Language` says): the first of ``chain(for:)``.
    func bestLanguage(for preference: LanguagePreference) -> String {
        availableLanguages[chainIndices(for: preference)[0]]
    }

    private func match(for tag: LanguageTag) -> Match {
        if let match = precomputed[tag.description] { return match }
        guard languagesPresent.contains(tag.language) else { return baseOnly }
        // A tag that is not precomputed is not an available spelling, so when its language has one
        // script, `ja-JP` finds exactly what `ja` finds (the region only narrows which `ja-*` it is).
        if tag.script == nil, tag.variants.isEmpty,
            LanguageTag.likelyScript(language: tag.language, region: nil) == nil,
            let match = precomputed[tag.language]
        {
            return match
        }
        return Self.computeMatch(
            for: tag, tags: availableTags, indexBySpelling: indexBySpelling, baseIndex: baseIndex)
    }

    private static func computeMatch(
        for tag: LanguageTag, tags: [LanguageTag?], indexBySpelling: [String: Int], baseIndex: Int
    ) -> Match {
        var indices: [Int] = []
        for spelling in tag.fallbackChain {
            if let index = indexBySpelling[spelling.description], !indices.contains(index) { indices.append(index) }
        }
        if indices.isEmpty {
            let script = tag.effectiveScript
            for (index, candidate) in tags.enumerated() {
                guard let candidate, candidate.language == tag.language else { continue }
                let candidateScript = candidate.effectiveScript
                if script == nil || candidateScript == nil || script == candidateScript { indices.append(index) }
            }
        }
        var chain: [Int] = []
        for index in indices {
            chain.append(index)
            if index == baseIndex { return Match(indices: indices, chain: LanguageChain(chain)) }
        }
        chain.append(baseIndex)
        return Match(indices: indices, chain: LanguageChain(chain))
    }

    /// The general case: several tags, a wildcard or exclusions.
    private func negotiate(_ preference: LanguagePreference) -> LanguageChain {
        let excluded = excludedIndices(preference.excluded)
        var chosen: [Int] = []
        var reachedBase = false

        func add(_ index: Int) {
            guard !reachedBase, !excluded[index], !chosen.contains(index) else { return }
            chosen.append(index)
            reachedBase = index == baseIndex
        }
        // The best stand-in for an excluded base: the first acceptable language in catalog order.
        func firstAcceptable() -> Int? {
            availableTags.indices.first { availableTags[$0] != nil && !excluded[$0] && !chosen.contains($0) }
        }
        func addWildcard() {
            if !excluded[baseIndex] {
                add(baseIndex)
            } else if let other = firstAcceptable() {
                add(other)
            }
        }

        for (position, tag) in preference.tags.enumerated() where !reachedBase {
            if position == preference.wildcardPosition {
                addWildcard()
                break
            }
            for index in match(for: tag).indices { add(index) }
        }
        if !reachedBase, preference.wildcardPosition == preference.tags.count { addWildcard() }
        if chosen.isEmpty, excluded[baseIndex], let other = firstAcceptable() { chosen.append(other) }
        if chosen.last != baseIndex { chosen.append(baseIndex) }
        return LanguageChain(chosen)
    }

    /// For each available language, whether a `q=0` range covers it (RFC 4647 basic filtering, plus
    /// the fallback chain, so that excluding `zh-Hant` also excludes a catalog's `zh-TW`).
    private func excludedIndices(_ ranges: [LanguageTag]) -> [Bool] {
        if ranges.isEmpty { return Array(repeating: false, count: availableLanguages.count) }
        return availableLanguages.indices.map { index in
            guard let tag = availableTags[index] else { return false }
            return ranges.contains { range in
                availableSpellings[index].contains(range.description)
                    || tag.description.hasPrefix(range.description + "-")
            }
        }
    }
}
