import FriendlyErrors
import Vapor

/// Classifies what Vapor throws that the core cannot know: `ValidationsError` (field problems) and
/// an `AbortError` with a client error status (its status's texts, its `reason` when it is written
/// for the client). A `DecodingError` from `req.content.decode` is the core's: its field problem
/// points at the field it failed at.
///
/// The middleware adds it to its pipeline after the app's own rules, so a rule the app registered
/// for any of these types wins.
struct VaporErrorClassifier: ErrorClassifier {
    /// Whether a 4xx `AbortError`'s own reason is sent (``FriendlyErrorsOptions/sendsAbortReasons``).
    var sendsAbortReasons: Bool

    func classify(_ error: any Error, next: (any Error) -> Classification) -> Classification {
        if let validations = error as? ValidationsError {
            return Self.classify(validations)
        }
        let classification = next(error)
        guard classification.isUnexpected, let abort = error as? any AbortError else { return classification }
        let status = Int(abort.status.code)
        // Server errors stay unexpected: a generic text and a reference ID; their reasons go to the log.
        guard (400...499).contains(status) else { return classification }
        return classify(abort, status: status)
    }

    /// A client error `AbortError`: code `http.<status>`, with the built-in texts of its status ("Method
    /// not allowed"), or the error's own identifier when it set one (`Abort(.gone, reason: "…",
    /// identifier: "order.gone")`), and the category of its status. Its reason, when it says more than
    /// the status's phrase, is the message, in the app's words: for its own identifier, a catalog
    /// text under `<code>.message` wins over it, in any language the catalog has it in.
    private func classify(_ abort: some AbortError, status: Int) -> Classification {
        let reason = sendsAbortReasons ? Self.userReason(of: abort) : nil
        if let debuggable = abort as? any DebuggableError, Self.isOwnIdentifier(debuggable.identifier, status: status) {
            let code = debuggable.identifier
            var classification = Classification(code: code, category: .forHTTPStatus(status), httpStatus: status)
            if let reason { classification.message = LocalizableText(key: code + ".message", default: reason) }
            return classification
        }
        let category = ErrorCategory.forHTTPStatus(status)
        var classification = Classification(code: "http.\(status)", category: category, httpStatus: status)
        // The reason says more than the status's text, which the built-in catalog has in every language.
        if let reason { classification.message = .verbatim(reason) }
        return classification
    }

    /// The reason of an error, unless it only repeats the status's phrase ("Not Found") or is empty.
    static func userReason(of abort: some AbortError) -> String? {
        let reason = abort.reason
        guard !reason.allSatisfy(\.isWhitespace) else { return nil }
        let phrase = abort.status.reasonPhrase
        if reason.caseInsensitiveCompare(phrase) == .orderedSame { return nil }
        // Vapor's phrases as `Abort` defaults them, with or without a final full stop.
        if reason.hasSuffix("."), reason.dropLast().caseInsensitiveCompare(phrase) == .orderedSame { return nil }
        return reason
    }

    /// Whether an identifier was chosen by the app: Vapor defaults it to the status's number.
    private static func isOwnIdentifier(_ identifier: String, status: Int) -> Bool {
        !identifier.isEmpty && identifier != String(status) && identifier.count <= 128
            && identifier.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }

    // MARK: Validations

    /// One field problem per failed validation, nested keys as JSON pointers.
    static func classify(_ error: ValidationsError) -> Classification {
        var problems: [FieldProblem] = []
        for failure in error.failures where failure.isFailure {
            appendProblems(of: failure, path: [], to: &problems)
        }
        return Classification(
            code: "validation.failed", category: .invalidInput,
            title: LocalizableText(key: "category.invalidInput.title"),
            message: LocalizableText(key: "validation.failed.message"),
            httpStatus: 400, fieldProblems: problems)
    }

    /// Caps what a hostile or huge request can make the response list.
    private static let maximumProblems = 64

    private static func appendProblems(
        of failure: ValidationResult, path: [String], to problems: inout [FieldProblem]
    ) {
        guard problems.count < maximumProblems else { return }
        let path = path + [component(failure.key)]
        if let nested = failure.result as? ValidatorResults.Nested {
            for inner in nested.results where inner.isFailure {
                if let inner = inner as? ValidationResult { appendProblems(of: inner, path: path, to: &problems) }
            }
            if failure.customFailureDescription == nil { return }
        }
        if let each = failure.result as? ValidatorResults.NestedEach {
            for (index, results) in each.results.enumerated() {
                for inner in results where inner.isFailure {
                    if let inner = inner as? ValidationResult {
                        appendProblems(of: inner, path: path + [String(index)], to: &problems)
                    }
                }
            }
            if failure.customFailureDescription == nil { return }
        }
        let pointer = "/" + path.joined(separator: "/")
        if let custom = failure.customFailureDescription {
            // The app's own words for this field: sent as written.
            problems.append(FieldProblem(pointer, code: "validation.custom", message: verbatim(custom)))
        } else if let known = (failure.result as? any KnownValidatorResult)?.problem(negated: false) {
            problems.append(
                FieldProblem(
                    pointer, code: known.code,
                    message: LocalizableText(
                        key: known.code + ".message", arguments: known.arguments.map { .string($0) })))
        } else {
            // A validator this integration does not know: Vapor's text ("name is not valid").
            let text = failure.failureDescription ?? "\(failure.key.stringValue) is not valid"
            problems.append(FieldProblem(pointer, code: "validation.invalid", message: verbatim(text)))
        }
    }

    /// A key as a JSON pointer's reference token (RFC 6901: `~` as `~0`, `/` as `~1`), capped.
    private static func component(_ key: any CodingKey) -> String {
        if let index = key.intValue { return String(index) }
        return String(key.stringValue.prefix(128)).replacingOccurrences(of: "~", with: "~0")
            .replacingOccurrences(of: "/", with: "~1")
    }

    /// A finished text, shown as it is (no catalog lookup).
    private static func verbatim(_ text: String) -> LocalizableText {
        LocalizableText(key: "", default: text)
    }
}
