import FriendlyErrors

/// Everything ``CatalogChecker`` found in one run: every problem of every case in every language,
/// so one failing test shows the whole list at once.
///
/// ```swift
/// let report = CatalogChecker(catalog: catalog).check(StorageError.self)
/// #expect(report.isClean, "\(report)")
/// ```
public struct CatalogReport: Sendable, Hashable, CustomStringConvertible {
    /// The problems, in the order of the cases checked, then of the languages.
    public let problems: [CatalogProblem]
    /// The names of the cases checked (`"StorageError.diskFull"`), in order, each once.
    public let checkedCases: [String]
    /// The languages checked, the base language first.
    public let languages: [String]

    /// A report; ``CatalogChecker`` makes these.
    public init(problems: [CatalogProblem], checkedCases: [String], languages: [String]) {
        self.problems = problems
        self.checkedCases = checkedCases
        self.languages = languages
    }

    /// Whether nothing is wrong.
    public var isClean: Bool { problems.isEmpty }

    /// The problems of one kind.
    public func problems(ofKind kind: CatalogProblem.Kind) -> [CatalogProblem] {
        problems.filter { $0.kind == kind }
    }

    /// A summary line, then one line per problem, safe to print on a terminal (see `TerminalSanitizer`).
    public var description: String {
        let scope =
            "\(checkedCases.count) case\(checkedCases.count == 1 ? "" : "s") in "
            + "\(languages.count) language\(languages.count == 1 ? "" : "s") (\(languages.joined(separator: ", ")))"
        guard !problems.isEmpty else { return TerminalSanitizer.sanitize("No problems in \(scope).") }
        let count = "\(problems.count) problem\(problems.count == 1 ? "" : "s")"
        return TerminalSanitizer.sanitize(
            (["\(count) in \(scope):"] + problems.map { "- \($0)" }).joined(separator: "\n"))
    }
}

/// The error the throwing helpers (``CatalogChecker/expectValid(_:samples:)``) throw: it carries the
/// whole report, and its description lists every problem, which is what XCTest and Swift Testing
/// print for a thrown error.
public struct CatalogCheckFailure: Error, CustomStringConvertible {
    /// The report with at least one problem.
    public let report: CatalogReport

    /// A failure for a report with problems.
    public init(report: CatalogReport) {
        self.report = report
    }

    public var description: String { report.description }
}
