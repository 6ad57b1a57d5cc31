/// Version 4 UUIDs as lowercase text, for problem `instance` URIs.
///
/// RFC 9562 (section 5.4) asks for 122 random bits beside the version and variant: these come from the
/// system's cryptographically secure generator, so an observed `instance` says nothing about any other.
/// Foundation's `UUID()` opens, reads and closes `/dev/urandom` for each UUID on Linux, which a server
/// answering thousands of errors a second would pay on every one; these read the generator in blocks of
/// 256 bytes, 16 UUIDs, into a buffer of each thread's own (``ThreadRandomWords``): one system call per
/// 16 UUIDs, no lock. Two UUIDs are equal with probability 2^-122 (among 10^12 of them, about 10^-13).
enum RandomUUID {
    private static let words = ThreadRandomWords()

    /// A fresh UUID, `xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx`.
    static func make() -> String {
        var text: [UInt8] = []
        text.reserveCapacity(36)
        append(to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// A fresh UUID's two halves: random bits, but the version nibble (the top of byte 6: 4) and the
    /// variant (the top two bits of byte 8: 10), bytes 0–7 and 8–15 big-endian (RFC 9562, section 5.4).
    private static func next() -> (high: UInt64, low: UInt64) {
        let high = words.next() & ~0xF000 | 0x4000
        let low = words.next() & ~(0xC0 << 56) | (0x80 << 56)
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
