/// An error as its own type, out of the extra box a generic boundary puts it in.
///
/// An error that crosses a generic `F: Error` with `F` the existential — a checked or unsafe
/// continuation's `resume(throwing:)`, so every error `URLSession`'s async API, NIO's
/// `EventLoopFuture.get()` and a bridged callback deliver — is an `any Error` holding an `any Error`.
/// `type(of:)` sees through the extra box, but opening it gives `any Error`, not the error's type, so
/// a classifier that compares the opened type (`ExactTypeCast`) would not know a `CocoaError`, a
/// `DecodingError` or a `CancellationError` it knows when thrown directly. The classifiers that compare
/// opened types take the error out of such boxes when it opens as `any Error`: the Foundation
/// classifier, and ``ErrorTypeFacts``' casts to an app's ``FriendlyError`` or a foreign
/// `LocalizedError` type. Lookups by `type(of:)` (rules by type, unwrappers, the type cache) and the
/// runtime's own casts (`as?`) see through the box already.
enum BoxedError {
    /// `error`, or the error inside it when it arrived boxed again (any number of times).
    @inline(__always)
    static func unboxed(_ error: any Error) -> any Error {
        guard let inner = innerError(of: error) else { return error }
        return unboxedSlowly(inner)
    }

    /// The error inside `error` when it opens as an `any Error`; `nil` for an error of its own type.
    @inline(__always)
    private static func innerError(of error: any Error) -> (any Error)? {
        func open<E: Error>(_ value: E) -> (any Error)? { ExactTypeCast.cast(value, to: (any Error).self) }
        return open(error)
    }

    /// The rare path: boxed once or more, unboxed until the error opens as its own type.
    @inline(never)
    private static func unboxedSlowly(_ error: any Error) -> any Error {
        var error = error
        while let inner = innerError(of: error) { error = inner }
        return error
    }
}
