#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

/// What the chain needs to know about an error's dynamic type: whether it is a ``FriendlyError``,
/// an ``ErrorWrapping`` or a `LocalizedError`.
///
/// Asking Swift's runtime `error as? any FriendlyError` looks the conformance up in a process-wide
/// table every time: over a thousand instructions, and for an error that is none of the three, three
/// such lookups that all fail. The answers depend on the type alone, so they are learned once per
/// type and thread and kept in a small cache of the thread's own: no lock, nothing shared between
/// threads, and a ``FriendlyError`` is then reached by a cast to its concrete type, which compares
/// one type and looks nothing up.
///
/// Only value types and `NSError` itself are cached: an instance of another class may stand for a
/// Swift error it boxes (on Apple platforms), so what a cast finds can differ between instances.
struct ErrorTypeFacts {
    /// Casts an error of this type to ``FriendlyError``; `nil` when the type is not one.
    let friendly: (@Sendable (any Error) -> (any FriendlyError)?)?
    /// Whether the type conforms to ``ErrorWrapping``.
    let isWrapping: Bool
    /// Whether the type conforms to `LocalizedError`.
    let isLocalized: Bool

    /// The facts about `error`'s dynamic type.
    static func of(_ error: any Error) -> ErrorTypeFacts {
        let errorType = type(of: error)
        guard !(errorType is AnyObject.Type) || errorType == NSError.self else { return learn(error) }
        return ThreadCache.current.facts(for: errorType) { learn(error) }
    }

    /// The facts, from the runtime's own casts.
    private static func learn(_ error: any Error) -> ErrorTypeFacts {
        ErrorTypeFacts(
            friendly: (error as? any FriendlyError).map { caster(for: $0) },
            isWrapping: error is any ErrorWrapping,
            isLocalized: error is any LocalizedError)
    }

    /// A cast to `E`, the concrete type of `error`: it compares types and looks no conformance up.
    private static func caster<E: FriendlyError>(for error: E) -> @Sendable (any Error) -> (any FriendlyError)? {
        { error in
            // Opened, then compared by type: when the types are the same the value already is an
            // `E`, and reinterpreting it is exact. A runtime cast would look up `Optional<E>`'s
            // metadata and unbox the existential on every call.
            func cast<T: Error>(_ value: T) -> (any FriendlyError)? {
                T.self == E.self ? unsafeBitCast(value, to: E.self) : nil
            }
            return cast(error)
        }
    }
}

/// A small direct-mapped cache of ``ErrorTypeFacts`` belonging to one thread.
private final class ThreadCache {
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
    static var current: ThreadCache {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<ThreadCache>.fromOpaque(existing).takeUnretainedValue()
        }
        let cache = ThreadCache()
        pthread_setspecific(key, Unmanaged.passRetained(cache).toOpaque())
        return cache
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
                Unmanaged<ThreadCache>.fromOpaque(pointer).release()
            #else
                if let pointer { Unmanaged<ThreadCache>.fromOpaque(pointer).release() }
            #endif
        }
        return key
    }()
}
