/// The end of every chain: an error no classifier knew. Its own text may hold secrets, paths or
/// SQL, so none of it is used; the alert gets a generic message and a reference ID that the
/// observers also receive, to join the user's report to the log.
struct FallbackClassifier: Sendable {
    /// The code of every unexpected error.
    static let code = "unexpected"

    var includesDebugDetails: Bool

    /// The unexpected classification of `error`. Without `drawsReferenceID` it has no reference ID:
    /// for a caller that replaces it (a framework's client error status classifies the error instead),
    /// so no ID is spent on what nobody sees.
    func classify(_ error: any Error, drawsReferenceID: Bool = true) -> Classification {
        // The memberwise initializer, every field given: built in place, with no copy to amend.
        Classification(
            code: Self.code, category: .unknown, severity: .error, title: LocalizableText(),
            message: LocalizableText(), reason: LocalizableText(), suggestion: LocalizableText(), recoveries: [],
            httpStatusOverride: nil, exitStatusOverride: nil, location: nil,
            referenceID: drawsReferenceID ? ReferenceID.make() : nil, isUnexpected: true,
            debugDetail: includesDebugDetails ? String(reflecting: error) : nil, responseHeaders: [], fieldProblems: [],
            logLevelOverride: nil, knownCode: FoundationErrorTable.unexpected.ordinal)
    }
}
