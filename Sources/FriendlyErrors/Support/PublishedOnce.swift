import Synchronization

/// A value computed once, the first time it is asked for, and then read by every thread without a lock:
/// a reader loads a flag (acquiring) and reads the value the one writer stored before setting the flag
/// (releasing). Only the first readers, racing to compute it, take the lock.
///
/// The lock is a ``LockedValue`` (a pthread mutex ThreadSanitizer understands). Its plain twin, ``valueLocked(_:)``, takes the lock on every read (what `LazyPlaceholderTemplate` did
/// before issue 35: a lock taken on every format, a write to a line every thread shares).
/// `PublishedOnceTests` checks that both give the value computed once.
final class PublishedOnce<Value: Sendable>: @unchecked Sendable {
    private let ready = Atomic<Bool>(false)
    /// Guards nothing of its own (`stored` is the value it guards): a `Bool`, not `Void`, so that its
    /// value has an address of its own — ThreadSanitizer reported the inout accesses of two locks'
    /// zero-sized values as one variable raced on (CI, 2026-11-28).
    private let lock = LockedValue<Bool>(false)
    /// Written once, under `lock`, before `ready` is set; read only after `ready` is seen set.
    nonisolated(unsafe) private var stored: Value?

    init() {}

    /// The value, computed by `make` the first time.
    @inline(__always)
    func value(_ make: () -> Value) -> Value {
        if ready.load(ordering: .acquiring), let stored { return stored }
        return valueLocked(make)
    }

    /// The plain twin: the value read under the lock, computed by `make` the first time.
    func valueLocked(_ make: () -> Value) -> Value {
        lock.withLock { _ in
            if let stored { return stored }
            let value = make()
            stored = value
            ready.store(true, ordering: .releasing)
            return value
        }
    }

    /// The value when it has been computed.
    var valueIfComputed: Value? {
        ready.load(ordering: .acquiring) ? stored : nil
    }
}
