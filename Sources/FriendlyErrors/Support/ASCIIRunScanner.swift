/// Eight bytes at a time through runs of bytes a byte loop has nothing to do with: printable ASCII
/// (for `DisplayWidth` and `TerminalSanitizer`), or anything but two given bytes (for the catalog
/// parsers' line and string scans). The one unaligned load of the package is ``word(in:at:)``.
///
/// Plain twins (byte loops) are kept beside each: ``isPrintablePlain(_:)``,
/// ``firstIndexPlain(of:or:in:from:)``; tests and fuzz targets check that they agree.
enum ASCIIRunScanner {
    /// The eight bytes at `index` (which must have eight bytes after it) as one integer, the first
    /// byte lowest, whatever the machine's byte order.
    @inline(__always)
    static func word(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
    }

    /// The end of the run of printable ASCII (0x20–0x7E) starting at `start`, in steps of eight
    /// bytes: it stops before the first word holding anything else, which the caller walks byte by
    /// byte.
    @inline(__always)
    static func printableRunEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index + 8 <= bytes.count, isPrintable(word(in: bytes, at: index)) { index += 8 }
        return index
    }

    /// Whether all eight bytes of `word` are printable ASCII (0x20–0x7E), which each take one
    /// column and are never escaped.
    ///
    /// Classic SWAR tests (“Bit Twiddling Hacks”): with no high bit set, a byte below 0x20 leaves
    /// its high bit set after subtracting 0x20 from every byte, and a byte equal to 0x7F becomes
    /// zero when xored with 0x7F; both tests are exact for bytes below 0x80.
    static func isPrintable(_ word: UInt64) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        guard word & high == 0 else { return false }
        let hasControl = (word &- 0x20 &* ones) & ~word & high
        let delete = word ^ (0x7F &* ones)
        let hasDelete = (delete &- ones) & ~delete & high
        return hasControl | hasDelete == 0
    }

    /// The plain twin of ``isPrintable(_:)``: byte by byte.
    static func isPrintablePlain(_ word: UInt64) -> Bool {
        (0..<8).allSatisfy { shift in (0x20...0x7E).contains(word >> (shift * 8) & 0xFF) }
    }

    /// The index of the first byte of `bytes` at or after `start` that is `a` or `b`, or `count` if
    /// there is none.
    @inline(__always)
    static func firstIndex(of a: UInt8, or b: UInt8, in bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { $0.firstIndex(of: a, or: b, from: start) }
    }

    /// The index (in the slice's own indices) of the first byte of `bytes` at or after `start` that
    /// is `a` or `b`, or `endIndex` if there is none.
    @inline(__always)
    static func firstIndex(of a: UInt8, or b: UInt8, in bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        let base = bytes.startIndex
        return bytes.withUnsafeBufferPointer { base + $0.firstIndex(of: a, or: b, from: start - base) }
    }

    /// The plain twin of ``firstIndex(of:or:in:from:)``: a loop over single bytes.
    static func firstIndexPlain(of a: UInt8, or b: UInt8, in bytes: [UInt8], from start: Int) -> Int {
        firstIndexPlain(of: a, or: b, in: bytes[...], from: start)
    }

    /// The plain twin of ``firstIndex(of:or:in:from:)`` for a slice: a loop over single bytes.
    static func firstIndexPlain(of a: UInt8, or b: UInt8, in bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        guard start < bytes.endIndex else { return bytes.endIndex }
        var index = start
        while index < bytes.endIndex, bytes[index] != a, bytes[index] != b { index += 1 }
        return index
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The index of the first byte at or after `start` that is `a` or `b`, or `count` if there is none.
    ///
    /// Compares eight bytes at a time: lines and string contents are long runs of bytes a parser has
    /// nothing to do with, which this skips several times faster than a loop over single bytes.
    @inline(__always)
    func firstIndex(of a: UInt8, or b: UInt8, from start: Int) -> Int {
        guard start < count else { return count }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let (wordOfA, wordOfB) = (ones &* UInt64(a), ones &* UInt64(b))
        var index = start
        let lastWord = count &- 8
        while index <= lastWord {
            // A byte of `x` is zero where the byte was `a`; `(x - 1) & ~x` sets the high bit of the
            // lowest zero byte (and maybe of later ones, never of an earlier one).
            let word = ASCIIRunScanner.word(in: self, at: index)
            let (x, y) = (word ^ wordOfA, word ^ wordOfB)
            let found = ((x &- ones) & ~x | (y &- ones) & ~y) & 0x8080_8080_8080_8080
            if found != 0 { return index &+ found.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        while index < count, self[index] != a, self[index] != b { index &+= 1 }
        return index
    }
}
