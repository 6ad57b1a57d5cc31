import Vapor

/// What a failed validation of a validator this integration knows means, as a stable code
/// (`validation.email`) and the arguments of its localized message.
struct ValidatorProblem: Equatable {
    /// The field problem's code; its text is `<code>.message` in the catalogs.
    var code: String
    /// The values the message shows (a minimum, a maximum), already written out.
    var arguments: [String] = []
}

/// A result of one of Vapor's validators whose failure has a localized message here.
protocol KnownValidatorResult {
    /// The problem when this result failed; `negated` when it failed inside `!` (`!.empty`). `nil`
    /// when there is no localized text for it (Vapor's own text is used).
    func problem(negated: Bool) -> ValidatorProblem?
}

/// A validator whose failure has one code, and which has no text when it failed inside `!` (`!.email`
/// fails for a valid address: Vapor's text says what was wrong).
protocol SingleCodeValidatorResult: KnownValidatorResult {
    /// The code of a failure.
    static var problemCode: String { get }
}

extension SingleCodeValidatorResult {
    func problem(negated: Bool) -> ValidatorProblem? { negated ? nil : ValidatorProblem(code: Self.problemCode) }
}

extension ValidatorResults.Missing: SingleCodeValidatorResult {
    static var problemCode: String { "validation.required" }
}

extension ValidatorResults.NotFound: SingleCodeValidatorResult {
    static var problemCode: String { "validation.null" }
}

extension ValidatorResults.TypeMismatch: SingleCodeValidatorResult {
    static var problemCode: String { "validation.type" }
}

extension ValidatorResults.Invalid: SingleCodeValidatorResult {
    static var problemCode: String { "validation.invalid" }
}

extension ValidatorResults.Codable: SingleCodeValidatorResult {
    static var problemCode: String { "validation.invalid" }
}

extension ValidatorResults.Email: SingleCodeValidatorResult {
    static var problemCode: String { "validation.email" }
}

extension ValidatorResults.URL: SingleCodeValidatorResult {
    static var problemCode: String { "validation.url" }
}

extension ValidatorResults.Pattern: SingleCodeValidatorResult {
    static var problemCode: String { "validation.pattern" }
}

extension ValidatorResults.CharacterSet: SingleCodeValidatorResult {
    static var problemCode: String { "validation.characters" }
}

extension ValidatorResults.CollectionCharacterSet: SingleCodeValidatorResult {
    static var problemCode: String { "validation.characters" }
}

extension ValidatorResults.In: SingleCodeValidatorResult {
    static var problemCode: String { "validation.notAllowed" }
}

extension ValidatorResults.Case: SingleCodeValidatorResult {
    static var problemCode: String { "validation.notAllowed" }
}

extension ValidatorResults.Empty: KnownValidatorResult {
    func problem(negated: Bool) -> ValidatorProblem? {
        // `.empty` failed: the value had to be empty; `!.empty` failed: it is empty.
        ValidatorProblem(code: negated ? "validation.empty" : "validation.mustBeEmpty")
    }
}

extension ValidatorResults.Nil: KnownValidatorResult {
    func problem(negated: Bool) -> ValidatorProblem? {
        ValidatorProblem(code: negated ? "validation.null" : "validation.mustBeNull")
    }
}

extension ValidatorResults.Range: KnownValidatorResult {
    func problem(negated: Bool) -> ValidatorProblem? {
        guard !negated else { return nil }
        // `.count(…)` is a range over the count; Vapor keeps which in an internal suffix, shown in its text.
        let text = failureDescription ?? ""
        let unit = text.hasSuffix("character(s)") ? "characters" : text.hasSuffix("item(s)") ? "items" : nil
        switch result {
        case .lessThanMin(let minimum):
            let code =
                unit.map { "validation.count.\($0 == "items" ? "tooFew" : "tooShort")" } ?? "validation.range.tooSmall"
            return ValidatorProblem(code: code, arguments: ["\(minimum)"])
        case .greaterThanMax(let maximum):
            let code =
                unit.map { "validation.count.\($0 == "items" ? "tooMany" : "tooLong")" } ?? "validation.range.tooLarge"
            return ValidatorProblem(code: code, arguments: ["\(maximum)"])
        case .between, .greaterThanOrEqualToMin, .lessThanOrEqualToMax:
            return nil
        }
    }
}

extension ValidatorResults.Not: KnownValidatorResult {
    func problem(negated: Bool) -> ValidatorProblem? {
        (result as? any KnownValidatorResult)?.problem(negated: !negated)
    }
}

extension ValidatorResults.NilIgnoring: KnownValidatorResult {
    func problem(negated: Bool) -> ValidatorProblem? {
        (result as? any KnownValidatorResult)?.problem(negated: negated)
    }
}

extension ValidatorResults.And: KnownValidatorResult {
    func problem(negated: Bool) -> ValidatorProblem? {
        // The first part that failed speaks for both (`!.empty && .count(…)`, `.email && .count(…)`).
        guard !negated else { return nil }
        let failed = left.isFailure ? left : right
        return (failed as? any KnownValidatorResult)?.problem(negated: false)
    }
}

extension ValidatorResults.Or: KnownValidatorResult {
    func problem(negated: Bool) -> ValidatorProblem? {
        // Both parts failed; the left one's text is shown, as Vapor's text starts with it.
        guard !negated else { return nil }
        return (left as? any KnownValidatorResult)?.problem(negated: false)
    }
}
