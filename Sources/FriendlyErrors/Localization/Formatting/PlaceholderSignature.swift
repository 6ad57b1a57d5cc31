/// The arguments a printf-style template takes: the kind of each argument by index, and what is
/// wrong with the template's placeholders.
///
/// Two templates can be formatted with the same arguments when their `kinds` are equal, whatever
/// the order of their placeholders: `"%2$@ hat %1$d Dateien"` takes an integer then an object, like
/// `"%d files on %@"`.
struct PlaceholderSignature: Sendable, Hashable {
    /// What kind of value a placeholder shows. `%d`, `%ld`, `%lld`, `%u`, `%x`… are all `.integer`:
    /// every integer argument is 64 bits wide, so the length modifiers and signedness do not matter.
    enum Kind: String, Sendable, Hashable {
        case object, integer, double
    }

    /// One placeholder as written.
    struct Placeholder: Sendable, Hashable {
        /// The 0-based argument index.
        var index: Int
        var kind: Kind?
        /// The directive as written, `%2$lld`.
        var text: String
        /// The directive without its position, flags and width, `%lld`: how messages name it.
        var conversion: String
    }

    /// Something wrong with a template's placeholders.
    enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// Numbered (`%1$@`) and unnumbered (`%d`) placeholders in one template: printf leaves the
        /// result undefined.
        case mixedPositionalAndSequential
        /// Numbered placeholders skip this 0-based argument index (`%1$@ %3$@`).
        case gap(index: Int)
        /// A directive this formatter does not know; it is shown verbatim.
        case unknownSpecifier(String)
        /// One argument index used with two kinds (`%1$d … %1$@`).
        case conflictingKinds(index: Int, Kind, Kind)
        /// A `%#@name@` substitution variable that nothing defines.
        case unresolvedSubstitution(String)

        var description: String {
            switch self {
            case .mixedPositionalAndSequential:
                "numbered placeholders like %1$@ are mixed with unnumbered ones like %@"
            case .gap(let index):
                "no placeholder uses argument \(index + 1) although later arguments are used"
            case .unknownSpecifier(let text):
                "unknown placeholder \(text)"
            case .conflictingKinds(let index, let first, let second):
                "argument \(index + 1) is used both as \(first.rawValue) and as \(second.rawValue)"
            case .unresolvedSubstitution(let name):
                "substitution %#@\(name)@ is not defined"
            }
        }
    }

    /// The kind of each argument by 0-based index; `nil` for an index no placeholder uses (a gap, or
    /// an unresolved substitution).
    var kinds: [Kind?] = []
    /// Every argument-taking placeholder in template order.
    private(set) var placeholders: [Placeholder] = []
    /// Every problem once, in the order found.
    private(set) var problems: [Problem] = []
    /// Where in `placeholders` the first placeholder of each argument index is, so that looking one
    /// up costs O(1): a template with 40,000 placeholders is checked in linear time.
    private var firstPlaceholder: [Int?] = []
    private var problemSet: Set<Problem> = []

    /// How many arguments the template reads.
    var argumentCount: Int { kinds.count }

    /// The first placeholder for a 0-based argument index.
    func placeholder(at index: Int) -> Placeholder? {
        guard index >= 0, index < firstPlaceholder.count, let position = firstPlaceholder[index] else { return nil }
        return placeholders[position]
    }

    /// Whether the template has this problem.
    func has(_ problem: Problem) -> Bool {
        problemSet.contains(problem)
    }

    /// Records a problem, once.
    mutating func note(_ problem: Problem, first: Bool = false) {
        guard problemSet.insert(problem).inserted else { return }
        if first { problems.insert(problem, at: 0) } else { problems.append(problem) }
    }

    /// Records one placeholder, noting a kind conflict.
    mutating func add(_ placeholder: Placeholder) {
        if kinds.count <= placeholder.index {
            kinds.append(contentsOf: repeatElement(nil, count: placeholder.index + 1 - kinds.count))
            firstPlaceholder.append(
                contentsOf: repeatElement(nil, count: placeholder.index + 1 - firstPlaceholder.count))
        }
        if firstPlaceholder[placeholder.index] == nil { firstPlaceholder[placeholder.index] = placeholders.count }
        placeholders.append(placeholder)
        guard let kind = placeholder.kind else { return }
        if let existing = kinds[placeholder.index] {
            if existing != kind {
                let problem = Problem.conflictingKinds(index: placeholder.index, existing, kind)
                note(problem)
            }
        } else {
            kinds[placeholder.index] = kind
        }
    }

    /// Records the gaps once every placeholder is known.
    mutating func finish() {
        for index in kinds.indices where firstPlaceholder[index] == nil {
            note(.gap(index: index))
        }
    }
}
