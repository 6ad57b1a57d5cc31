import Foundation

/// The rules an app registered for errors it did not write: by concrete type (one dictionary lookup,
/// however many types are registered), by predicate (in registration order), and by NSError domain
/// and code.
struct RuleClassifier: ErrorClassifier {
    typealias Rule = @Sendable (any Error) -> Classification?

    struct DomainKey: Hashable {
        var domain: String
        var code: Int?
    }

    var byType: [ObjectIdentifier: Rule] = [:]
    var predicates: [Rule] = []
    var byDomain: [DomainKey: Rule] = [:]

    var isEmpty: Bool { byType.isEmpty && predicates.isEmpty && byDomain.isEmpty }

    func classify(_ error: any Error, context: ClassificationContext, next: (any Error) -> Classification)
        -> Classification
    {
        if !byType.isEmpty, let rule = byType[ObjectIdentifier(type(of: error))],
            let classification = rule(error)
        {
            return classification
        }
        for rule in predicates {
            if let classification = rule(error) { return classification }
        }
        if !byDomain.isEmpty {
            let nsError = error as NSError
            let rule =
                byDomain[DomainKey(domain: nsError.domain, code: nsError.code)]
                ?? byDomain[DomainKey(domain: nsError.domain, code: nil)]
            if let rule, let classification = rule(error) { return classification }
        }
        return next(error)
    }
}
