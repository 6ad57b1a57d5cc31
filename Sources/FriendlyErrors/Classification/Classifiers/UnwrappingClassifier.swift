import Foundation

/// The first link of every chain: classifies the app's own ``FriendlyError`` values, and looks
/// through wrapper errors to classify the innermost one the chain knows.
///
/// Wrappers are errors conforming to ``ErrorWrapping`` (a ``FriendlyError`` too), types the app registered with an accessor, and `NSError`
/// values with an `NSUnderlyingErrorKey`. The layers are tried from the innermost out; if none is
/// known, the fallback answers for the innermost.
///
/// Unwrapping and `FriendlyError` share one link because both need to know whether the error is a
/// `FriendlyError`: asking once saves a dynamic cast (over a thousand instructions) on the hot path.
struct UnwrappingClassifier: ErrorClassifier {
    /// Wrappers nested deeper than this are cut off, which also ends cycles.
    static let maximumDepth = 16

    var unwrappers: [ObjectIdentifier: @Sendable (any Error) -> (any Error)?] = [:]

    func classify(_ error: any Error, context: ClassificationContext, next: (any Error) -> Classification)
        -> Classification
    {
        if unwrappers.isEmpty, FoundationErrorTable.isValueError(type(of: error)) { return next(error) }
        let facts = ErrorTypeFacts.of(error)
        if let friendly = facts.friendly?(error) {
            guard facts.isWrapping, let inner = (error as? any ErrorWrapping)?.underlyingError else {
                return Classification.of(friendly)
            }
            return classifyLayers(error, inner, next: next)
        }
        guard let inner = underlyingError(ofForeign: error, facts) else { return next(error) }
        return classifyLayers(error, inner, next: next)
    }

    /// Classifies a wrapper and the errors it wraps, from the innermost out.
    private func classifyLayers(_ error: any Error, _ inner: any Error, next: (any Error) -> Classification)
        -> Classification
    {
        var layers = [error, inner]
        while layers.count < Self.maximumDepth, let deeper = underlyingError(of: layers[layers.count - 1]) {
            layers.append(deeper)
        }
        var innermostFallback: Classification?
        for (depth, layer) in layers.enumerated().reversed() {
            guard let classification = classifyLayer(layer, isInnermost: depth == layers.count - 1, next: next)
            else { continue }
            if !classification.isUnexpected { return classification }
            if innermostFallback == nil { innermostFallback = classification }
        }
        return innermostFallback ?? next(error)
    }

    /// A layer's classification; `nil` for a wrapper the app registered (``AlertPipeline/unwrapping(_:_:)``)
    /// around another layer: it is told by what it wraps, and its own text — a library's description of
    /// the wrapping, such as the OpenAPI runtime's `ClientError` "Client encountered an error invoking…",
    /// a `LocalizedError` — is never shown. A ``FriendlyError`` wrapper is the app's and speaks for itself.
    private func classifyLayer(_ layer: any Error, isInnermost: Bool, next: (any Error) -> Classification)
        -> Classification?
    {
        if let friendly = ErrorTypeFacts.of(layer).friendly?(layer) { return Classification.of(friendly) }
        if !isInnermost, !unwrappers.isEmpty, unwrappers[ObjectIdentifier(type(of: layer))] != nil { return nil }
        return next(layer)
    }

    func underlyingError(of error: any Error) -> (any Error)? {
        let facts = ErrorTypeFacts.of(error)
        if facts.friendly?(error) != nil {
            return facts.isWrapping ? (error as? any ErrorWrapping)?.underlyingError : nil
        }
        return underlyingError(ofForeign: error, facts)
    }

    /// The wrapped error of an error that is not a ``FriendlyError``.
    private func underlyingError(ofForeign error: any Error, _ facts: ErrorTypeFacts) -> (any Error)? {
        let errorType = type(of: error)
        if !unwrappers.isEmpty, let unwrap = unwrappers[ObjectIdentifier(errorType)] { return unwrap(error) }
        if FoundationErrorTable.isValueError(errorType) { return nil }
        if facts.isWrapping, let wrapper = error as? any ErrorWrapping { return wrapper.underlyingError }
        // Every Swift error bridges to NSError on Linux; only real NSError instances carry a userInfo
        // worth reading, and checking the dynamic type avoids a bridging allocation for the rest.
        if errorType is NSError.Type {
            let userInfo = (error as NSError).userInfo
            return userInfo.isEmpty ? nil : userInfo[NSUnderlyingErrorKey] as? any Error
        }
        return nil
    }
}
