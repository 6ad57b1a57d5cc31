import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Random 64-bit words from the system's cryptographically secure generator, read in blocks of
/// ``wordsPerBlock`` into a buffer of each thread's own: one `getentropy` call (the `getrandom` system
/// call on Linux) per block instead of one per word, no lock, nothing shared between threads.
///
/// A word is used once. After a `fork`, the child discards what its thread's buffer held (the parent
/// uses the same words): the child's first draw reads a new block. A generator that fails (a kernel
/// without `getrandom`) is replaced, for that block, by `SystemRandomNumberGenerator` word by word.
///
/// Its plain twin, ``nextUnbuffered()``, asks `SystemRandomNumberGenerator` for every word (on Linux a
/// `getrandom` call each); `ThreadRandomWordsTests` checks that both give distinct, evenly spread words.
final class ThreadRandomWords: @unchecked Sendable {
    /// 256 bytes, the most one `getentropy` call reads.
    static let wordsPerBlock = 32
    private let key: pthread_key_t

    /// The buffers' generation: a forked child's is one more than its parent's, so a buffer filled
    /// before the fork is read again in neither.
    private static let generation = Atomic<UInt64>(0)
    private static let forkHandlerInstalled: Bool = {
        pthread_atfork(nil, nil) { _ = ThreadRandomWords.generation.add(1, ordering: .relaxed) }
        return true
    }()

    /// The calling thread's buffer: the generation it was filled in, the next word's index, the words.
    private struct Buffer {
        var generation: UInt64
        var next: Int
        var words:
            (
                UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
            )
    }

    /// Words drawn through a thread-specific slot that is never given back: make one per process, as a
    /// `static let`.
    init() {
        _ = Self.forkHandlerInstalled
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
                pointer.assumingMemoryBound(to: Buffer.self).deallocate()
            #else
                pointer?.assumingMemoryBound(to: Buffer.self).deallocate()
            #endif
        }
        self.key = key
    }

    /// The next random word of the calling thread's buffer, reading a new block when it is used up.
    func next() -> UInt64 {
        let buffer: UnsafeMutablePointer<Buffer>
        if let existing = pthread_getspecific(key) {
            buffer = existing.assumingMemoryBound(to: Buffer.self)
        } else {
            buffer = .allocate(capacity: 1)
            buffer.initialize(
                to: Buffer(
                    generation: 0, next: Self.wordsPerBlock,
                    words: (
                        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
                    )))
            pthread_setspecific(key, buffer)
        }
        let generation = Self.generation.load(ordering: .relaxed)
        if buffer.pointee.next == Self.wordsPerBlock || buffer.pointee.generation != generation {
            Self.fill(&buffer.pointee.words)
            buffer.pointee.generation = generation
            buffer.pointee.next = 0
        }
        let index = buffer.pointee.next
        buffer.pointee.next = index + 1
        return withUnsafeBytes(of: &buffer.pointee.words) { $0.load(fromByteOffset: index * 8, as: UInt64.self) }
    }

    /// Fills `words` from the system's generator in one call.
    private static func fill<Words>(_ words: inout Words) {
        withUnsafeMutableBytes(of: &words) { bytes in
            if getentropy(bytes.baseAddress, bytes.count) != 0 {
                var generator = SystemRandomNumberGenerator()
                for offset in stride(from: 0, to: bytes.count, by: 8) {
                    bytes.storeBytes(of: generator.next(), toByteOffset: offset, as: UInt64.self)
                }
            }
        }
    }

    /// The plain twin: a word from `SystemRandomNumberGenerator`, one system call each.
    func nextUnbuffered() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }
}
