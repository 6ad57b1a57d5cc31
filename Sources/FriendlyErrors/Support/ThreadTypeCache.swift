#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small direct-mapped cache of values by type, one per thread: no lock and nothing shared
/// between threads, so a lookup is a thread-local read, a shift and a compare. Its one user is the
/// classifier chain's `ErrorTypeFacts`.
///
/// Kept by measurement (issue 13, `Benchmarks/README.md`): against asking the runtime's casts on
/// every error (its plain twin), it saves 42 % of the instructions of an alert for a `FriendlyError`
/// and 39 % for an error of an unknown type.
final class ThreadTypeCache<Value>: Sendable {
    /// The thread-specific slot holding each thread's entries.
    private let key: pthread_key_t

    /// A cache with no entries yet; each thread gets its own on its first lookup.
    init() {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            // The entries of a thread that ends: released as the object they are.
            #if canImport(Darwin)
                Unmanaged<AnyObject>.fromOpaque(pointer).release()
            #else
                if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
            #endif
        }
        self.key = key
    }

    /// The value for `type`, computed by `learn` on a miss (a slot another type held is taken over).
    func value(for type: any Any.Type, _ learn: () -> Value) -> Value {
        let id = ObjectIdentifier(type)
        let entries = threadEntries.entries
        // Type metadata is aligned: the low bits of its address carry nothing.
        let bits = UInt(bitPattern: id)
        let slot = entries + Int(truncatingIfNeeded: (bits >> 4 ^ bits >> 10) & UInt(Entries.size - 1))
        if slot.pointee.type == id, let value = slot.pointee.value { return value }
        let value = learn()
        slot.pointee = Entry(type: id, value: value)
        return value
    }

    /// The calling thread's entries, made on its first use and released when the thread ends.
    private var threadEntries: Entries {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<Entries>.fromOpaque(existing).takeUnretainedValue()
        }
        let entries = Entries()
        pthread_setspecific(key, Unmanaged.passRetained(entries).toOpaque())
        return entries
    }

    private struct Entry {
        var type: ObjectIdentifier?
        var value: Value?
    }

    /// One thread's slots.
    private final class Entries {
        static var size: Int { 64 }
        let entries: UnsafeMutablePointer<Entry>

        init() {
            entries = .allocate(capacity: Self.size)
            entries.initialize(repeating: Entry(), count: Self.size)
        }

        deinit {
            entries.deinitialize(count: Self.size)
            entries.deallocate()
        }
    }
}

/// A cast to a concrete type known to be the value's own: a comparison of types, no conformance
/// looked up and no existential unboxed. Its plain twin is `value as? Target`.
enum ExactTypeCast {
    /// `value` as a `Target` when `Source` is `Target`; `nil` otherwise.
    @inline(__always)
    static func cast<Source, Target>(_ value: Source, to _: Target.Type) -> Target? {
        // When the types are the same the value already is a `Target`: reinterpreting it is exact.
        Source.self == Target.self ? unsafeBitCast(value, to: Target.self) : nil
    }
}
