#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small direct-mapped cache of ``ErrorTypeFacts`` by type, one per thread: no lock and nothing
/// shared between threads, so a lookup is a thread-local read, a shift and a compare.
///
/// Kept by measurement (issue 13, `Benchmarks/README.md`): against asking the runtime's casts on
/// every error (``ErrorTypeFacts/learn(_:)``, its plain twin), it saves 42 % of the instructions of
/// an alert for a `FriendlyError` and 39 % for an error of an unknown type.
final class ThreadTypeCache {
    private struct Entry {
        var type: ObjectIdentifier?
        var facts: ErrorTypeFacts?
    }

    private static let size = 64
    private let entries: UnsafeMutablePointer<Entry>

    private init() {
        entries = .allocate(capacity: Self.size)
        entries.initialize(repeating: Entry(), count: Self.size)
    }

    deinit {
        entries.deinitialize(count: Self.size)
        entries.deallocate()
    }

    /// The facts for `type`, computed by `learn` on a miss (a slot another type held is taken over).
    func facts(for type: any Error.Type, _ learn: () -> ErrorTypeFacts) -> ErrorTypeFacts {
        let id = ObjectIdentifier(type)
        // Type metadata is aligned: the low bits of its address carry nothing.
        let bits = UInt(bitPattern: id)
        let slot = entries + Int(truncatingIfNeeded: (bits >> 4 ^ bits >> 10) & UInt(Self.size - 1))
        if slot.pointee.type == id, let facts = slot.pointee.facts { return facts }
        let facts = learn()
        slot.pointee = Entry(type: id, facts: facts)
        return facts
    }

    /// The calling thread's cache, made on its first use and released when the thread ends.
    static var current: ThreadTypeCache {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<ThreadTypeCache>.fromOpaque(existing).takeUnretainedValue()
        }
        let cache = ThreadTypeCache()
        pthread_setspecific(key, Unmanaged.passRetained(cache).toOpaque())
        return cache
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
                Unmanaged<ThreadTypeCache>.fromOpaque(pointer).release()
            #else
                if let pointer { Unmanaged<ThreadTypeCache>.fromOpaque(pointer).release() }
            #endif
        }
        return key
    }()
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
