/// A canonical tag of a language and at most a region — `en`, `ast`, `ja-JP`, `es-419` — as its
/// language's letters packed into an integer (a byte a letter) and whether it has the region: what
/// ``LanguageNegotiator`` compares instead of hashing the spelling. Made once for a prebuilt
/// ``LanguagePreference``, so an alert in its language compares integers.
struct PackedLanguageTag: Sendable, Equatable {
    /// The language subtag's two or three letters, one byte each, the first in the highest byte.
    let language: UInt32
    /// Whether a region (`-JP`, `-419`) follows the language.
    let hasRegion: Bool

    /// The packed form of `spelling`; `nil` for any spelling of another shape (a script, a variant,
    /// capitals in the language, `_`).
    init?(_ spelling: String) {
        let count = spelling.utf8.count
        guard count >= 2, count <= 7 else { return nil }
        // One pass over the contiguous bytes (iterating the UTF-8 view costs several times more).
        var reader = Reader()
        guard spelling.allUTF8Bytes(satisfy: { reader.read($0) }), reader.length >= 2 else { return nil }
        // `RR` in capitals or `123` in digits, nothing after it.
        guard
            !reader.inRegion || (reader.regionLength == 2 && reader.letters)
                || (reader.regionLength == 3 && reader.digits)
        else { return nil }
        language = reader.packed
        hasRegion = reader.inRegion
    }

    /// What has been read of a spelling so far.
    private struct Reader {
        var packed: UInt32 = 0
        var length = 0
        var inRegion = false
        var regionLength = 0
        var letters = true
        var digits = true

        /// Takes the next byte; `false` when the spelling cannot be a packed tag.
        mutating func read(_ byte: UInt8) -> Bool {
            if inRegion {
                regionLength += 1
                letters = letters && byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
                digits = digits && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            } else if byte == UInt8(ascii: "-") {
                inRegion = true
            } else {
                guard byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z"), length < 3 else { return false }
                packed = packed << 8 | UInt32(byte)
                length += 1
            }
            return true
        }
    }
}
