/// Version 4 (random) UUIDs as lowercase text, for problem `instance` URIs.
///
/// Foundation's `UUID()` opens, reads and closes `/dev/urandom` for each UUID on Linux, which a
/// server answering thousands of errors a second pays on every one; the system random number
/// generator (`getrandom`) gives the same 122 random bits in two calls and no file.
enum RandomUUID {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// A fresh UUID, `xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx`.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        // Bytes 0–7 and 8–15, big-endian: the version nibble is the top of byte 6, the variant the
        // top two bits of byte 8 (RFC 9562, section 5.4).
        let high = (generator.next() as UInt64) & ~0xF000 | 0x4000
        let low = (generator.next() as UInt64) & ~(0xC0 << 56) | (0x80 << 56)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, word) in [high, low].enumerated() {
            for nibble in (0..<16).reversed() {
                let position = index * 16 + (15 - nibble)
                if position == 8 || position == 12 || position == 16 || position == 20 { text.append(0x2D) }
                text.append(hexDigits[Int(truncatingIfNeeded: (word >> (UInt64(nibble) * 4)) & 0xF)])
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
