/// Version 4 UUIDs as lowercase text, for problem `instance` URIs.
///
/// Foundation's `UUID()` opens, reads and closes `/dev/urandom` for each UUID on Linux, which a
/// server answering thousands of errors a second pays on every one. These come instead, like
/// reference IDs, from a per-process random seed and key and a counter, mixed by SplitMix64: the
/// first half is a bijection of the counter, so no two UUIDs of one process are equal, and seeds from
/// the system generator keep processes apart — no system call after the first.
enum RandomUUID {
    /// A UUID's layout: its dashes, with room for the digits between.
    private static let dashes: [UInt8] = Array("00000000-0000-0000-0000-000000000000".utf8)
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
        var text: [UInt8] = []
        text.reserveCapacity(36)
        append(to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends a fresh UUID's 36 characters to `text`: one buffer, no intermediate strings.
    static func append(to text: inout [UInt8]) {
        let counter = state.withLock { value in
            value &+= 0x9E37_79B9_7F4A_7C15
            return value
        }
        // Bytes 0–7 and 8–15, big-endian: the version nibble is the top of byte 6, the variant the
        // top two bits of byte 8 (RFC 9562, section 5.4).
        let high = ReferenceID.mix(counter) & ~0xF000 | 0x4000
        let low = ReferenceID.mix(counter ^ key) & ~(0xC0 << 56) | (0x80 << 56)
        // 8-4-4-4-12 hexadecimal digits, `high`'s 16 then `low`'s 16, written over a copy of the dashes:
        // setting bytes of a buffer already the right size costs less than appending them one by one.
        let start = text.count
        text.append(contentsOf: dashes)
        var position = start
        for digit in 0..<32 {
            if digit == 8 || digit == 12 || digit == 16 || digit == 20 { position += 1 }
            let word = digit < 16 ? high : low
            let nibble = UInt8(truncatingIfNeeded: word >> UInt64((15 - (digit & 15)) * 4)) & 0xF
            text[position] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            position += 1
        }
    }
}
