extension ErrorResponse {
    /// What a problem response's body is written as: RFC 9457 problem+json (the default), a web page
    /// for browsers (``HTMLPresenter``), or plain text for clients that ask for `text/plain` (the
    /// console presenter's plain layout, uncoloured, unwrapped).
    public struct Format: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: Sendable, Hashable {
            case problemJSON
            case html
            case plainText
        }

        private let kind: Kind

        /// `application/problem+json`, written by the ``JSONPresenter``.
        public static let problemJSON = Format(kind: .problemJSON)
        /// `text/html; charset=utf-8`: a page, written by the ``HTMLPresenter``.
        public static let html = Format(kind: .html)
        /// `text/plain; charset=utf-8`: the alert's texts, one part per line.
        public static let plainText = Format(kind: .plainText)

        /// The `Content-Type` of a body in this format.
        public var contentType: String {
            switch kind {
            case .problemJSON: ErrorResponse.contentType
            case .html: "text/html; charset=utf-8"
            case .plainText: "text/plain; charset=utf-8"
            }
        }

        public var description: String { contentType }

        /// The format a request's `Accept` header prefers, q-values honoured (RFC 9110, section 12.5.1).
        ///
        /// Each format takes the quality of the most specific range that names it: problem+json from
        /// `application/problem+json` or `application/json`, else `application/*`, else `*/*`; a page
        /// from `text/html` or `application/xhtml+xml` only (a client that takes anything, `*/*`, is not
        /// sent a page it did not ask for); plain text from `text/plain`, else `text/*`, else `*/*`.
        /// The highest quality wins, then the more specific range, then problem+json before a page
        /// before text. Problem+json when nothing acceptable is named, and when there is no header.
        /// Reads at most the first 4 KiB and 64 entries.
        ///
        /// ```swift
        /// ErrorResponse.Format(accept: "text/html,application/xhtml+xml,*/*;q=0.8")   // .html (a browser)
        /// ErrorResponse.Format(accept: "text/plain")                     // .plainText
        /// ErrorResponse.Format(accept: "application/json, text/html")    // .problemJSON
        /// ```
        public init(accept: String?) {
            guard let accept, !accept.isEmpty else {
                self = .problemJSON
                return
            }
            // (quality, specificity) per format; specificity 3 for the exact type, 2 for `type/*`, 1 for `*/*`.
            var json = Preference()
            var page = Preference()
            var text = Preference()
            for entry in accept.utf8.prefix(4096).split(separator: UInt8(ascii: ",")).prefix(64) {
                let parts = entry.split(separator: UInt8(ascii: ";"))
                guard let first = parts.first else { continue }
                let type = String(decoding: first, as: UTF8.self).trimmingSpaces().lowercased()
                var quality = 1.0
                for parameter in parts.dropFirst() {
                    let text = String(decoding: parameter, as: UTF8.self).trimmingSpaces().lowercased()
                    if text.hasPrefix("q="), let value = Double(text.dropFirst(2)), value >= 0, value <= 1 {
                        quality = value
                    }
                }
                switch type {
                case "application/problem+json", "application/json": json.note(quality, specificity: 3)
                case "application/*": json.note(quality, specificity: 2)
                case "text/html", "application/xhtml+xml": page.note(quality, specificity: 3)
                case "text/plain": text.note(quality, specificity: 3)
                case "text/*": text.note(quality, specificity: 2)
                case "*/*":
                    json.note(quality, specificity: 1)
                    text.note(quality, specificity: 1)
                default: continue
                }
            }
            // In order of preference on a tie: problem+json, then a page, then text.
            var best = (format: Format.problemJSON, preference: json)
            for (format, preference) in [(Format.html, page), (Format.plainText, text)] where preference > best.preference {
                best = (format, preference)
            }
            self = best.preference.quality > 0 ? best.format : .problemJSON
        }

        private init(kind: Kind) { self.kind = kind }

        /// Whether this is the plain-text format.
        var isPlainText: Bool { kind == .plainText }
        /// Whether this is the page format.
        var isHTML: Bool { kind == .html }
    }

    /// How much a client wants one format: the quality of the most specific range naming it.
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
    fileprivate func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
