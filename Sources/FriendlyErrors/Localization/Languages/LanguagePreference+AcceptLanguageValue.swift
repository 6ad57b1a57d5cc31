extension LanguagePreference {
    /// The `Accept-Language` header value that asks a server for these languages: a client's
    /// request in the user's language, so that the problems it answers with (``RemoteProblem``)
    /// come in the language the alerts around them are in.
    ///
    /// ```swift
    /// var request = URLRequest(url: url)
    /// request.setValue(LanguagePreference.process.acceptLanguageValue, forHTTPHeaderField: "Accept-Language")
    /// LanguagePreference(["ja-JP", "en"]).acceptLanguageValue   // "ja-JP, ja;q=0.9, en;q=0.8"
    /// ```
    ///
    /// Each tag comes with its more general forms right after it (`ja-JP`, then `ja`), as a catalog
    /// falls back; q-values fall by 0.1 from 1, so at most ten languages are listed; `*` keeps its
    /// place, refused languages come last with `q=0`. The value is at most 256
    /// bytes (an entry that would not fit is left out), so servers that cache recent headers (this
    /// library's do, up to 256 bytes) parse it once. A preference with no language gives `*`.
    public var acceptLanguageValue: String {
        var entries: [String] = []
        var listed: [LanguageTag] = []
        var value = ""
        /// Adds an entry at the next q-value, when it fits; false when no more can be added.
        func add(_ range: String) -> Bool {
            let position = entries.count
            guard position < Self.maximumAcceptLanguageQualities else { return false }
            let entry = position == 0 ? range : range + ";q=0." + String(10 - position)
            let separator = value.isEmpty ? "" : ", "
            guard value.utf8.count + separator.utf8.count + entry.utf8.count <= Self.maximumAcceptLanguageLength
            else { return false }
            value += separator + entry
            entries.append(entry)
            return true
        }
        var wildcardAdded = false
        outer: for (index, tag) in tags.enumerated() {
            if wildcardPosition == index {
                wildcardAdded = true
                guard add("*") else { break }
            }
            for candidate in tag.fallbackChain
            where !listed.contains(candidate) && !excluded.contains(where: { candidate.isOrExtends($0) }) {
                guard add(candidate.description) else { break outer }
                listed.append(candidate)
            }
        }
        // `*` after the tags; alone when no language is wanted (any, but for those refused).
        if let wildcardPosition, !wildcardAdded, wildcardPosition >= tags.count || entries.isEmpty { _ = add("*") }
        if entries.isEmpty { _ = add("*") }
        for tag in excluded {
            let entry = tag.description + ";q=0"
            let separator = value.isEmpty ? "" : ", "
            guard value.utf8.count + separator.utf8.count + entry.utf8.count <= Self.maximumAcceptLanguageLength
            else { break }
            value += separator + entry
        }
        return value
    }

    /// The longest ``acceptLanguageValue``, in bytes.
    package static let maximumAcceptLanguageLength = 256
    /// The most entries with a q-value above 0: 1, 0.9 … 0.1.
    static let maximumAcceptLanguageQualities = 10
}

extension LanguageTag {
    /// Whether this tag is `other` or a more specific form of it (`pt-BR` extends `pt`).
    fileprivate func isOrExtends(_ other: LanguageTag) -> Bool {
        let tag = description.lowercased()
        let prefix = other.description.lowercased()
        return tag == prefix || tag.hasPrefix(prefix + "-")
    }
}
