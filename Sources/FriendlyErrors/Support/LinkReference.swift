/// Decides whether a link an app gives may be written into a response: an absolute `http` or `https`
/// URL with a host, or a relative reference (a path, a query or a fragment) — nothing that a
/// browser could run (`javascript:`, `data:`, `vbscript:`), open elsewhere (`file:`, `mailto:`), or
/// read as another host (`//evil.example`, `/\evil.example`, which browsers treat as `//`).
///
/// The rules are strict on purpose, as a browser is lenient: it drops tabs and newlines inside a URL
/// (`java\tscript:` is `javascript:`), trims spaces and controls at its ends, and reads `\` as `/`.
/// So a link holding any control character, any whitespace, any invisible format character (bidi
/// controls among them) or a backslash is refused whole rather than repaired, and so is one longer
/// than ``maximumUTF8Bytes``.
///
/// ```swift
/// LinkReference.isSafe("/login?next=%2Fcart")        // true
/// LinkReference.isSafe("https://help.example.com")   // true
/// LinkReference.isSafe("javascript:alert(1)")        // false
/// LinkReference.isSafe("//evil.example/")            // false
/// ```
package enum LinkReference {
    /// The longest link kept, in UTF-8 bytes: longer ones are refused (browsers and proxies cap URLs
    /// around 8 KiB, and a link in an error page has no reason to come near).
    package static let maximumUTF8Bytes = 2048

    /// `href` when it is safe to write (see the type's documentation), else `nil`.
    package static func validated(_ href: String?) -> String? {
        guard let href, isSafe(href) else { return nil }
        return href
    }

    /// Whether `href` is an absolute `http(s)` URL with a host, or a relative reference that names
    /// no host and no scheme.
    package static func isSafe(_ href: String) -> Bool {
        let utf8 = href.utf8
        guard !utf8.isEmpty, utf8.count <= maximumUTF8Bytes else { return false }
        for scalar in href.unicodeScalars where !isAllowed(scalar) { return false }
        // A scheme is the text before the first `:`, if that comes before any `/`, `?` or `#`
        // (RFC 3986, section 4.2: a relative path's first segment cannot hold a colon).
        var schemeEnd: String.UTF8View.Index?
        for index in utf8.indices {
            let byte = utf8[index]
            if byte == UInt8(ascii: ":") {
                schemeEnd = index
                break
            }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
        }
        guard let schemeEnd else {
            // Relative: never a network-path reference (`//host`), which leaves the site.
            return !utf8.starts(with: "//".utf8)
        }
        let scheme = String(decoding: utf8[..<schemeEnd], as: UTF8.self).lowercased()
        guard scheme == "http" || scheme == "https" else { return false }
        let rest = utf8[utf8.index(after: schemeEnd)...]
        guard rest.starts(with: "//".utf8) else { return false }
        // A host, not a path: `https:///x` and `https://` name none.
        let authority = rest.dropFirst(2).prefix {
            $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
        }
        return !authority.isEmpty
    }

    /// Whether `scalar` may appear in a link: printable ASCII but for the backslash, or any
    /// non-ASCII letter, mark, number, punctuation or symbol — never a control, a space, a line or
    /// paragraph separator, or an invisible format character.
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return scalar.value > 0x20 && scalar.value < 0x7F && scalar != "\\"
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned,
            .privateUse:
            return false
        default:
            return true
        }
    }
}
