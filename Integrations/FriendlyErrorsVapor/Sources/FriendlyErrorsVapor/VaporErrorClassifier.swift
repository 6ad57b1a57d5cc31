import FriendlyErrors
import Vapor

/// Classifies what only Vapor knows: a `ValidationsError` (one field problem per failed key, with a
/// localized message for Vapor's validators) and an `AbortError` with an identifier of the app's
/// own (its code). Every other `AbortError` is classified by the core from its status.
struct VaporErrorClassifier: ErrorClassifier {
    /// Whether an `Abort`'s reason may be the message (`FriendlyErrorsServerOptions.revealsFrameworkMessages`).
    var revealsReasons: Bool

    func classify(_ error: any Error, context: ClassificationContext, next: (any Error) -> Classification)
        -> Classification
    {
        if let validations = error as? ValidationsError {
            var problems: [FieldProblem] = []
            for failure in validations.failures where failure.isFailure {
                Self.appendProblems(of: failure, path: [], to: &problems)
            }
            return Classification(
                code: "validation.failed", category: .invalidInput,
                title: LocalizableText(key: "category.invalidInput.title"),
                message: LocalizableText(key: "validation.failed.message"), httpStatus: 400,
                fieldProblems: problems)
        }
        let classification = next(error)
        guard classification.isUnexpected, let abort = error as? any DebuggableError & AbortError else {
            return classification
        }
        let status = Int(abort.status.code), code = abort.identifier
        // Server errors stay unexpected: a generic text and a reference ID; their reasons go to the log.
        guard (400...499).contains(status), !code.isEmpty, code != String(status), code.count <= 128,
            code.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return classification }
        var own = Classification(code: code, category: .forHTTPStatus(status), httpStatus: status)
        if revealsReasons, let reason = Self.userReason(of: abort) {
            own.message = LocalizableText(key: code + ".message", default: reason)
        }
        return own
    }

    /// An `AbortError`'s reason, unless it only repeats the status's phrase (`Abort(.notFound)`).
    static func userReason(of abort: some AbortError) -> String? {
        let reason = abort.reason, phrase = abort.status.reasonPhrase
        if reason.utf8.allSatisfy({ $0 < 0x80 }) && phrase.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII, the usual case, compared without Foundation (whose comparison bridges to `NSString`).
            let bytes = reason.utf8
            guard bytes.contains(where: { $0 != 0x20 && !(0x09...0x0D).contains($0) }),
                !equalIgnoringASCIICase(bytes[...], phrase.utf8),
                !(bytes.last == UInt8(ascii: ".") && equalIgnoringASCIICase(bytes.dropLast(), phrase.utf8))
            else { return nil }
            return reason
        }
        guard !reason.allSatisfy(\.isWhitespace), reason.caseInsensitiveCompare(phrase) != .orderedSame,
            !(reason.hasSuffix(".") && reason.dropLast().caseInsensitiveCompare(phrase) == .orderedSame)
        else { return nil }
        return reason
    }

    private static let maximumProblems = 64

    /// The problems of a failed key, nested ones under its path (`/items/0/name`).
    private static func appendProblems(of failure: ValidationResult, path: [String], to problems: inout [FieldProblem])
    {
        guard problems.count < maximumProblems else { return }
        let key = failure.key
        let path =
            path + [
                key.intValue.map(String.init)
                    ?? String(key.stringValue.prefix(128))
                    .replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            ]
        var nested: [(results: [any ValidatorResult], path: [String])] = []
        if let inner = failure.result as? ValidatorResults.Nested { nested = [(inner.results, path)] }
        if let each = failure.result as? ValidatorResults.NestedEach {
            nested = each.results.enumerated().map { ($1, path + [String($0)]) }
        }
        for (results, innerPath) in nested {
            for case let inner as ValidationResult in results where inner.isFailure {
                appendProblems(of: inner, path: innerPath, to: &problems)
            }
        }
        if !nested.isEmpty && failure.customFailureDescription == nil { return }
        let pointer = "/" + path.joined(separator: "/")
        if let custom = failure.customFailureDescription {
            // The app's own words for this field: sent as written.
            problems.append(FieldProblem(pointer, code: "validation.custom", message: .verbatim(custom)))
        } else if let (code, arguments) = problem(of: failure.result, negated: false) {
            let message = LocalizableText(key: code + ".message", arguments: arguments.map { .string($0) })
            problems.append(FieldProblem(pointer, code: code, message: message))
        } else {
            // A validator this integration does not know: Vapor's text ("name is not valid").
            let text = failure.failureDescription ?? "\(key.stringValue) is not valid"
            problems.append(FieldProblem(pointer, code: "validation.invalid", message: .verbatim(text)))
        }
    }

    /// The code (texts `<code>.message` in `Localization/`) and arguments of a validator's failure;
    /// `negated` under `!`.
    private static func problem(of result: any ValidatorResult, negated: Bool) -> (String, [String])? {
        switch result {
        case let not as ValidatorResults.Not: return problem(of: not.result, negated: !negated)
        case let ignoring as ValidatorResults.NilIgnoring:
            return ignoring.result.flatMap { problem(of: $0, negated: negated) }
        case is ValidatorResults.Empty: return (negated ? "validation.empty" : "validation.mustBeEmpty", [])
        case is ValidatorResults.Nil: return (negated ? "validation.null" : "validation.mustBeNull", [])
        default: break
        }
        guard !negated else { return nil }
        switch result {
        case is ValidatorResults.Missing: return ("validation.required", [])
        case is ValidatorResults.NotFound: return ("validation.null", [])
        case is ValidatorResults.TypeMismatch: return ("validation.type", [])
        case is ValidatorResults.Invalid, is ValidatorResults.Codable: return ("validation.invalid", [])
        case is ValidatorResults.Email: return ("validation.email", [])
        case is ValidatorResults.URL: return ("validation.url", [])
        case is ValidatorResults.Pattern: return ("validation.pattern", [])
        case is ValidatorResults.CharacterSet, is ValidatorResults.CollectionCharacterSet:
            return ("validation.characters", [])
        case is any NotAllowedFailure: return ("validation.notAllowed", [])
        // The first part that failed speaks for both (`!.empty && .count(…)`); of an `||`, the left.
        case let and as ValidatorResults.And:
            return problem(of: and.left.isFailure ? and.left : and.right, negated: false)
        case let or as ValidatorResults.Or: return problem(of: or.left, negated: false)
        case let range as any RangeFailure: return range.problem
        default: return nil
        }
    }
}

/// `.in(…)` and `.case(of:)` failures, whatever their value's type.
private protocol NotAllowedFailure {}
extension ValidatorResults.In: NotAllowedFailure {}
extension ValidatorResults.Case: NotAllowedFailure {}

/// A range validator's failure, whatever its bound's type.
private protocol RangeFailure { var problem: (String, [String])? { get } }

extension ValidatorResults.Range: RangeFailure {
    /// `.count(…)` is a range over a count, which Vapor tells only in its text.
    fileprivate var problem: (String, [String])? {
        let text = failureDescription ?? ""
        let unit = text.hasSuffix("character(s)") ? "short" : text.hasSuffix("item(s)") ? "few" : ""
        switch result {
        case .lessThanMin(let minimum):
            let code = ["short": "validation.count.tooShort", "few": "validation.count.tooFew"][unit]
            return (code ?? "validation.range.tooSmall", ["\(minimum)"])
        case .greaterThanMax(let maximum):
            let code = ["short": "validation.count.tooLong", "few": "validation.count.tooMany"][unit]
            return (code ?? "validation.range.tooLarge", ["\(maximum)"])
        case .between, .greaterThanOrEqualToMin, .lessThanOrEqualToMax: return nil
        }
    }
}

/// Whether two texts are the same but for the case of their ASCII letters: a status phrase and a reason, a
/// header's name and the one wanted.
func equalIgnoringASCIICase(_ text: some Sequence<UInt8>, _ other: some Sequence<UInt8>) -> Bool {
    text.elementsEqual(other) { asciiLowered($0) == asciiLowered($1) }
}

private func asciiLowered(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
}
