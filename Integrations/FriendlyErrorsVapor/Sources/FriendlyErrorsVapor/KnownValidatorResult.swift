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

extension ValidatorResults.Missing: KnownValidatorResult {
    func problem(negated: Bool) -> ValidatorProblem? { negated ? nil : ValidatorProblem(code: "validation.required") }
}

extension ValidatorResults.NotFound: KnownValidatorResult {
    func problem(negated: Bool) -> ValidatorProblem? { negated ? nil : ValidatorProblem(code: "validation.null") }
}

extension ValidatorResults.TypeMismatch: KnownValidatorResult {
    func problem(negated: Bool) -> ValidatorProblem? { negated ? nil : ValidatorProblem(code: "validation.type") }
}

extension ValidatorResults.Invalid: KnownValidatorResult {
    func problem(negated: Bool) -> ValidatorProblem? { negated ? nil : ValidatorProblem(code: "validation.invalid") }
}

extension ValidatorResults.Codable: KnownValidatorResult {
    func problem(negated: Bool) -> ValidatorProblem? { negated ? nil : ValidatorProblem(code: "validation.invalid") }
}

extension ValidatorResults.Email: KnownValidatorResult {
    func problem(negated: Bool) -> ValidatorProblem? { negated ? nil : ValidatorProblem(code: "validation.email") }
}

extension ValidatorResults.URL: KnownValidatorResult {
    func problem(negated: Bool) -> ValidatorProblem? { negated ? nil : ValidatorProblem(code: "validation.url") }
}

extension ValidatorResults.Pattern: KnownValidatorResult {
    func problem(negated: Bool) -> ValidatorProblem? { negated ? nil : ValidatorProblem(code: "validation.pattern") }
}

extension ValidatorResults.CharacterSet: KnownValidatorResult {
    func problem(negated: Bool) -> ValidatorProblem? {
        negated ? nil : ValidatorProblem(code: "validation.characters")
    }
}

extension ValidatorResults.CollectionCharacterSet: KnownValidatorResult {
    func problem(negated: Bool) -> ValidatorProblem? {
        negated ? nil : ValidatorProblem(code: "validation.characters")
    }
}

extension ValidatorResults.In: KnownValidatorResult {
    func problem(negated: Bool) -> ValidatorProblem? { negated ? nil : ValidatorProblem(code: "validation.notAllowed") }
}

extension ValidatorResults.Case: KnownValidatorResult {
    func problem(negated: Bool) -> ValidatorProblem? { negated ? nil : ValidatorProblem(code: "validation.notAllowed") }
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
            let code = unit.map { "validation.count.\($0 == "items" ? "tooFew" : "tooShort")" } ?? "validation.range.tooSmall"
            return ValidatorProblem(code: code, arguments: ["\(minimum)"])
        case .greaterThanMax(let maximum):
            let code = unit.map { "validation.count.\($0 == "items" ? "tooMany" : "tooLong")" } ?? "validation.range.tooLarge"
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
