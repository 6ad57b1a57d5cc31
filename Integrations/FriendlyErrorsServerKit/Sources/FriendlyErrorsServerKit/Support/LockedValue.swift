#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a pthread mutex: the kit's own (a copy of the core's internal one, which no other package
/// may import: it carries no version promise across packages).
///
/// Not `Synchronization.Mutex`: on Linux it waits on futexes that ThreadSanitizer cannot see, so
/// `swift test --sanitize=thread` reports false races around it; a pthread mutex is understood.
final class LockedValue<Value>: @unchecked Sendable {
    // @unchecked: every access to `value` happens between pthread_mutex_lock and _unlock below.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
