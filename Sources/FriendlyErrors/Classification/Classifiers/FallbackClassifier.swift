/// The end of every chain: an error no classifier knew. Its own text may hold secrets, paths or
/// SQL, so none of it is used; the alert gets a generic message and a reference ID that the
/// observers also receive, to join the user's report to the log.
struct FallbackClassifier: Sendable {
    /// The code of every unexpected error.
    static let code = "unexpected"

    var includesDebugDetails: Bool

    func classify(_ error: any Error) -> Classification {
        var classification = Classification(code: Self.code, category: .unknown)
        classification.isUnexpected = true
        classification.referenceID = ReferenceID.make()
        if includesDebugDetails { classification.debugDetail = String(reflecting: error) }
        return classification
    }
}
