/// Version 4 UUIDs as lowercase text, for problem `instance` URIs.
///
/// Foundation's `UUID()` opens, reads and closes `/dev/urandom` for each UUID on Linux, which a
/// server answering thousands of errors a second pays on every one. These come instead, like
/// reference IDs, from a per-process random seed and key and a counter, mixed by SplitMix64: the
/// first half is a bijection of the counter, so no two UUIDs of one process are equal, and seeds from
/// the system generator keep processes apart — no system call after the first.
enum RandomUUID {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
    private static let key: UInt64 = {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }()
    private static let state: LockedValue<UInt64> = {
        var generator = SystemRandomNumberGenerator()
        return LockedValue(generator.next())
    }()

    /// A fresh UUID, `xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx`.
    static func make() -> String {
        let counter = state.withLock { value in
            value &+= 0x9E37_79B9_7F4A_7C15
            return value
        }
        // Bytes 0–7 and 8–15, big-endian: the version nibble is the top of byte 6, the variant the
        // top two bits of byte 8 (RFC 9562, section 5.4).
        let high = ReferenceID.mix(counter) & ~0xF000 | 0x4000
        let low = ReferenceID.mix(counter ^ key) & ~(0xC0 << 56) | (0x80 << 56)
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
