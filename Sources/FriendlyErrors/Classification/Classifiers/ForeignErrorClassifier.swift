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
/// as for every response of ``AlertPipeline/response(for:to:presenter:)``) only the types the app listed with ``AlertPipeline/showingTexts(of:code:)`` are read; the
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
            !Self.isFoundationError(error), ErrorTypeFacts.of(error).isLocalized,
            let localized = error as? any LocalizedError,
            let description = Self.nonEmpty(localized.errorDescription)
        else { return next(error) }

        var classification = Classification(
            code: listedCode ?? Self.code(of: error), category: .unknown,
            title: .empty, message: .verbatim(description),
            reason: Self.nonEmpty(localized.failureReason).map(LocalizableText.verbatim) ?? .empty,
            suggestion: Self.nonEmpty(localized.recoverySuggestion).map(LocalizableText.verbatim) ?? .empty)
        if let recoverable = error as? any RecoverableError {
            classification.recoveries = recoverable.recoveryOptions.prefix(8).enumerated().map { index, option in
                Recovery(id: "option\(index + 1)", label: .verbatim(option)) {
                    recoverable.attemptRecovery(optionIndex: index) ? .recovered : .done
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
        guard let text, !text.allSatisfy(\.isWhitespace),
            !text.hasPrefix("The operation could not be completed"),
            !text.hasPrefix("The operation couldn’t be completed")
        else { return nil }
        return text
    }
}
