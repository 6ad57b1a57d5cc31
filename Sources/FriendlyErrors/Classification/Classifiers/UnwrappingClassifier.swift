import Foundation

/// Looks through wrapper errors and classifies the innermost one the rest of the chain knows.
///
/// Wrappers are errors conforming to ``ErrorWrapping``, types the app registered with an accessor,
/// and `NSError` values with an `NSUnderlyingErrorKey`. The layers are tried from the innermost out;
/// if none is known, the fallback answers for the innermost.
struct UnwrappingClassifier: ErrorClassifier {
    /// Wrappers nested deeper than this are cut off, which also ends cycles.
    static let maximumDepth = 16

    var unwrappers: [ObjectIdentifier: @Sendable (any Error) -> (any Error)?] = [:]

    func classify(_ error: any Error, next: (any Error) -> Classification) -> Classification {
        guard let inner = underlyingError(of: error) else { return next(error) }
        var layers = [error, inner]
        while layers.count < Self.maximumDepth, let deeper = underlyingError(of: layers[layers.count - 1]) {
            layers.append(deeper)
        }
        var innermostFallback: Classification?
        for layer in layers.reversed() {
            let classification = next(layer)
            if !classification.isUnexpected { return classification }
            if innermostFallback == nil { innermostFallback = classification }
        }
        return innermostFallback ?? next(error)
    }

    func underlyingError(of error: any Error) -> (any Error)? {
        if let wrapper = error as? any ErrorWrapping { return wrapper.underlyingError }
        if !unwrappers.isEmpty, let unwrap = unwrappers[ObjectIdentifier(type(of: error))] { return unwrap(error) }
        // Every Swift error bridges to NSError on Linux; only real NSError instances carry a userInfo
        // worth reading, and checking the dynamic type avoids a bridging allocation for the rest.
        if type(of: error) is NSError.Type {
            return (error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error
        }
        return nil
    }
}
