import Foundation
import Testing

@testable import FriendlyErrors

/// Reference IDs: their format, the permutation behind them, and uniqueness within a process.
struct ReferenceIDTests {
    @Test func referenceIDsAreShortReadableAndDistinct() {
        let pipeline = AlertPipeline()
        var seen = Set<String>()
        for _ in 0..<10_000 {
            let id = pipeline.alert(for: DatabaseFailure(), in: "en").referenceID ?? ""
            #expect(id.count == 9)
            #expect(id.allSatisfy { "0123456789ABCDEFGHJKMNPQRSTVWXYZ-".contains($0) })
            seen.insert(id)
        }
        #expect(seen.count == 10_000)
    }

    /// The 40-bit value an ID stands for.
    private func value(of id: String) -> UInt64 {
        let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)
        var value: UInt64 = 0
        for byte in id.utf8 where byte != UInt8(ascii: "-") {
            value = value << 5 | UInt64(alphabet.firstIndex(of: byte) ?? 0)
        }
        return value
    }

    @Test func idsOfConsecutiveCountersNeverRepeatAndKeepTheirFormat() {
        var generator = SystemRandomNumberGenerator()
        let keys = ReferenceID.Keys(using: &generator)
        // A counter run that crosses a 20-bit half boundary, and the last values before the wrap.
        let half = UInt64(1) << 20
        let counters = Array(0..<1000) + Array(half - 50_000..<half + 50_000) + Array((half << 20) - 1000..<half << 20)
        let values = counters.map { ReferenceID.permute($0, keys: keys) }
        #expect(Set(values).count == counters.count)
        #expect(values.allSatisfy { $0 < 1 << 40 })
        let id = ReferenceID.format(values[0])
        #expect(value(of: id) == values[0])
        #expect(ReferenceID.format(0) == "0000-0000")
        #expect(ReferenceID.format((1 << 40) - 1) == "ZZZZ-ZZZZ")
    }

    @Test func anotherProcessesKeysGiveAnUnrelatedSequence() {
        var generator = SystemRandomNumberGenerator()
        let first = ReferenceID.Keys(using: &generator)
        let second = ReferenceID.Keys(using: &generator)
        let firstIDs = (0..<1000).map { ReferenceID.permute(UInt64($0), keys: first) }
        let secondIDs = (0..<1000).map { ReferenceID.permute(UInt64($0), keys: second) }
        // Two random permutations agree at a position with probability 2^-40.
        #expect(zip(firstIDs, secondIDs).allSatisfy { $0 != $1 })
        // Consecutive counters do not give neighbouring IDs.
        let neighbours = zip(firstIDs, firstIDs.dropFirst()).filter { (id: UInt64, next: UInt64) -> Bool in
            id &+ 1 == next || next &+ 1 == id
        }
        #expect(neighbours.isEmpty)
    }

    /// 10,000,000 IDs from the process's own generator, as the pipeline draws them, none repeated.
    /// About a minute in a debug build, so it runs when `FRIENDLY_ERRORS_LONG_TESTS=1` is set; `.ci/run`
    /// runs it in a release build.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["FRIENDLY_ERRORS_LONG_TESTS"] == "1"))
    func tenMillionIDsInOneProcessNeverRepeat() {
        let count = 10_000_000
        var values: [UInt64] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            values.append(value(of: ReferenceID.make()))
        }
        values.sort()
        var repeats = 0
        for index in values.indices.dropFirst() where values[index] == values[index - 1] { repeats += 1 }
        #expect(repeats == 0)
    }
}
