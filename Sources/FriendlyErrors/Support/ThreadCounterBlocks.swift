import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process-wide counter whose values each thread takes from a block of its own: the shared counter is
/// advanced once per ``blockSize`` values (one atomic add), and the values between are the thread's
/// alone, kept in a thread-specific slot. Every value is taken once, as with one shared counter, but
/// threads drawing values at once do not write the same cache line for each (issue 35: the reference ID
/// of every unexpected error took a lock).
///
/// Values are unique (until the counter wraps after `bits` bits), not in order across threads. Its plain
/// twin, ``nextLocked()``, draws every value from the shared counter under a lock; `ThreadCounterBlocksTests`
/// checks that values drawn both ways from many threads are all distinct.
final class ThreadCounterBlocks: @unchecked Sendable {
    static let blockSize: UInt64 = 1 << 10
    /// Values run from 0 to 2^bits − 1, then start again.
    let mask: UInt64
    private let nextBlock = Atomic<UInt64>(0)
    private let locked = LockedValue<UInt64>(0)
    private let key: pthread_key_t

    /// A counter of `bits` bits (10 to 64). Its thread-specific slot is never given back: make one per
    /// process, as a `static let`.
    init(bits: Int) {
        precondition((10...64).contains(bits))
        mask = bits == 64 ? .max : (1 << UInt64(bits)) - 1
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
                pointer.assumingMemoryBound(to: Block.self).deallocate()
            #else
                pointer?.assumingMemoryBound(to: Block.self).deallocate()
            #endif
        }
        self.key = key
    }

    private struct Block {
        var next: UInt64
        var end: UInt64
    }

    /// The next value of the calling thread's block, taking a new block when it is used up.
    func next() -> UInt64 {
        let block: UnsafeMutablePointer<Block>
        if let existing = pthread_getspecific(key) {
            block = existing.assumingMemoryBound(to: Block.self)
        } else {
            block = .allocate(capacity: 1)
            block.initialize(to: Block(next: 0, end: 0))
            pthread_setspecific(key, block)
        }
        if block.pointee.next == block.pointee.end {
            let start = nextBlock.wrappingAdd(Self.blockSize, ordering: .relaxed).oldValue & mask
            block.pointee = Block(next: start, end: start &+ Self.blockSize)
        }
        defer { block.pointee.next &+= 1 }
        return block.pointee.next
    }

    /// The plain twin: the next value of one shared counter, under a lock.
    func nextLocked() -> UInt64 {
        locked.withLock { value in
            defer { value = (value &+ 1) & mask }
            return value
        }
    }
}
