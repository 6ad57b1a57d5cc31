import Testing

@testable import FriendlyErrors

/// `instance` UUIDs are random (RFC 9562's version 4), drawn from the system's generator through a
/// buffer per thread (`ThreadRandomWords`), checked against its plain twin, one system call per word.
@Suite struct ThreadRandomWordsTests {
    /// How many of `words`' bits are set, position by position.
    private func bitCounts(_ words: [UInt64]) -> [Int] {
        (0..<64).map { bit in words.count { $0 >> UInt64(bit) & 1 == 1 } }
    }

    @Test func wordsDrawnFromManyThreadsAreDistinctAndEvenlySpreadBothWays() async {
        let words = ThreadRandomWords()
        for buffered in [true, false] {
            let drawn = await withTaskGroup(of: [UInt64].self) { group in
                for _ in 0..<8 {
                    group.addTask { (0..<2_000).map { _ in buffered ? words.next() : words.nextUnbuffered() } }
                }
                return await group.reduce(into: [UInt64]()) { $0 += $1 }
            }
            #expect(drawn.count == 16_000)
            // 16,000 random 64-bit words repeat one with probability about 7e-12.
            #expect(Set(drawn).count == drawn.count)
            // Each bit is set in about half of them: 8,000 ± 600 is more than 9 standard deviations (63).
            for (bit, count) in bitCounts(drawn).enumerated() {
                #expect((7_400...8_600).contains(count), "bit \(bit) set in \(count) of 16,000 (buffered: \(buffered))")
            }
        }
    }

    @Test func aThreadsBufferIsReadOnceWordByWordAcrossBlocks() {
        let words = ThreadRandomWords()
        // Several blocks of one thread: no word comes back when a block is read again.
        let drawn = (0..<(ThreadRandomWords.wordsPerBlock * 5 + 3)).map { _ in words.next() }
        #expect(Set(drawn).count == drawn.count)
        #expect(!drawn.contains(0))
    }

    @Test func instanceUUIDsAreVersionFourWithRandomBitsThatDoNotFollowEachOther() throws {
        let uuids = (0..<4_000).map { _ in RandomUUID.make() }
        #expect(Set(uuids).count == uuids.count)
        var highs: [UInt64] = []
        for uuid in uuids {
            let bytes = Array(uuid.utf8)
            #expect(bytes.count == 36)
            #expect(bytes[14] == UInt8(ascii: "4"))  // the version
            #expect("89ab".utf8.contains(bytes[19]))  // the variant, 10xx
            let digits = uuid.replacing("-", with: "")
            highs.append(try #require(UInt64(digits.prefix(16), radix: 16)))
        }
        // Consecutive UUIDs differ in about half of their 60 free high bits, not in a counter's few:
        // a counter mixed by a fixed function would still make each predictable from the one before.
        let differences = zip(highs, highs.dropFirst()).map { (($0 ^ $1) & ~0xF000).nonzeroBitCount }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        #expect((28.0...32.0).contains(mean), "consecutive UUIDs differ in \(mean) bits on average")
        // Every free bit of the high half is set in about half of them (2,000 ± 300: 9 standard deviations).
        for (bit, count) in bitCounts(highs).enumerated() where !(12..<16).contains(bit) {
            #expect((1_700...2_300).contains(count), "bit \(bit) set in \(count) of 4,000")
        }
    }
}
