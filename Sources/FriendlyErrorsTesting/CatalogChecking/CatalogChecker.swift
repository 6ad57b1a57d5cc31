public import FriendlyErrors

/// Checks an app's error catalog — every case of its ``FriendlyError`` types, in every language —
/// and reports every problem at once, each naming the case, the language and the key.
///
/// ```swift
/// @Test func errorCatalogIsComplete() throws {
///     let catalog = TranslationCatalog.load(folder: "Resources/Localization")
///     let checker = CatalogChecker(catalog: catalog, languages: ["en", "ja", "de"])
///     try checker.expectValid(StorageError.self, samples: [StorageError.diskFull(freeMB: 3, volume: "Data")])
/// }
/// ```
///
/// It checks that codes are unique across cases; that title, message and action labels have a
/// non-empty text in every language; that no raw key and no base-language text shows where a
/// translation is expected (see ``Options/allowedUntranslated``); that placeholders are filled and
/// match the base language's; that no Foundation wording ("The operation could not be completed")
/// shows; that the alert's actions follow the Human Interface Guidelines; and that recovery ids
/// are unique. The throwing helpers work in XCTest and Swift Testing alike.
public struct CatalogChecker: Sendable {
    /// What the checker accepts and looks for.
    public struct Options: Sendable {
        /// Texts (or keys) that may read the same in every language: `"OK"`, a brand name, a
        /// product name. Compared with the whole text shown in the base language, and with the key.
        public var allowedUntranslated: Set<String>
        /// Phrases that must never show, compared without regard to case: by default Foundation's
        /// generic wording. Any `error <number>.` (as in "(NSCocoaErrorDomain error 4.)") is
        /// reported as well.
        public var forbiddenPhrases: [String]

        /// The default options: nothing allowed untranslated, Foundation's generic wording forbidden.
        public init(
            allowedUntranslated: Set<String> = [],
            forbiddenPhrases: [String] = Options.foundationWording
        ) {
            self.allowedUntranslated = allowedUntranslated
            self.forbiddenPhrases = forbiddenPhrases
        }

        /// Foundation's generic wording, which means an error reached the user undescribed.
        public static let foundationWording = [
            "The operation could not be completed", "The operation couldn’t be completed",
            "couldn’t be completed", "couldn't be completed", "could not be completed", "error 1.",
        ]
    }

    /// The pipeline that makes the alerts, with the app's catalog layered in.
    public let pipeline: AlertPipeline
    /// The languages checked, the base language first.
    public let languages: [String]
    /// What the checker accepts and looks for.
    public var options: Options
    private var adjustment: @Sendable (Alert) -> Alert = { $0 }

    /// A checker for an app's catalog, layered over the built-in one as an app does with
    /// ``AlertPipeline/addingCatalog(_:)``.
    ///
    /// - Parameter languages: the languages the app ships; by default every language of `catalog`.
    public init(catalog: TranslationCatalog, languages: [String]? = nil, options: Options = Options()) {
        self.init(
            pipeline: AlertPipeline().addingCatalog(catalog), languages: languages ?? catalog.languages,
            options: options)
    }

    /// A checker for a pipeline the app built itself (rules, wrappers, several catalogs).
    public init(pipeline: AlertPipeline, languages: [String], options: Options = Options()) {
        self.pipeline = pipeline
        let base = pipeline.catalog.baseLanguage
        var ordered = [base]
        for language in languages where !ordered.contains(language) { ordered.append(language) }
        self.languages = ordered
        self.options = options
    }

    /// The checker with alerts changed the way the app changes them after the pipeline (an added
    /// "Contact support" action, say), so the checks see what users see.
    public func adjustingAlerts(_ adjust: @escaping @Sendable (Alert) -> Alert) -> CatalogChecker {
        var copy = self
        let previous = adjustment
        copy.adjustment = { adjust(previous($0)) }
        return copy
    }

    /// The alert the app shows for `error` in `language`.
    public func alert(for error: any FriendlyError, language: String) -> Alert {
        adjustment(pipeline.alert(for: error, in: LanguagePreference(stringLiteral: language)))
    }

    /// The text of one key in one language, as an alert would show it: the app's text over the
    /// built-in one, the base language's where `language` has none, its placeholders filled with
    /// `arguments` by the library's safe formatter; `nil` when no language has the key. For a test
    /// that checks one text without making an error for it:
    ///
    /// ```swift
    /// #expect(checker.text("cart.empty.message", language: "ja") == "カートは空です。")
    /// #expect(checker.text("cart.items", language: "de", arguments: [3]) == "3 Artikel")
    /// ```
    public func text(_ key: String, language: String, arguments: [LocalizableText.Argument] = []) -> String? {
        pipeline.catalog.text(key, language: language, arguments: arguments)
    }

    // MARK: Checking

    /// Checks every case of a type, plus explicit samples (for cases with payloads, whose
    /// `allCases` cannot list them).
    public func check<E: FriendlyError & CaseIterable>(_ type: E.Type, samples: [E] = []) -> CatalogReport {
        check(Array(E.allCases) + samples)
    }

    /// Checks the given error values: one or more per case, of any types.
    public func check(_ errors: [any FriendlyError]) -> CatalogReport {
        var problems: [CatalogProblem] = []
        var caseNames: [String] = []
        var caseByCode: [String: String] = [:]
        for error in errors {
            let name = Self.caseName(of: error)
            if !caseNames.contains(name) { caseNames.append(name) }
            if let other = caseByCode[error.code], other != name {
                problems.append(
                    CatalogProblem(
                        kind: .duplicateCode, caseName: name, code: error.code, language: nil, key: error.code,
                        message: "\(other) has the same code"))
            } else {
                caseByCode[error.code] = name
            }
            var inspection = CaseInspection(checker: self, error: error, caseName: name)
            inspection.run()
            for problem in inspection.problems where !problems.contains(problem) { problems.append(problem) }
        }
        return CatalogReport(problems: problems, checkedCases: caseNames, languages: languages)
    }

    /// Checks every case of a type, plus explicit samples, and throws a ``CatalogCheckFailure``
    /// listing every problem when there is any.
    public func expectValid<E: FriendlyError & CaseIterable>(_ type: E.Type, samples: [E] = []) throws {
        try expectValid(Array(E.allCases) + samples)
    }

    /// Checks the given error values and throws a ``CatalogCheckFailure`` listing every problem
    /// when there is any.
    public func expectValid(_ errors: [any FriendlyError]) throws {
        let report = check(errors)
        if !report.isClean { throw CatalogCheckFailure(report: report) }
    }

    /// The problems of one alert's actions under Apple's Human Interface Guidelines: a suggestion
    /// has exactly one Cancel, a destructive recovery before it and a non-destructive one after
    /// it; a choice list has exactly one Cancel. Empty when the alert is fine.
    public static func actionOrderProblems(in alert: Alert) -> [String] {
        let cancels = alert.actions.filter { $0.role == .cancel }.count
        switch alert.kind {
        case .confirmation:
            return cancels == 0 ? [] : ["a confirmation has a Cancel action but nothing to cancel"]
        case .suggestion:
            guard cancels == 1 else { return ["a suggestion has \(cancels) Cancel actions instead of one"] }
            // The order the pipeline gives a suggestion (`AlertAction.orderedActions`), its one definition.
            guard let cancel = alert.cancelAction, let recovery = alert.actions.first(where: { $0.role != .cancel })
            else { return [] }
            let expected = AlertAction.orderedActions(for: [recovery], cancel: cancel, ok: cancel).map(\.id)
            guard alert.actions.map(\.id) != expected else { return [] }
            return recovery.role == .destructive
                ? ["the destructive action '\(recovery.id)' comes after Cancel; it must come first"]
                : ["the action '\(recovery.id)' comes before Cancel; only a destructive action may"]
        case .choiceList:
            return cancels == 1 ? [] : ["a choice list has \(cancels) Cancel actions instead of one"]
        }
    }

    /// `Type.case`, from the enum case name when there is one.
    static func caseName(of error: any FriendlyError) -> String {
        let typeName = String(describing: type(of: error))
        let mirror = Mirror(reflecting: error)
        guard mirror.displayStyle == .enum else { return typeName }
        if let label = mirror.children.first?.label { return "\(typeName).\(label)" }
        return "\(typeName).\(String(describing: error))"
    }
}
