/// Puts a ``Classification`` into words for one chain of languages, giving the ``Alert``.
///
/// A text is looked up under its key (or, without one, under the field of its error's code) in each
/// language of the chain, then its base-language default is used; titles and messages that resolve
/// to nothing take the category's generic text, so a raw key is never shown.
struct AlertLocalizer {
    let index: CatalogIndex

    /// Always inlined, and the catalog borrowed: an initializer takes its arguments owned, so a call
    /// that was not inlined would copy the whole catalog value (every table retained) for every alert.
    @inline(__always)
    init(catalog: borrowing TranslationCatalog) {
        // Only what lookups need: copying the whole catalog value would retain every table. The calling
        // thread's copy of the index, which the alert holds (issue 45).
        index = catalog.index.forCurrentThread
    }

    /// ``init(catalog:)`` on the thread numbered `threadNumber` (``ThreadNumber/current``), which an alert
    /// finds once for its classification and its texts.
    @inline(__always)
    init(catalog: borrowing TranslationCatalog, threadNumber: Int) {
        index = catalog.index.copy(forThreadNumber: threadNumber)
    }

    /// The field of a code a text without a key is looked up as (`<code>.title`…).
    typealias Field = CatalogIndex.Field

    /// The alert for `classification` in the languages of `chain`, ordinals of the catalog's
    /// languages as ``TranslationCatalog/languageOrdinals(for:)`` gives them (never empty). `row` is
    /// the row of its code in the index, when the caller has it (``CatalogLookups/row(of:known:)``).
    func alert(for classification: Classification, chain: LanguageChain, row: Int?? = nil) -> Alert {
        let row = row ?? index.codes[classification.code]
        let chain = self.chain(
            chain, code: classification.code, row: row, classification.title, classification.message,
            classification.reason, classification.suggestion, recoveries: classification.recoveries,
            fieldProblems: classification.fieldProblems)
        let lookup = Lookup(index: index, chain: chain, row: row)
        let category = classification.category
        let title =
            lookup.resolve(classification.title, field: .title)
            ?? lookup.generic(.title, of: category)
            ?? lookup.generic(.title, of: .unknown)
            ?? category.name
        let message =
            lookup.resolve(classification.message, field: .message)
            ?? lookup.generic(.message, of: category)
            ?? title
        let ordinal = chain.first ?? CatalogIndex.baseOrdinal
        // Each field read from the array in place: a `Language` held in a local is retained and released
        // around the code between (two reference-count writes an alert).
        let languages = index.languages
        let actions: [AlertAction]
        switch classification.recoveries.count {
        case 0:
            actions = languages[ordinal].confirmationActions
        case 1 where classification.recoveries[0].isStockRetryOffer && languages[ordinal].retrySuggestionActions != nil:
            // Try Again, as the alert's first language has it: the same actions for every such alert.
            actions = languages[ordinal].retrySuggestionActions!
        case 1 where !Self.isStockID(classification.recoveries[0].id):
            // The common suggestion (one recovery and Cancel), built straight into its final array.
            let recovery = action(for: classification.recoveries[0], lookup)
            actions = AlertAction.suggestionActions(recovery, cancel: languages[ordinal].cancel)
        default:
            actions = AlertAction.orderedActions(
                for: recoveryActions(classification.recoveries, lookup), cancel: languages[ordinal].cancel,
                ok: languages[ordinal].ok)
        }
        return Alert(
            code: classification.code,
            category: category,
            severity: classification.severity,
            title: title,
            message: message,
            reason: lookup.resolve(classification.reason, field: .reason),
            suggestion: lookup.resolve(classification.suggestion, field: .suggestion),
            referenceID: classification.referenceID,
            isUnexpected: classification.isUnexpected,
            actions: actions,
            language: languages[ordinal].name,
            occurrences: 1,
            httpStatusOverride: classification.httpStatusOverride,
            exitStatusOverride: classification.exitStatusOverride,
            location: classification.location,
            debugDetail: classification.debugDetail,
            presenterTexts: PresenterTexts(index: index, ordinal: ordinal),
            fieldProblems: classification.fieldProblems.isEmpty
                ? []
                : fieldProblems(
                    classification.fieldProblems, lookup, of: classification, message: message,
                    fallback: lookup.generic(.message, of: category) ?? message),
            responseHeaders: classification.responseHeaders)
    }

    /// The field problems in the alert's languages; a message that resolves to nothing takes the
    /// category's generic message (`fallback`), never a raw key. A problem of the alert's own code
    /// whose message is, like the alert's, just `<code>.message` (a decoding error's field) has the
    /// alert's `message`, which is not looked up again: both resolve alike, and where that gives
    /// nothing, both fall back to the generic message, then to the alert's title.
    @inline(never)
    private func fieldProblems(
        _ problems: [FieldProblem], _ lookup: Lookup, of classification: Classification, message alertMessage: String,
        fallback: String
    ) -> [FieldProblem] {
        let alertMessageIsDerived = classification.message.isDerivedFromCode
        // By index, each field read in place: a problem copied out whole goes through its value witness.
        func localized(_ index: Int) -> FieldProblem {
            let message: String?
            if alertMessageIsDerived, problems[index].text.isDerivedFromCode,
                problems[index].code == classification.code
            {
                message = alertMessage
            } else {
                message = lookup.forCode(problems[index].code, alertCode: classification.code)
                    .resolve(problems[index].text, field: .message)
            }
            return FieldProblem(
                problems[index].field, code: problems[index].code, message: .verbatim(message ?? fallback),
                location: problems[index].location)
        }
        // One problem (a decoding error's field): an array of one, allocated once at its size.
        if problems.count == 1 { return [localized(0)] }
        return problems.indices.map(localized)
    }

    /// One text of `error`'s alert — its message, reason or suggestion — without building the rest:
    /// what Foundation's `LocalizedError` properties ask for, one at a time. The message falls back
    /// as the alert's does (the category's generic message, then the title).
    func text(_ field: Field, of error: some FriendlyError, chain: LanguageChain) -> String? {
        let row = index.codes[error.code]
        // In the base language there is no other language to choose: the error's texts are not read
        // for it (Foundation asks for three texts each time it bridges an error).
        let chain =
            chain.first == CatalogIndex.baseOrdinal
            ? chain
            : self.chain(
                chain, code: error.code, row: row, error.title, error.message, error.reason, error.suggestion,
                recoveries: error.recoveries, fieldProblems: error.fieldProblems)
        let lookup = Lookup(index: index, chain: chain, row: row)
        switch field {
        case .title:
            return lookup.resolve(error.title, field: .title)
                ?? lookup.generic(.title, of: error.category) ?? lookup.generic(.title, of: .unknown)
                ?? error.category.name
        case .message:
            return lookup.resolve(error.message, field: .message) ?? lookup.generic(.message, of: error.category)
                ?? text(.title, of: error, chain: chain)
        case .reason:
            return lookup.resolve(error.reason, field: .reason)
        case .suggestion:
            return lookup.resolve(error.suggestion, field: .suggestion)
        }
    }

    /// The languages an alert is put in: `chain` when its first language has one of the alert's own
    /// texts (those under its code or its keys: the app's), else `chain` from the first language that
    /// has one, or the base language alone when only their defaults (base-language texts in code)
    /// can be shown — so that the built-in texts and labels around them are in their language too,
    /// also when an app's catalog was not loaded. An alert without texts of its own keeps `chain`.
    @inline(__always)
    private func chain(
        _ chain: LanguageChain, code: String, row: Int?, _ title: LocalizableText, _ message: LocalizableText,
        _ reason: LocalizableText, _ suggestion: LocalizableText, recoveries: [Recovery], fieldProblems: [FieldProblem]
    ) -> LanguageChain {
        let base = CatalogIndex.baseOrdinal
        guard let first = chain.first, first != base else { return chain }
        // A code no catalog has, and texts without keys: no language has any of them, so the
        // answer does not depend on the languages (the common app error without translations).
        if row == nil, title.key == nil, message.key == nil, reason.key == nil, suggestion.key == nil,
            recoveries.isEmpty, fieldProblems.isEmpty
        {
            let hasOwnText = title.hasDefault || message.hasDefault || reason.hasDefault || suggestion.hasDefault
            return hasOwnText ? Self.baseOnly : chain
        }
        // The first language has the code's title: what the loop below finds first, found directly
        // (the common Foundation error, whose texts every catalog language has).
        if let row, title.key == nil, index.hasValue(.title, ofCode: row, language: first) { return chain }
        let lookup = Lookup(index: index, chain: chain, row: row)
        // Whether any text is one of the alert's own: a plain local passed `inout`, not captured by a
        // nested function (a captured variable is boxed and checked for exclusive access at run time).
        var hasOwnText = false
        for (position, ordinal) in chain.enumerated() {
            // The four texts one by one, not through an array: this runs for every alert not in the base language.
            var translated =
                Self.note(lookup.has(title, field: .title, in: ordinal), &hasOwnText)
                || Self.note(lookup.has(message, field: .message, in: ordinal), &hasOwnText)
                || Self.note(lookup.has(reason, field: .reason, in: ordinal), &hasOwnText)
                || Self.note(lookup.has(suggestion, field: .suggestion, in: ordinal), &hasOwnText)
            for recovery in recoveries where !translated && !Self.isStockID(recovery.id) {
                translated = Self.note(lookup.hasLabel(recovery.label, id: recovery.id, in: ordinal), &hasOwnText)
            }
            for problem in fieldProblems where !translated {
                let problemLookup = lookup.forCode(problem.code, alertCode: code)
                translated = Self.note(problemLookup.has(problem.text, field: .message, in: ordinal), &hasOwnText)
            }
            if translated { return position == 0 ? chain : chain.suffix(from: position) }
        }
        return hasOwnText ? Self.baseOnly : chain
    }

    /// The base language alone: the chain of an alert whose only texts are its defaults.
    private static let baseOnly = LanguageChain([CatalogIndex.baseOrdinal])

    /// Whether a text was `found` in a language, noting in `hasOwnText` that it is one of the
    /// alert's own (`found` is `nil` for a text that is not).
    private static func note(_ found: Bool?, _ hasOwnText: inout Bool) -> Bool {
        if found != nil { hasOwnText = true }
        return found == true
    }

    /// The recoveries as actions; a repeated id or one of the stock ids (`ok`, `cancel`) is dropped,
    /// as presenters and scripts choose actions by id.
    private func recoveryActions(_ recoveries: [Recovery], _ lookup: Lookup) -> [AlertAction] {
        var actions: [AlertAction] = []
        actions.reserveCapacity(recoveries.count)
        // A linear search: an alert has a handful of recoveries, and a Set would cost more to build.
        for recovery in recoveries where !Self.isStockID(recovery.id) {
            if !actions.contains(where: { $0.id == recovery.id }) { actions.append(action(for: recovery, lookup)) }
        }
        return actions
    }

    /// A recovery as an action, with its label in the alert's language.
    private func action(for recovery: Recovery, _ lookup: Lookup) -> AlertAction {
        AlertAction(
            id: recovery.id, label: lookup.resolveLabel(recovery.label, id: recovery.id) ?? recovery.id,
            role: recovery.isDestructive ? .destructive : .default, href: recovery.href, perform: recovery.perform)
    }

    /// Whether `id` is one of the stock actions' (`ok`, `cancel`), which a recovery cannot take.
    private static func isStockID(_ id: String) -> Bool {
        id == AlertAction.okID || id == AlertAction.cancelID
    }

    /// One alert's languages and its code's texts in each. Building one allocates nothing: the chain
    /// and the index are arrays the catalog shares.
    struct Lookup {
        let index: CatalogIndex
        let chain: LanguageChain
        /// The code's number in the index; `nil` when no language has a text for it.
        let row: Int?

        init(index: CatalogIndex, chain: LanguageChain, code: String) {
            self.init(index: index, chain: chain, row: index.codes[code])
        }

        /// The lookup for another code in the same languages: this one when it is the alert's own
        /// (a decoding error's field problem), which spares looking the code up again.
        func forCode(_ code: String, alertCode: String) -> Lookup {
            code == alertCode ? self : Lookup(index: index, chain: chain, code: code)
        }

        /// A lookup for the code whose row (`index.codes[code]`) the caller already has.
        init(index: CatalogIndex, chain: LanguageChain, row: Int?) {
            self.index = index
            self.chain = chain
            self.row = row
        }

        /// The category's generic title or message (`category.<name>.title`), for an error that has
        /// none of its own.
        func generic(_ field: Field, of category: ErrorCategory) -> String? {
            guard let row = index.row(of: category) else { return nil }
            for ordinal in chain {
                if let value = index.value(field, ofCode: row, language: ordinal) {
                    if let plain = value.plain { return nonEmpty(plain) }
                    return nonEmpty(value.formatted(with: [], language: index.languages[ordinal].name))
                }
            }
            return nil
        }

        /// The text in the first language of the chain that has it, else its default; `nil` for
        /// none. An empty key means a finished text that is never looked up.
        func resolve(_ text: LocalizableText, field: Field) -> String? {
            if let key = text.key {
                if key.isEmpty { return formatDefault(text) }
                return find(text) { ordinal in index.text(forKey: key, language: ordinal) }
            }
            guard let row else { return formatDefault(text) }
            return find(text) { ordinal in index.value(field, ofCode: row, language: ordinal) }
        }

        /// Whether the language with `ordinal` has `text`, looked up as ``resolve(_:field:)`` does;
        /// `nil` when `text` is none of the alert's own (finished, or neither in the catalog nor
        /// given a default).
        func has(_ text: LocalizableText, field: Field, in ordinal: Int) -> Bool? {
            if let key = text.key {
                return key.isEmpty ? nil : index.languages[ordinal].texts.entry(of: key) != nil
            }
            if let row, index.hasValue(field, ofCode: row, language: ordinal) { return true }
            return text.hasDefault ? false : nil
        }

        /// ``has(_:field:in:)`` for a recovery's label: its key, or `<code>.action.<id>`.
        func hasLabel(_ text: LocalizableText, id: String, in ordinal: Int) -> Bool? {
            if text.key != nil { return has(text, field: .title, in: ordinal) }
            if let row, index.actionLabel(id, ofCode: row, language: ordinal) != nil { return true }
            return text.hasDefault ? false : nil
        }

        /// A recovery label: its key, or `<code>.action.<id>`.
        func resolveLabel(_ text: LocalizableText, id: String) -> String? {
            if text.key != nil { return resolve(text, field: .title) }
            guard let row else { return formatDefault(text) }
            return find(text) { ordinal in index.actionLabel(id, ofCode: row, language: ordinal) }
        }

        /// Formats the value of the first language that has one, with the text's arguments.
        private func find(_ text: LocalizableText, _ value: (_ ordinal: Int) -> CatalogIndex.Value?) -> String? {
            let hasArguments = !text.arguments.isEmpty
            for ordinal in chain {
                guard let found = value(ordinal) else { continue }
                // The common case, a text without arguments found without placeholders: it is shown as it is.
                if !hasArguments, let plain = found.plain { return plain.isEmpty ? nil : plain }
                // A translation of a key the base language also has was checked when the catalog loaded.
                let base = CatalogIndex.baseOrdinal
                if ordinal == base || !hasArguments || value(base) != nil || isUsable(found, for: text) {
                    return nonEmpty(found.formatted(with: text.arguments, language: index.languages[ordinal].name))
                }
                return formatDefault(text)
            }
            return formatDefault(text)
        }

        /// The text's own default, its arguments filled.
        private func formatDefault(_ text: LocalizableText) -> String? {
            if let finished = text.finishedDefault { return nonEmpty(finished) }
            guard let defaultValue = text.defaultValue else { return nil }
            return nonEmpty(PlaceholderFormat.format(defaultValue, arguments: text.arguments))
        }

        /// Whether a translation whose base text lives only in code (the default) takes the same
        /// arguments as that default.
        private func isUsable(_ found: CatalogIndex.Value, for text: LocalizableText) -> Bool {
            guard let defaultValue = text.defaultValue else { return true }
            let translation = found.value.representativeTemplate
            return PlaceholderFormat.check(translation: translation, against: defaultValue) == nil
        }

        private func nonEmpty(_ text: String) -> String? {
            text.isEmpty ? nil : text
        }
    }
}
