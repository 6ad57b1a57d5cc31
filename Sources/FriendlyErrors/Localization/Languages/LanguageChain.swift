/// The languages an alert's texts are looked up in, best first, as the index's ordinals: one value with
/// no reference in it for any chain of up to seven languages among the catalog's first 255.
///
/// A chain used to be a `[Int]` that the negotiator shared with every alert, and each alert wrote that
/// array's reference count several times — on two threads, atomic writes to a line both cores want
/// (issue 45). Packed in an integer it is copied as a word; a longer chain (a long `Accept-Language`,
/// a catalog of more than 255 languages) keeps an array, as before.
struct LanguageChain: Sendable, Sequence, Equatable, CustomStringConvertible {
    /// Ordinal `i` in byte `i` (0 ... 6), the count in byte 7; `0` when `long` holds the chain.
    private let packed: UInt64
    /// The chain, when it does not fit in `packed`.
    private let long: [Int]?

    private static let packedCapacity = 7

    init(_ ordinals: [Int]) {
        if ordinals.count <= Self.packedCapacity, ordinals.allSatisfy({ (0..<255).contains($0) }) {
            var packed = UInt64(ordinals.count) << 56
            for (position, ordinal) in ordinals.enumerated() { packed |= UInt64(ordinal) << (8 * position) }
            self.packed = packed
            long = nil
        } else {
            packed = 0
            long = ordinals
        }
    }

    /// The number of languages.
    var count: Int {
        if let long { return long.count }
        return Int(truncatingIfNeeded: packed >> 56)
    }

    /// The best language; `nil` for an empty chain.
    var first: Int? {
        if let long { return long.first }
        return packed >> 56 == 0 ? nil : Int(truncatingIfNeeded: packed & 0xFF)
    }

    /// The ordinal at `position` (0 ..< ``count``).
    subscript(position: Int) -> Int {
        if let long { return long[position] }
        return Int(truncatingIfNeeded: (packed >> (8 * UInt64(position))) & 0xFF)
    }

    /// The chain from `position` on (`position` < ``count``).
    func suffix(from position: Int) -> LanguageChain {
        if let long { return LanguageChain(Array(long[position...])) }
        let remaining = UInt64(count - position)
        let shifted = (packed & 0x00FF_FFFF_FFFF_FFFF) >> (8 * UInt64(position))
        return LanguageChain(packed: remaining << 56 | shifted)
    }

    private init(packed: UInt64) {
        self.packed = packed
        long = nil
    }

    /// The ordinals as an array.
    var ordinals: [Int] { (0..<count).map { self[$0] } }

    var description: String { ordinals.description }

    struct Iterator: IteratorProtocol {
        let chain: LanguageChain
        var position = 0

        mutating func next() -> Int? {
            guard position < chain.count else { return nil }
            defer { position += 1 }
            return chain[position]
        }
    }

    func makeIterator() -> Iterator { Iterator(chain: self) }
}
