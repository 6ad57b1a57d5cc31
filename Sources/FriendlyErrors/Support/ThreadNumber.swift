import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A number of the calling thread's own, the same for the thread's whole life: which of an object's
/// per-thread copies (``ThreadCopies``) the thread reads (issue 45).
///
/// Numbers are handed out from 0 in the order threads first ask, one atomic add per thread and never
/// again, and kept in a thread-specific slot as the slot's value itself: nothing is allocated, and
/// nothing is left to free when the thread ends. Its plain twin is the number 0 for every thread (every
/// thread reading the same copy); `ThreadCopiesTests` checks that threads get numbers of their own.
enum ThreadNumber {
    /// The thread's number.
    static var current: Int {
        if let stored = pthread_getspecific(key) { return Int(bitPattern: stored) - 1 }
        let number = next.wrappingAdd(1, ordering: .relaxed).oldValue
        // Stored plus one: a slot holding nil has no number yet.
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: number + 1))
        return number
    }

    private static let next = Atomic<Int>(0)

    /// One key for the process, made on first use and never deleted.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()
}
