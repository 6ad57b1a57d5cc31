import FriendlyErrors

/// The checks of one error value, in every language of a ``CatalogChecker``.
///
/// Each text is checked twice: in the catalog (is there an entry, is it empty, do its placeholders
/// match) and as shown (raw key, unfilled placeholder, generic wording, base text showing through).
/// The second pass skips a text the first already faulted, so one defect gives one kind of problem.
struct CaseInspection {
    /// One text of the alert: where it comes from and how to find it in an ``Alert``.
    struct Field {
        var name: String
        var text: LocalizableText
        var key: String
        var isRequired: Bool
        var shown: (Alert) -> String?
    }

    let checker: CatalogChecker
    let error: any FriendlyError
    let caseName: String
    private(set) var problems: [CatalogProblem] = []
    /// `field name + language` of the texts the catalog pass already reported.
    private var faulted: Set<String> = []

    init(checker: CatalogChecker, error: any FriendlyError, caseName: String) {
        self.checker = checker
        self.error = error
        self.caseName = caseName
    }

    private var catalog: TranslationCatalog { checker.pipeline.catalog }
    private var baseLanguage: String { catalog.baseLanguage }

    mutating func run() {
        let code = error.code
        var fields = [
            field("title", error.title, required: true) { $0.title },
            field("message", error.message, required: true) { $0.message },
            field("reason", error.reason, required: false) { $0.reason },
            field("suggestion", error.suggestion, required: false) { $0.suggestion },
        ]
        checkRecoveryIDs()
        for recovery in error.recoveries where ![AlertAction.okID, AlertAction.cancelID].contains(recovery.id) {
            let id = recovery.id
            fields.append(
                Field(
                    name: "action.\(id)", text: recovery.label, key: recovery.label.key ?? "\(code).action.\(id)",
                    isRequired: true, shown: { $0.action(id: id)?.label }))
        }
        let alerts = checker.languages.map { checker.alert(for: error, language: $0) }
        let baseAlert = alerts[0]
        for message in CatalogChecker.actionOrderProblems(in: baseAlert) {
            report(.actionOrder, language: nil, key: nil, message)
        }
        for (language, alert) in zip(checker.languages, alerts) {
            for field in fields {
                checkCatalog(field, language: language)
                checkShown(field, language: language, alert: alert, baseAlert: baseAlert)
            }
        }
    }

    private func field(_ name: String, _ text: LocalizableText, required: Bool, shown: @escaping (Alert) -> String?)
        -> Field
    {
        Field(name: name, text: text, key: text.key ?? "\(error.code).\(name)", isRequired: required, shown: shown)
    }

    private mutating func report(
        _ kind: CatalogProblem.Kind, language: String?, key: String?, _ message: String, field: String? = nil
    ) {
        if let field, let language { faulted.insert(field + "|" + language) }
        problems.append(
            CatalogProblem(
                kind: kind, caseName: caseName, code: error.code, language: language, key: key, message: message))
    }

    private mutating func checkRecoveryIDs() {
        var seen: Set<String> = []
        for recovery in error.recoveries {
            let key = "\(error.code).action.\(recovery.id)"
            if [AlertAction.okID, AlertAction.cancelID].contains(recovery.id) {
                report(
                    .duplicateActionID, language: nil, key: key,
                    "the recovery id '\(recovery.id)' is the stock action's, so the recovery is never shown")
            } else if !seen.insert(recovery.id).inserted {
                report(
                    .duplicateActionID, language: nil, key: key,
                    "two recoveries have the id '\(recovery.id)'; only the first is shown")
            }
        }
    }

    // MARK: The catalog pass

    /// The base-language text of a field: the base catalog's entry, else the code's default.
    private func baseTemplate(_ field: Field) -> String? {
        (field.key.isEmpty ? nil : catalog.template(forKey: field.key, language: baseLanguage))
            ?? field.text.defaultValue
    }

    private mutating func checkCatalog(_ field: Field, language: String) {
        let key = field.key
        let base = baseTemplate(field)
        let own = key.isEmpty ? nil : catalog.template(forKey: key, language: language)
        let isBase = language == baseLanguage
        // What the placeholders must match: the code's default when the code passes arguments
        // (the pipeline checks translations against it), else the base catalog's entry.
        let reference = field.text.arguments.isEmpty ? base : (field.text.defaultValue ?? base)

        if isBase || own != nil {
            guard let text = isBase ? base : own else {
                if field.isRequired {
                    report(
                        .missingText, language: language, key: key,
                        "no text in the catalog and no default in the code", field: field.name)
                }
                return
            }
            if text.allSatisfy(\.isWhitespace) {
                if field.isRequired || !(isBase || (base ?? "").isEmpty) {
                    report(.emptyText, language: language, key: key, "the text is empty", field: field.name)
                }
                return
            }
            if let reference, text != reference,
                let problem = TranslationCatalog.placeholderProblem(translation: text, base: reference)
            {
                report(.placeholderMismatch, language: language, key: key, problem, field: field.name)
            }
            return
        }
        // Not the base language, and no text of its own.
        if let rejection = rejection(of: key, language: language) {
            report(.placeholderMismatch, language: language, key: key, rejection, field: field.name)
        } else if let base, !base.allSatisfy(\.isWhitespace) {
            if !isAllowed(key: key, text: base) {
                report(
                    .untranslated, language: language, key: key,
                    "there is no \(language) text; the base text \"\(base)\" is shown", field: field.name)
            }
        } else if field.isRequired {
            report(
                .missingText, language: language, key: key, "no text in the catalog and no default in the code",
                field: field.name)
        }
    }

    /// Why the catalog left out a translation it was given, if it did: a written entry that is
    /// not in the table was rejected for its placeholders when the catalog loaded.
    private func rejection(of key: String, language: String) -> String? {
        if let location = catalog.location(ofKey: key, language: language) {
            let reason = catalog.diagnostics.first {
                $0.key == key && $0.file == location.file && $0.line == location.line
            }
            return "the translation at \(location) was rejected: " + (reason?.message ?? "its placeholders differ")
        }
        // Catalogs made from texts in code have no locations; their diagnostics name the language's
        // `.lproj` folder, as `.strings` files do.
        let folder = "\(language).lproj"
        let reason = catalog.diagnostics.first { diagnostic in
            diagnostic.key == key
                && (diagnostic.file == folder || diagnostic.file.hasPrefix(folder + "/")
                    || diagnostic.file.contains("/" + folder + "/"))
        }
        return reason.map { "the translation was rejected: \($0.message)" }
    }

    private func isAllowed(key: String, text: String) -> Bool {
        checker.options.allowedUntranslated.contains(key) || checker.options.allowedUntranslated.contains(text)
    }

    // MARK: The pass over what is shown

    private mutating func checkShown(_ field: Field, language: String, alert: Alert, baseAlert: Alert) {
        guard !faulted.contains(field.name + "|" + language), let shown = field.shown(alert) else { return }
        let key = field.key
        if shown == key || shown == "\(error.code).\(field.name)"
            || (!shown.contains(where: \.isWhitespace) && shown.hasPrefix(error.code + "."))
        {
            report(.rawKey, language: language, key: key, "the key is shown instead of a text: \"\(shown)\"")
            return
        }
        let unfilled = TextInspection.placeholders(in: shown)
        if !unfilled.isEmpty {
            report(
                .unfilledPlaceholder, language: language, key: key,
                "\(unfilled.joined(separator: ", ")) left in \"\(shown)\"")
        }
        if let phrase = TextInspection.forbiddenPhrase(in: shown, phrases: checker.options.forbiddenPhrases) {
            report(.genericWording, language: language, key: key, "\"\(phrase)\" shows in \"\(shown)\"")
        }
        if language != baseLanguage, shown == field.shown(baseAlert), !isAllowed(key: key, text: shown) {
            report(.untranslated, language: language, key: key, "the text is the same as the base language's")
        }
    }
}
