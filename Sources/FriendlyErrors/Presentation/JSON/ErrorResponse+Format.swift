extension ErrorResponse {
    /// What a problem response's body is written as: RFC 9457 problem+json (the default), or plain
    /// text for clients that ask for `text/plain` (the console presenter's plain layout, uncoloured,
    /// unwrapped).
    public struct Format: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: Sendable, Hashable {
            case problemJSON
            case plainText
        }

        private let kind: Kind

        /// `application/problem+json`, written by the ``JSONPresenter``.
        public static let problemJSON = Format(kind: .problemJSON)
        /// `text/plain; charset=utf-8`: the alert's texts, one part per line.
        public static let plainText = Format(kind: .plainText)

        /// The `Content-Type` of a body in this format.
        public var contentType: String {
            switch kind {
            case .problemJSON: ErrorResponse.contentType
            case .plainText: "text/plain; charset=utf-8"
            }
        }

        public var description: String { contentType }

        /// The format a request's `Accept` header prefers: plain text only when `text/plain` (or
        /// `text/*`) has a higher quality than every JSON type the header accepts; problem+json
        /// otherwise, and when there is no header. Reads at most the first 4 KiB and 64 entries.
        ///
        /// ```swift
        /// ErrorResponse.Format(accept: "text/plain")                     // .plainText
        /// ErrorResponse.Format(accept: "application/json, text/plain")   // .problemJSON
        /// ```
        public init(accept: String?) {
            guard let accept, !accept.isEmpty else {
                self = .problemJSON
                return
            }
            var json = -1.0
            var text = -1.0
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
                case "application/problem+json", "application/json", "application/*", "*/*":
                    json = max(json, type == "*/*" || type == "application/*" ? min(quality, 0.999) : quality)
                case "text/plain", "text/*":
                    text = max(text, quality)
                default:
                    continue
                }
            }
            self = text > 0 && text > json ? .plainText : .problemJSON
        }

        private init(kind: Kind) { self.kind = kind }

        /// Whether this is the plain-text format.
        var isPlainText: Bool { kind == .plainText }
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
