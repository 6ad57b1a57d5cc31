import Foundation

/// What the chain needs to know about an error's dynamic type: whether it is a ``FriendlyError``,
/// an ``ErrorWrapping`` or a `LocalizedError`.
///
/// Asking Swift's runtime `error as? any FriendlyError` looks the conformance up in a process-wide
/// table every time: over a thousand instructions, and for an error that is none of the three, three
/// such lookups that all fail. The answers depend on the type alone, so they are learned once per
/// type and thread and kept in a small cache of the thread's own (`ThreadTypeCache`): no lock,
/// nothing shared between threads, and a ``FriendlyError`` is then reached by a cast to its concrete
/// type (`ExactTypeCast`), which compares one type and looks nothing up.
///
/// Only value types and `NSError` itself are cached: an instance of another class may stand for a
/// Swift error it boxes (on Apple platforms), so what a cast finds can differ between instances.
struct ErrorTypeFacts {
    /// Casts an error of this type to ``FriendlyError``; `nil` when the type is not one.
    let friendly: (@Sendable (any Error) -> (any FriendlyError)?)?
    /// Whether the type conforms to ``ErrorWrapping``.
    let isWrapping: Bool
    /// What the foreign-error classifier needs of a `LocalizedError` type; `nil` when the type is
    /// not one. One reference, so that the facts every error copies out of the cache stay small.
    let localized: LocalizedFacts?
    /// Whether the type conforms to `LocalizedError`.
    var isLocalized: Bool { localized != nil }

    final class LocalizedFacts: Sendable {
        /// Casts an error of this type to `LocalizedError`.
        let cast: @Sendable (any Error) -> (any LocalizedError)?
        /// Whether the type conforms to `RecoverableError`.
        let isRecoverable: Bool
        /// The code such an error gets when it declares no `CustomNSError` identity: its type's name,
        /// written once (`String(reflecting:)` costs thousands of instructions); `nil` for a type whose
        /// code comes from its `CustomNSError` domain and code.
        let typeCode: String?

        init(cast: @escaping @Sendable (any Error) -> (any LocalizedError)?, isRecoverable: Bool, typeCode: String?) {
            self.cast = cast
            self.isRecoverable = isRecoverable
            self.typeCode = typeCode
        }
    }

    /// The facts learned so far, by type, in each thread's own cache.
    private static let cache = ThreadTypeCache<ErrorTypeFacts>()

    /// The facts about `error`'s dynamic type.
    static func of(_ error: any Error) -> ErrorTypeFacts {
        let errorType = type(of: error)
        guard !(errorType is AnyObject.Type) || errorType == NSError.self else { return learn(error) }
        return cache.value(for: errorType) { learn(error) }
    }

    /// The facts, from the runtime's own casts: the plain twin of the cached answer, which tests
    /// compare with it.
    static func learn(_ error: any Error) -> ErrorTypeFacts {
        let localized = (error as? any LocalizedError).map { localized in
            LocalizedFacts(
                cast: localizedCaster(for: localized), isRecoverable: error is any RecoverableError,
                typeCode: error is any CustomNSError ? nil : String(reflecting: type(of: error)))
        }
        return ErrorTypeFacts(
            friendly: (error as? any FriendlyError).map { caster(for: $0) },
            isWrapping: error is any ErrorWrapping,
            localized: localized)
    }

    /// A cast to `E`, the concrete type of `error`, as a `LocalizedError`; see ``caster(for:)``.
    private static func localizedCaster<E: LocalizedError>(for error: E)
        -> @Sendable (any Error) -> (any LocalizedError)?
    {
        { error in
            func cast<T: Error>(_ value: T) -> (any LocalizedError)? {
                // No `E?` is made on this path: its metadata would be looked up on every call (~380 instructions).
                if T.self == (any Error).self { return boxedLocalized(value, as: E.self) }
                return ExactTypeCast.cast(value, to: E.self)
            }
            return cast(error)
        }
    }

    /// A cast to `E`, the concrete type of `error`: it compares types and looks no conformance up.
    private static func caster<E: FriendlyError>(for error: E) -> @Sendable (any Error) -> (any FriendlyError)? {
        { error in
            // Opened, then compared by type. A runtime cast would look up `Optional<E>`'s metadata
            // and unbox the existential on every call.
            func cast<T: Error>(_ value: T) -> (any FriendlyError)? {
                if T.self == (any Error).self { return boxedFriendly(value, as: E.self) }
                return ExactTypeCast.cast(value, to: E.self)
            }
            return cast(error)
        }
    }

    /// `value` as an `E` when it is an `any Error` that holds one: an error that went through a generic
    /// `F: Error` with `F` the existential (a checked continuation's `resume(throwing:)`, so every error
    /// Vapor's `AsyncMiddleware` or NIO's `EventLoopFuture.get()` passes on) is boxed twice, and opens as
    /// `any Error`, not as its type, while `type(of:)` (the cache's key) sees through to it. Only then a
    /// runtime cast, which unboxes it.
    @inline(never)
    private static func boxedFriendly<T: Error, E: FriendlyError>(_ value: T, as _: E.Type) -> (any FriendlyError)? {
        value as? E
    }

    /// `value` as an `E` when it is an `any Error` that holds one; see ``boxedFriendly(_:as:)``.
    @inline(never)
    private static func boxedLocalized<T: Error, E: LocalizedError>(_ value: T, as _: E.Type) -> (any LocalizedError)? {
        value as? E
    }
}
