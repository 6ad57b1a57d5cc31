/// Version 4 UUIDs as lowercase text, for problem `instance` URIs.
///
/// Foundation's `UUID()` opens, reads and closes `/dev/urandom` for each UUID on Linux, which a
/// server answering thousands of errors a second pays on every one. These come instead, like
/// reference IDs, from a per-process random seed and key and a counter, mixed by SplitMix64: the
/// first half is a bijection of the counter, so no two UUIDs of one process are equal, and seeds from
/// the system generator keep processes apart — no system call after the first.
enum RandomUUID {
    private static let key: UInt64 = {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }()
    private static let seed: UInt64 = {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }()
    /// The counter, drawn in blocks per thread: no lock, no line shared per response (issue 35).
    private static let counter = ThreadCounterBlocks(bits: 64)

    /// A fresh UUID, `xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx`.
    static func make() -> String {
        var text: [UInt8] = []
        text.reserveCapacity(36)
        append(to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// A fresh UUID's two halves.
    private static func next() -> (high: UInt64, low: UInt64) {
        // Distinct counts give distinct values: the step is odd.
        let counter = seed &+ (Self.counter.next() &+ 1) &* 0x9E37_79B9_7F4A_7C15
        // Bytes 0–7 and 8–15, big-endian: the version nibble is the top of byte 6, the variant the
        // top two bits of byte 8 (RFC 9562, section 5.4).
        let high = ReferenceID.mix(counter) & ~0xF000 | 0x4000
        let low = ReferenceID.mix(counter ^ key) & ~(0xC0 << 56) | (0x80 << 56)
        return (high, low)
    }

    /// Writes a fresh UUID's 32 digits over those of the UUID in `text` at `start` (its dashes are kept):
    /// a template's placeholder, copied whole with the bytes around it.
    static func overwrite(_ text: inout [UInt8], at start: Int) {
        let (high, low) = next()
        writeDigits(of: high, count: 8, over: &text, at: start)
        writeDigits(of: high << 32, count: 4, over: &text, at: start + 9)
        writeDigits(of: high << 48, count: 4, over: &text, at: start + 14)
        writeDigits(of: low, count: 4, over: &text, at: start + 19)
        writeDigits(of: low << 16, count: 12, over: &text, at: start + 24)
    }

    /// Writes the top `count` hexadecimal digits of `word`, lowercase, over `text` from `start`.
    @inline(__always)
    private static func writeDigits(of word: UInt64, count: Int, over text: inout [UInt8], at start: Int) {
        var rest = word
        for index in start..<(start + count) {
            let nibble = UInt8(truncatingIfNeeded: rest >> 60)
            text[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            rest <<= 4
        }
    }

    /// Appends a fresh UUID's 36 characters to `text`: one buffer, no intermediate strings.
    static func append(to text: inout [UInt8]) {
        let (high, low) = next()
        // 8-4-4-4-12 hexadecimal digits, `high`'s 16 then `low`'s 16, appended group by group into room
        // reserved once: measured, this costs less than writing them over a copy of the dashes.
        text.reserveCapacity(text.count + 36)
        appendDigits(of: high, count: 8, to: &text)
        text.append(UInt8(ascii: "-"))
        appendDigits(of: high << 32, count: 4, to: &text)
        text.append(UInt8(ascii: "-"))
        appendDigits(of: high << 48, count: 4, to: &text)
        text.append(UInt8(ascii: "-"))
        appendDigits(of: low, count: 4, to: &text)
        text.append(UInt8(ascii: "-"))
        appendDigits(of: low << 16, count: 12, to: &text)
    }

    /// Appends the top `count` hexadecimal digits of `word`, lowercase.
    @inline(__always)
    private static func appendDigits(of word: UInt64, count: Int, to text: inout [UInt8]) {
        var rest = word
        for _ in 0..<count {
            let nibble = UInt8(truncatingIfNeeded: rest >> 60)
            text.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
            rest <<= 4
        }
    }
}
