/// The preferences of the `Accept-Language` headers seen last, by the header's text.
///
/// A server sees the same few headers again and again (each browser sends its own, every time), and
/// parsing one (``AcceptLanguage/parse(_:)``, then the tags) costs far more than an error response's
/// other work: tens of thousands of instructions against a few hundred for a lookup. The cache is
/// bounded in both ways an attacker could push: headers longer than ``maximumHeaderLength`` are
/// parsed every time, and when ``maximumEntries`` are held the cache starts over, so many
/// distinct headers cost what they would cost without it. Each thread keeps its own (``ThreadLocalValue``):
/// threads answering requests at once take no lock and share no preference (issue 35).
enum AcceptLanguageCache {
    /// The longest header kept, in UTF-8 bytes: longer ones are parsed every time.
    static let maximumHeaderLength = 256
    /// The number of headers kept before the cache starts over.
    static let maximumEntries = 64

    private static let preferences = ThreadLocalValue<[String: LanguagePreference]> { [:] }

    /// The preference for `header`, from the calling thread's cache or made by `parse` and kept.
    static func preference(for header: String, parse: (String) -> LanguagePreference) -> LanguagePreference {
        guard header.utf8.count <= maximumHeaderLength else { return parse(header) }
        if let known = preferences.withLock({ $0[header] }) { return known }
        var preference = parse(header)
        // Kept and given again for this header: worth negotiating once per catalog.
        preference.negotiated = NegotiatedChain()
        preferences.withLock { preferences in
            if preferences.count >= maximumEntries { preferences.removeAll(keepingCapacity: true) }
            preferences[header] = preference
        }
        return preference
    }
}
