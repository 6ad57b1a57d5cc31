/// The languages an alert's texts are looked up in, best first, as the index's ordinals: one value with
/// no reference in it, copied as four words.
///
/// A chain used to be a `[Int]` that the negotiator shared with every alert, and each alert wrote that
/// array's reference count several times — on two threads, atomic writes to a line both cores want
/// (issue 45). It holds up to 15 languages, which no real preference reaches (each is a distinct
/// language of the catalog the reader accepts); a longer chain keeps its first 14 and its last, the base
/// language every lookup ends with.
struct LanguageChain: Sendable, Sequence, Equatable, CustomStringConvertible {
    /// Ordinals in lanes 0 ..< 15, the count in lane 15; unused lanes 0, so equal chains are equal values.
    private var lanes = SIMD16<UInt16>()

    /// The most languages a chain holds.
    static let capacity = 15

    /// The chain of `ordinals` (each less than 65,535), cut as the type says when longer than ``capacity``.
    init(_ ordinals: [Int]) {
        var kept = ordinals
        if kept.count > Self.capacity { kept = Array(kept.prefix(Self.capacity - 1)) + [ordinals[ordinals.count - 1]] }
        for (position, ordinal) in kept.enumerated() {
            precondition((0..<Int(UInt16.max)).contains(ordinal), "a language ordinal out of range: \(ordinal)")
            lanes[position] = UInt16(ordinal)
        }
        lanes[Self.capacity] = UInt16(kept.count)
    }

    private init(lanes: SIMD16<UInt16>) {
        self.lanes = lanes
    }

    /// The number of languages.
    var count: Int { Int(lanes[Self.capacity]) }

    /// The best language; `nil` for an empty chain.
    var first: Int? { count == 0 ? nil : Int(lanes[0]) }

    /// The ordinal at `position` (0 ..< ``count``).
    subscript(position: Int) -> Int { Int(lanes[position]) }

    /// The chain from `position` on (`position` < ``count``).
    func suffix(from position: Int) -> LanguageChain {
        var shifted = SIMD16<UInt16>()
        let remaining = count - position
        for lane in 0..<remaining { shifted[lane] = lanes[position + lane] }
        shifted[Self.capacity] = UInt16(remaining)
        return LanguageChain(lanes: shifted)
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
