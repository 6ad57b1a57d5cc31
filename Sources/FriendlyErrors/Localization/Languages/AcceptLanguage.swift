/// The HTTP `Accept-Language` request header (RFC 9110, section 12.5.4).
///
/// Most apps never call this directly: ``LanguagePreference/acceptLanguage(_:)`` turns the header into a
/// preference that negotiation understands. The parser is bounded, because the header comes from
/// anyone: it reads at most ``maximumHeaderLength`` bytes and keeps at most ``maximumEntries`` entries,
/// in one pass, whatever the input.
package enum AcceptLanguage {
    /// The number of bytes of a header that are read; an entry cut by this limit is dropped whole.
    package static let maximumHeaderLength = 4096
    /// The number of well-formed entries kept; later ones are ignored.
    package static let maximumEntries = 32

    /// The entries of an `Accept-Language` header, most wanted first.
    ///
    /// A `nil` tag stands for `*` (any language). Qualities are between 0 and 1 with at most three
    /// decimals; an entry without `q` has quality 1, and quality 0 means "not acceptable" (such entries
    /// are returned, last, so that callers can exclude them). Entries of equal quality keep the
    /// header's order. Malformed entries — an invalid tag, `q=1.5`, `q=1e309`, stray bytes — are
    /// skipped, never fatal.
    ///
    /// ```swift
    /// AcceptLanguage.parse("fr-CH, fr;q=0.9, *;q=0.5, en;q=0.8")
    /// // [(fr-CH, 1.0), (fr, 0.9), (en, 0.8), (nil, 0.5)]
    /// ```
    package static func parse(_ header: String) -> [(tag: LanguageTag?, quality: Double)] {
        var bytes = Array(header.utf8.prefix(maximumHeaderLength + 1))
        if bytes.count > maximumHeaderLength {
            // Never read a truncated entry as a shorter valid one (`en-US` cut to `en`).
            let cutAtEntryBoundary = bytes[maximumHeaderLength] == comma
            bytes.removeLast()
            if !cutAtEntryBoundary { bytes.removeSubrange((bytes.lastIndex(of: comma) ?? 0)...) }
        }

        var entries: [(tag: LanguageTag?, thousandths: Int)] = []
        var start = 0
        while start <= bytes.count, entries.count < maximumEntries {
            let end = bytes[start...].firstIndex(of: comma) ?? bytes.count
            if let entry = parseEntry(bytes[start..<end]) { entries.append(entry) }
            start = end + 1
        }

        // At most `maximumEntries` elements, so the sort is cheap; the offset makes it stable.
        let ordered = entries.enumerated().sorted { lhs, rhs in
            lhs.element.thousandths != rhs.element.thousandths
                ? lhs.element.thousandths > rhs.element.thousandths : lhs.offset < rhs.offset
        }
        return ordered.map { (tag: $0.element.tag, quality: Double($0.element.thousandths) / 1000) }
    }

    private static let comma = UInt8(ascii: ",")
    private static let semicolon = UInt8(ascii: ";")

    /// One `language-range *( OWS ";" OWS "q=" qvalue )` element, or `nil` when malformed.
    private static func parseEntry(_ element: ArraySlice<UInt8>) -> (tag: LanguageTag?, thousandths: Int)? {
        var parts = element.split(separator: semicolon, omittingEmptySubsequences: false)[...]
        guard let rangePart = parts.popFirst() else { return nil }
        let range = trimmed(rangePart)
        guard !range.isEmpty, range.count <= LanguageTag.maximumLength else { return nil }

        var thousandths = 1000
        var sawWeight = false
        for parameter in parts {
            let parameter = trimmed(parameter)
            if parameter.isEmpty { continue }  // `en;;q=0.5`: tolerated.
            guard let equals = parameter.firstIndex(of: UInt8(ascii: "=")) else { return nil }
            let name = trimmed(parameter[..<equals])
            guard name.count == 1, name.first! | 0x20 == UInt8(ascii: "q") else { continue }  // Unknown: ignored.
            guard !sawWeight, let weight = qvalue(trimmed(parameter[(equals + 1)...])) else { return nil }
            thousandths = weight
            sawWeight = true
        }

        if range.count == 1, range.first == UInt8(ascii: "*") { return (nil, thousandths) }
        // `language-range` allows only letters, digits and hyphens: no `_`, `.` or `@` from POSIX names.
        let isRangeByte = { (byte: UInt8) in
            let letter = byte | 0x20
            return (letter >= 0x61 && letter <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
        }
        guard range.allSatisfy(isRangeByte), let tag = LanguageTag(String(decoding: range, as: UTF8.self)) else {
            return nil
        }
        return (tag, thousandths)
    }

    /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`, in thousandths.
    private static func qvalue(_ text: ArraySlice<UInt8>) -> Int? {
        guard let first = text.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        let rest = text.dropFirst()
        var value = Int(first - UInt8(ascii: "0")) * 1000
        guard let dot = rest.first else { return value }
        let decimals = rest.dropFirst()
        guard dot == UInt8(ascii: "."), decimals.count <= 3 else { return nil }
        var scale = 100
        for digit in decimals {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isWhitespace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isWhitespace($0) }) else { return [] }
        let last = bytes.lastIndex(where: { !isWhitespace($0) })!
        return bytes[first...last]
    }
}
