/// An error that wraps another one to add context: the pipeline classifies the innermost error it
/// knows instead of the wrapper.
///
/// ```swift
/// struct RequestFailed: ErrorWrapping {
///     let route: String
///     let underlyingError: (any Error)?
/// }
/// ```
///
/// A ``FriendlyError`` that wraps a cause conforms too: the pipeline classifies the cause when it
/// knows it, and the friendly error speaks for itself when it does not.
///
/// For wrapper types you cannot change, register them with ``AlertPipeline/unwrapping(_:_:)``.
public protocol ErrorWrapping: Error {
    /// The wrapped error, if any.
    var underlyingError: (any Error)? { get }
}
