/// Classifies the app's own ``FriendlyError`` values by what they say of themselves.
struct FriendlyErrorClassifier: ErrorClassifier {
    func classify(_ error: any Error, next: (any Error) -> Classification) -> Classification {
        guard let friendly = error as? any FriendlyError else { return next(error) }
        return Classification(friendly)
    }
}
