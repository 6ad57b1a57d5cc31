import Foundation

/// Reads errors of other libraries that describe themselves through Foundation's protocols:
/// `LocalizedError` (its texts are meant for users), `RecoverableError` (its options become
/// recoveries) and `CustomNSError` (its domain and code become the alert's code).
///
/// An error that only has a `CustomNSError` identity, or a `LocalizedError` with no description,
/// carries no user-facing text: the fallback answers for it.
///
/// Many libraries put technical text in `errorDescription` ("RouteNotFound.404: Not Found"), so on a
/// server (a context whose ``ClassificationContext/audience`` is ``ClassificationContext/Audience/serverClient``,
/// as for every response of ``AlertPipeline/response(for:to:writers:)``) only the types the app listed with ``AlertPipeline/showingTexts(of:code:)`` are read; the
/// others get the fallback's generic alert. Elsewhere (command-line tools) every foreign
/// `LocalizedError` is read unless the configuration turns it off.
struct ForeignErrorClassifier: ErrorClassifier {
    /// Whether a foreign `LocalizedError`'s own texts may be shown (see
    /// ``AlertPipeline/Configuration/showsForeignLocalizedDescriptions``).
    var showsLocalizedDescriptions: Bool
    /// The types whose texts the app said are meant for users, with the code their alerts carry.
    var userFacingTypes: [ObjectIdentifier: String] = [:]

    func classify(_ error: any Error, context: ClassificationContext, next: (any Error) -> Classification)
        -> Classification
    {
        let listedCode = userFacingTypes.isEmpty ? nil : userFacingTypes[ObjectIdentifier(type(of: error))]
        guard listedCode != nil || (showsLocalizedDescriptions && context.audience != .serverClient),
            !Self.isFoundationError(error)
        else { return next(error) }
        // The type's facts, learned once: a cast to its concrete type, not a conformance lookup.
        let facts = ErrorTypeFacts.of(error)
        guard let localized = facts.localized?.cast(error) ?? (facts.isLocalized ? error as? any LocalizedError : nil),
            let description = Self.nonEmpty(localized.errorDescription)
        else { return next(error) }

        var classification = Classification(
            code: listedCode ?? facts.localized?.typeCode ?? Self.code(of: error), category: .unknown,
            title: .empty, message: .verbatim(description),
            reason: Self.nonEmpty(localized.failureReason).map(LocalizableText.verbatim) ?? .empty,
            suggestion: Self.nonEmpty(localized.recoverySuggestion).map(LocalizableText.verbatim) ?? .empty)
        if facts.localized?.isRecoverable == true, let recoverable = error as? any RecoverableError {
            classification.recoveries = recoverable.recoveryOptions.prefix(8).enumerated().map { index, option in
                Recovery(id: "option\(index + 1)", label: .verbatim(option)) {
                    // The handler form: a type that recovers asynchronously answers without a thread
                    // blocked on it (Foundation's default calls the synchronous form and answers at once).
                    await withCheckedContinuation { continuation in
                        recoverable.attemptRecovery(optionIndex: index) { continuation.resume(returning: $0) }
                    } ? .recovered : .done
                }
            }
        }
        return classification
    }

    /// A stable code for a foreign error: its NSError domain and code when it declares them, else
    /// its type name.
    static func code(of error: any Error) -> String {
        if let custom = error as? any CustomNSError {
            return "\(type(of: custom).errorDomain).\(custom.errorCode)"
        }
        return String(reflecting: type(of: error))
    }

    /// Foundation's own errors whose codes the tables do not know: their descriptions are the
    /// "The operation could not be completed" kind this library exists to replace.
    static func isFoundationError(_ error: any Error) -> Bool {
        let errorType = type(of: error)
        return errorType is NSError.Type || FoundationErrorTable.isValueError(errorType)
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text else { return nil }
        let utf8 = text.utf8
        // A text that starts with a printable ASCII character is not all whitespace: only the rest
        // is asked of Unicode's properties.
        let startsPrintable = utf8.first.map { $0 > 0x20 && $0 < 0x7F } ?? false
        if !startsPrintable, text.allSatisfy(\.isWhitespace) { return nil }
        // Foundation's generic description, compared as bytes (by characters it costs thousands of
        // instructions for any text that starts the same way, "The …"), lengths first.
        let count = utf8.count
        guard !genericDescriptions.contains(where: { count >= $0.count && utf8.starts(with: $0) }) else { return nil }
        return text
    }

    /// The starts of Foundation's generic description, as UTF-8.
    private static let genericDescriptions = [
        "The operation could not be completed", "The operation couldn’t be completed",
    ].map { Array($0.utf8) }
}
