/// Chooses the writer of a response's body from the request's `Accept` header, q-values honoured
/// (RFC 9110, section 12.5.1).
///
/// Each writer takes the quality of the most specific range that names it: one of its
/// ``ErrorBodyWriter/mediaTypes``, else (when it ``ErrorBodyWriter/answersMediaRanges``) its
/// type's `type/*`, else `*/*`. The highest quality wins, then the more specific range, then the
/// earlier writer. The first writer answers when nothing acceptable is named, and when there is no
/// header. Reads at most the first 4 KiB and 64 entries; an entry cut by that limit is dropped whole,
/// never read as a shorter, different one.
enum BodyNegotiation {
    /// The number of bytes of a header that are read.
    static let maximumHeaderLength = 4096
    /// The number of entries read.
    static let maximumEntries = 64

    /// The index in `writers` of the one `accept` prefers; 0 when there is no header or no writer
    /// is acceptable.
    static func choice(for accept: String?, among writers: [any ErrorBodyWriter]) -> Int {
        guard let accept, !accept.isEmpty, writers.count > 1 else { return 0 }
        var preferences = [Preference](repeating: Preference(), count: writers.count)
        let mediaTypes = writers.map(\.mediaTypes)
        for (type, quality) in entries(of: accept) {
            let range: Substring? = type.hasSuffix("/*") ? type.dropLast() : nil  // "text/", or "*/" for */*
            for (index, writer) in writers.enumerated() {
                if mediaTypes[index].contains(type) {
                    preferences[index].note(quality, specificity: 3)
                } else if let range, writer.answersMediaRanges {
                    if range == "*/" {
                        preferences[index].note(quality, specificity: 1)
                    } else if mediaTypes[index].contains(where: { $0.hasPrefix(range) }) {
                        preferences[index].note(quality, specificity: 2)
                    }
                }
            }
        }
        var best = 0
        for index in preferences.indices.dropFirst() where preferences[index] > preferences[best] { best = index }
        return preferences[best].quality > 0 ? best : 0
    }

    /// The media ranges of `accept`, lowercase, each with its quality (1 when none is given).
    static func entries(of accept: String) -> [(type: String, quality: Double)] {
        var bytes = Array(accept.utf8.prefix(maximumHeaderLength + 1))
        let comma = UInt8(ascii: ",")
        if bytes.count > maximumHeaderLength {
            // Never read a truncated entry as a shorter valid one (`text/plain;q=0.1` cut to `text/plain`).
            let cutAtEntryBoundary = bytes[maximumHeaderLength] == comma
            bytes.removeLast()
            if !cutAtEntryBoundary { bytes.removeSubrange((bytes.lastIndex(of: comma) ?? 0)...) }
        }
        var entries: [(type: String, quality: Double)] = []
        for entry in bytes.split(separator: comma).prefix(maximumEntries) {
            let parts = entry.split(separator: UInt8(ascii: ";"))
            guard let first = parts.first else { continue }
            let type = String(decoding: first, as: UTF8.self).trimmingSpacesAndTabs().lowercased()
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let text = String(decoding: parameter, as: UTF8.self).trimmingSpacesAndTabs().lowercased()
                if text.hasPrefix("q="), let value = Double(text.dropFirst(2)), value >= 0, value <= 1 {
                    quality = value
                }
            }
            entries.append((type, quality))
        }
        return entries
    }

    /// How much a client wants one writer's bodies: the quality of the most specific range naming it.
    private struct Preference: Comparable {
        var quality = -1.0
        var specificity = 0

        /// Takes a range's quality when the range is more specific than the one seen, or as specific
        /// and of higher quality (a repeated range).
        mutating func note(_ quality: Double, specificity: Int) {
            if specificity > self.specificity || (specificity == self.specificity && quality > self.quality) {
                self.quality = quality
                self.specificity = specificity
            }
        }

        static func < (lhs: Preference, rhs: Preference) -> Bool {
            (lhs.quality, lhs.specificity) < (rhs.quality, rhs.specificity)
        }
    }
}

extension String {
    /// The text without spaces and tabs at either end.
    func trimmingSpacesAndTabs() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
