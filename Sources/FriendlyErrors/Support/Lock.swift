#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a pthread mutex. SPI (`RepositoryInternals`) for the repository's other packages (the
/// server kit's counter), so that they hold no unsafe code of their own.
///
/// Not `Synchronization.Mutex`: on Linux it waits on futexes that ThreadSanitizer cannot see, so
/// `swift test --sanitize=thread` reports false races around it; a pthread mutex is understood.
package final class LockedValue<Value>: @unchecked Sendable {
    // @unchecked: every access to `value` happens between pthread_mutex_lock and _unlock below.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
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
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
