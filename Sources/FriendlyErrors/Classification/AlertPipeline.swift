import Foundation
import Synchronization

/// Turns any error — the app's own, Foundation's, a third party's, an unknown one — into an
/// ``Alert`` in a chosen language, through an ordered chain of classifiers.
///
/// ```swift
/// let pipeline = AlertPipeline()
///     .registering(PostgresError.self) { error in
///         Classification(code: "db.unavailable", category: .unavailable)
///     }
///     .observing { event in logger.error("\(event.error)", metadata: ["ref": "\(event.classification.referenceID ?? "-")"]) }
///
/// let alert = pipeline.alert(for: error, in: .acceptLanguage(request.headers["Accept-Language"] ?? ""))
/// ```
///
/// The chain, in order: unwrapping of wrapper errors (the innermost known error wins),
/// ``FriendlyError``, the app's rules (by concrete type in one dictionary lookup, by predicate, by
/// NSError domain and code), the app's own classifiers, Foundation errors, foreign
/// `LocalizedError` values, and a fallback that never shows an unknown error's own text.
///
/// A pipeline is an immutable value: build it once and share it across tasks. Every builder method
/// returns a new pipeline.
public struct AlertPipeline: Sendable {
    /// Settings that change what the pipeline reveals.
    public struct Configuration: Sendable, Hashable {
        /// Put an unexpected error's own description into ``Alert/debugDetail``. Off by default and
        /// never inferred from the build configuration: turn it on explicitly, for development only.
        public var includesDebugDetails: Bool
        /// Show the texts of other libraries' `LocalizedError` values in alerts made with
        /// `alert(for:in:)` (command-line tools, the console). On by default; turn
        /// it off when a dependency puts internals into its descriptions.
        ///
        /// Alerts for a server's client (``ClassificationContext/Audience/serverClient``, as every
        /// response of ``AlertPipeline/response(for:to:writers:)``) never show them, whatever this says: only
        /// the types listed with ``AlertPipeline/showingTexts(of:code:)`` are shown there.
        public var showsForeignLocalizedDescriptions: Bool
        /// How many times a throwing recovery may lead to a new alert in one presentation.
        package var maximumRecoveryDepth: Int

        /// The default settings: no debug details, foreign descriptions shown, three nested recoveries.
        public init(
            includesDebugDetails: Bool = false, showsForeignLocalizedDescriptions: Bool = true,
            maximumRecoveryDepth: Int = 3
        ) {
            self.includesDebugDetails = includesDebugDetails
            self.showsForeignLocalizedDescriptions = showsForeignLocalizedDescriptions
            self.maximumRecoveryDepth = max(0, maximumRecoveryDepth)
        }
    }

    /// The catalogs texts are looked up in: the library's own, with the app's layered over them.
    public private(set) var catalog: TranslationCatalog {
        didSet { knownCodeRows = Self.knownCodeRows(in: catalog) }
    }
    /// The rows in ``catalog``'s index of the built-in entries' codes, by
    /// ``FoundationErrorTable/Entry/ordinal`` (-1 for none): made once per catalog, so that every
    /// alert of a Foundation or unexpected error reads its code's row instead of hashing the code.
    private var knownCodeRows: [Int]
    /// What the pipeline reveals.
    package private(set) var configuration: Configuration

    private var unwrapping = UnwrappingClassifier()
    private var rules = RuleClassifier()
    private var customClassifiers: [any ErrorClassifier] = []
    /// The foreign `LocalizedError` types whose texts are meant for users, with their codes.
    var userFacingTypes: [ObjectIdentifier: String] = [:]
    private var observers: [@Sendable (ClassificationEvent) -> Void] = []
    private var chain = ClassifierChain(links: [], fallback: FallbackClassifier(includesDebugDetails: false))

    /// A pipeline with the built-in classifiers, the built-in catalog and the given settings.
    public init(catalog: TranslationCatalog = .builtIn, configuration: Configuration = Configuration()) {
        self.catalog = catalog
        self.configuration = configuration
        knownCodeRows = Self.knownCodeRows(in: catalog)
        rebuildChain()
    }

    private static func knownCodeRows(in catalog: TranslationCatalog) -> [Int] {
        let entries = FoundationErrorTable.allEntries
        var rows = Array(repeating: -1, count: (entries.last?.ordinal ?? -1) + 1)
        for entry in entries { rows[entry.ordinal] = catalog.index.codes[entry.code] ?? -1 }
        return rows
    }

    /// The row of `classification`'s code in the catalog's index when it is a built-in entry's
    /// (``Classification/knownCode``): `.some(nil)` for a code without texts, `nil` (not known) for
    /// any other, which the alert looks up.
    func knownRow(of classification: Classification) -> Int?? {
        guard let known = classification.knownCode, known < knownCodeRows.count else { return nil }
        let row = knownCodeRows[known]
        return .some(row < 0 ? nil : row)
    }

    /// Whether any observer (``observing(_:)``) sees this pipeline's classifications: FriendlyErrorsAdapters'
    /// `isObserved`, with which a framework integration skips gathering the request's metadata that nobody
    /// would read.
    package var hasObservers: Bool { !observers.isEmpty }

    // MARK: Classifying

    /// What the pipeline makes of `error` in the circumstances the caller describes, before
    /// localization. Observers see it with the context.
    ///
    /// ```swift
    /// let classification = pipeline.classify(error)
    /// let forAResponse = pipeline.classify(
    ///     error, context: ClassificationContext(audience: .serverClient, metadata: ["request.id": id]))
    /// ```
    ///
    /// A server framework's facts (an ``ErrorRequest``'s) win over the pipeline's: a status in 400–599
    /// becomes the classification's ``Classification/httpStatus``, the headers are added to its
    /// ``Classification/responseHeaders``, and an error no classifier knew that the framework gave a
    /// client error status (4xx) is classified by that status (code `http.<status>`, with the
    /// framework's message when the app lets it through) rather than as unexpected. For a
    /// server's client (``ClassificationContext/Audience/serverClient``) another library's
    /// `LocalizedError` texts are read only for the types listed with ``showingTexts(of:code:)``.
    public func classify(_ error: any Error, context: ClassificationContext = .processUser)
        -> Classification
    {
        classify(error, context: context, threadNumber: ThreadNumber.current)
    }

    /// ``classify(_:context:)`` on the thread numbered `threadNumber` (``ThreadNumber/current``), which an
    /// alert finds once for its classification and its texts.
    func classify(_ error: any Error, context: ClassificationContext, threadNumber: Int) -> Classification {
        // A local, so the closure captures the chain alone, not a copy of the whole pipeline: the calling
        // thread's copy of it, which no other thread retains (issue 45).
        let chain = self.chain.copy(forThreadNumber: threadNumber)
        // An unknown error with a framework's client error status is classified by that status below,
        // so the fallback's reference ID would be thrown away: none is drawn.
        let frameworkStatus = context.frameworkStatus.flatMap { (400...599).contains($0) ? $0 : nil }
        guard frameworkStatus != nil || !context.frameworkHeaders.isEmpty else {
            // No framework facts: the chain's answer as it is, with no copy of it to amend.
            let classification = unwrapping.classify(error, context: context) {
                chain.classify($0, from: 0, context: context, drawsReferenceID: true)
            }
            if !observers.isEmpty { notify(error, classification, context) }
            return classification
        }
        let frameworkClientError = frameworkStatus.map { $0 < 500 } ?? false
        var classification = unwrapping.classify(error, context: context) {
            chain.classify($0, from: 0, context: context, drawsReferenceID: !frameworkClientError)
        }
        Self.apply(frameworkStatus: frameworkStatus, of: context, to: &classification)
        if !observers.isEmpty { notify(error, classification, context) }
        // Moved out: the optimizer copies it into the result otherwise (and destroys the local), about
        // 900 instructions.
        return consume classification
    }

    /// The framework's facts applied to the chain's `classification`: its status (a client error status
    /// classifies an error the chain did not know) and its headers, in place.
    @inline(never)
    private static func apply(
        frameworkStatus: Int?, of context: ClassificationContext, to classification: inout Classification
    ) {
        if let status = frameworkStatus {
            if classification.isUnexpected, status < 500 {
                // The framework knows it for a client's mistake: its status says more than "unexpected".
                // The fallback's classification (texts, recoveries and headers all empty) made into
                // `http.<status>` in place, which costs less than a new one and the old one's release.
                let entry = FoundationErrorTable.httpClientErrors[status - 400]
                classification.code = entry.code
                classification.category = entry.category
                classification.httpStatusOverride = status
                classification.isUnexpected = false
                classification.referenceID = nil
                classification.debugDetail = nil
                classification.knownCode = entry.ordinal
                if let message = context.frameworkMessage, !message.isEmpty {
                    // The framework's words, never looked up.
                    classification.message = .verbatim(message)
                }
            } else {
                classification.httpStatusOverride = status
            }
        }
        if !context.frameworkHeaders.isEmpty {
            // Most classifications have no headers of their own: the framework's are taken as they are.
            if classification.responseHeaders.isEmpty {
                classification.responseHeaders = context.frameworkHeaders
            } else {
                classification.responseHeaders += context.frameworkHeaders
            }
        }
    }

    /// Shows the observers what the pipeline made of `error`.
    private func notify(_ error: any Error, _ classification: Classification, _ context: ClassificationContext) {
        let event = ClassificationEvent(error: error, classification: classification, context: context)
        for observer in observers { observer(event) }
    }

    // MARK: Building

    /// The pipeline with a rule for one concrete error type, found in one dictionary lookup however
    /// many types are registered. Return `nil` from `classify` to pass the error on.
    public func registering<E: Error>(_ type: E.Type, _ classify: @escaping @Sendable (E) -> Classification?)
        -> AlertPipeline
    {
        var copy = self
        copy.rules.byType[ObjectIdentifier(type)] = { error in (error as? E).flatMap(classify) }
        copy.rebuildChain()
        return copy
    }

    /// The pipeline with a rule tried, in registration order, for every error no earlier classifier
    /// recognised. Return `nil` to pass the error on.
    public func registering(where classify: @escaping @Sendable (any Error) -> Classification?) -> AlertPipeline {
        var copy = self
        copy.rules.predicates.append(classify)
        copy.rebuildChain()
        return copy
    }

    /// The pipeline with a rule for an NSError domain, and optionally one code of it.
    package func registering(
        domain: String, code: Int? = nil, _ classify: @escaping @Sendable (any Error) -> Classification?
    ) -> AlertPipeline {
        var copy = self
        copy.rules.byDomain[RuleClassifier.DomainKey(domain: domain, code: code)] = classify
        copy.rebuildChain()
        return copy
    }

    /// The pipeline that looks through a wrapper type it cannot change to the error it wraps.
    ///
    /// A wrapper is told by what it wraps: when nothing inside is known, the fallback answers for the
    /// innermost error, and the wrapper's own texts (a `LocalizedError`'s description of the wrapping) are
    /// never shown. A wrapper whose `underlying` is `nil` is classified as itself.
    public func unwrapping<W: Error>(_ type: W.Type, _ underlying: @escaping @Sendable (W) -> (any Error)?)
        -> AlertPipeline
    {
        var copy = self
        copy.unwrapping.unwrappers[ObjectIdentifier(type)] = { error in (error as? W).flatMap(underlying) }
        copy.rebuildChain()
        return copy
    }

    /// The pipeline with a classifier of the app's own, tried after the registered rules and before
    /// the Foundation errors.
    ///
    /// ```swift
    /// let pipeline = AlertPipeline().addingClassifier(GRPCStatusClassifier())
    /// ```
    public func addingClassifier(_ classifier: some ErrorClassifier) -> AlertPipeline {
        var copy = self
        copy.customClassifiers.append(classifier)
        copy.rebuildChain()
        return copy
    }

    /// The pipeline with an observer that sees every classification with the original error, for
    /// logs and metrics. Observers run synchronously and cannot change the outcome.
    public func observing(_ observer: @escaping @Sendable (ClassificationEvent) -> Void) -> AlertPipeline {
        var copy = self
        copy.observers.append(observer)
        return copy
    }

    /// The pipeline with the app's catalog layered over the current one (the app's keys win).
    ///
    /// Alerts are then offered in the app's languages: the built-in texts fill in for those only,
    /// so every text of an alert, and every label a presenter adds, is in ``Alert/language`` or,
    /// where the app has no translation, the base language (see ``addingCatalog(_:)``).
    public func addingCatalog(_ catalog: TranslationCatalog) -> AlertPipeline {
        var copy = self
        copy.catalog = self.catalog.adding(catalog)
        return copy
    }

    /// The pipeline with alerts offered in these languages only (and the catalog's base language):
    /// by default they are the languages of the catalogs added with ``addingCatalog(_:)``, or every
    /// built-in language when the app adds none.
    ///
    /// ```swift
    /// let pipeline = AlertPipeline().offering(languages: ["en", "ja"])   // no built-in French alerts
    /// ```
    public func offering(languages: [String]) -> AlertPipeline {
        var copy = self
        copy.catalog = catalog.offering(languages: languages)
        return copy
    }

    /// The pipeline with other settings.
    public func configured(_ configuration: Configuration) -> AlertPipeline {
        var copy = self
        copy.configuration = configuration
        copy.rebuildChain()
        return copy
    }

    mutating func rebuildChain() {
        var links: [any ErrorClassifier] = []
        if !rules.isEmpty { links.append(rules) }
        links += customClassifiers
        links.append(FoundationErrorClassifier())
        links.append(
            ForeignErrorClassifier(
                showsLocalizedDescriptions: configuration.showsForeignLocalizedDescriptions,
                userFacingTypes: userFacingTypes))
        chain = ClassifierChain(
            links: links, fallback: FallbackClassifier(includesDebugDetails: configuration.includesDebugDetails),
            // For a server's client the foreign link reads the listed types alone: with none listed it
            // passes every error on, so the chain ends before it.
            serverClientCount: userFacingTypes.isEmpty ? links.count - 1 : links.count)
    }
}

/// The links of a pipeline after unwrapping, in order, ended by the fallback. A class, so that the
/// closure each link gets for the rest of the chain captures one reference, not a copy of the
/// pipeline.
private final class ClassifierChain: Sendable {
    let links: [any ErrorClassifier]
    let fallback: FallbackClassifier
    /// How many of the links can answer for a server's client
    /// (``ClassificationContext/Audience/serverClient``); the rest would pass every error on.
    let serverClientCount: Int
    /// Copies of this chain for threads (empty in a copy): each classification retains its thread's
    /// (``copy(forThreadNumber:)``), not an object every core retains (issue 45). Made with the chain and
    /// freed with it, so a dropped pipeline's classifiers and rules are freed with it.
    private let threadCopies: ThreadCopies<ClassifierChain>

    /// The copy of this chain that the thread numbered `number` (``ThreadNumber/current``) reads: the same
    /// links, in an array of its own.
    func copy(forThreadNumber number: Int) -> ClassifierChain {
        threadCopies.copy(forThreadNumber: number) ?? self
    }

    init(links: [any ErrorClassifier], fallback: FallbackClassifier, serverClientCount: Int? = nil) {
        let count = min(serverClientCount ?? links.count, links.count)
        self.links = links
        self.fallback = fallback
        self.serverClientCount = count
        // `map`: each copy's links in a buffer of its own, and a Foundation classifier of its own, whose
        // retry offer the copy's thread alone retains.
        threadCopies = ThreadCopies {
            let copied = links.map { link -> any ErrorClassifier in
                (link as? FoundationErrorClassifier)?.forAnotherThread ?? link
            }
            return ClassifierChain(copying: copied, fallback: fallback, count)
        }
    }

    /// A copy for a thread.
    private init(copying links: [any ErrorClassifier], fallback: FallbackClassifier, _ serverClientCount: Int) {
        self.links = links
        self.fallback = fallback
        self.serverClientCount = serverClientCount
        threadCopies = .none
    }

    /// The chain from link `stage` on. Each link gets the rest as a non-escaping closure, so
    /// classifying allocates nothing. `drawsReferenceID` is false when the caller replaces an
    /// unexpected outcome anyway (see ``FallbackClassifier/classify(_:drawsReferenceID:)``).
    func classify(_ error: any Error, from stage: Int, context: ClassificationContext, drawsReferenceID: Bool)
        -> Classification
    {
        let end = context.audience == .serverClient ? serverClientCount : links.count
        return classify(error, from: stage, to: end, context: context, drawsReferenceID: drawsReferenceID)
    }

    /// The links from `stage` up to `end`, then the fallback.
    private func classify(
        _ error: any Error, from stage: Int, to end: Int, context: ClassificationContext, drawsReferenceID: Bool
    ) -> Classification {
        guard stage < end else { return fallback.classify(error, drawsReferenceID: drawsReferenceID) }
        return links[stage].classify(error, context: context) {
            classify($0, from: stage + 1, to: end, context: context, drawsReferenceID: drawsReferenceID)
        }
    }
}
