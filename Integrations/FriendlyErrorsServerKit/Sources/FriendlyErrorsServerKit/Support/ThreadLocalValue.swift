#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value of which each thread has its own copy, made on the thread's first use and freed when the
/// thread ends: no lock and nothing shared between threads (the reporter's counters, kept per thread). The
/// kit's own: a copy of the core's, which no other package may import (it carries no version promise
/// across packages).
///
/// Its thread-specific slot is never given back: make one per process, as a `static let`.
final class ThreadLocalValue<Value>: @unchecked Sendable {
    // @unchecked: a thread reaches only its own box.
    private let key: pthread_key_t
    private let initial: @Sendable () -> Value

    init(_ initial: @escaping @Sendable () -> Value) {
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
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try body(&box.value)
    }

    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    /// The calling thread's box, made on its first use and released when the thread ends.
    private var box: Box {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<Box>.fromOpaque(existing).takeUnretainedValue()
        }
        let box = Box(initial())
        pthread_setspecific(key, Unmanaged.passRetained(box).toOpaque())
        return box
    }
}
