#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value of which each thread has its own copy, made on the thread's first use and freed when the
/// thread ends: no lock and nothing shared between threads (issue 35: the caches of a server's
/// responses, each taking a lock per response, now kept per thread).
///
/// Its thread-specific slot is never given back: make one per process, as a `static let`. Its plain
/// twin is ``LockedValue``, one value shared under a lock, with the same `withLock` shape;
/// `ThreadLocalValueTests` checks that the caches give the same answers through both.
///
/// SPI (`RepositoryInternals`) for the repository's other packages (the server kit's counters, kept per
/// thread), so that they hold no unsafe code of their own; inlinable, so that a caller in another module
/// pays no generic call for `withLock`.
package final class ThreadLocalValue<Value>: @unchecked Sendable {
    // @unchecked: a thread reaches only its own box.
    private let key: pthread_key_t
    @usableFromInline let initial: @Sendable () -> Value

    package init(_ initial: @escaping @Sendable () -> Value) {
        self.initial = initial
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
                Unmanaged<AnyObject>.fromOpaque(pointer).release()
            #else
                if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
            #endif
        }
        self.key = key
    }

    /// Runs `body` with the calling thread's value.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try body(&box.value)
    }

    @usableFromInline final class Box {
        @usableFromInline var value: Value
        @usableFromInline init(_ value: Value) { self.value = value }
    }

    /// The calling thread's box, made on its first use and released when the thread ends.
    @inlinable var box: Box {
        if let existing = slot() {
            return Unmanaged<Box>.fromOpaque(existing).takeUnretainedValue()
        }
        let box = Box(initial())
        setSlot(Unmanaged.passRetained(box).toOpaque())
        return box
    }

    /// The calling thread's pointer to its box, if it has one (not inlinable: the C library stays an internal
    /// import).
    @usableFromInline func slot() -> UnsafeMutableRawPointer? { pthread_getspecific(key) }

    @usableFromInline func setSlot(_ pointer: UnsafeMutableRawPointer) { pthread_setspecific(key, pointer) }
}
