/// Puts a ``Classification`` into words for one chain of languages, giving the ``Alert``.
///
/// A text is looked up under its key (or, without one, under the field of its error's code) in each
/// language of the chain, then its base-language default is used; titles and messages that resolve
/// to nothing take the category's generic text, so a raw key is never shown.
struct AlertLocalizer {
    let index: CatalogIndex
    let baseLanguage: String

    init(catalog: TranslationCatalog) {
        // Only what lookups need: copying the whole catalog value would retain every table.
        index = catalog.index
        baseLanguage = catalog.baseLanguage
    }

    /// The field of a code a text without a key is looked up as (`<code>.title`…).
    enum Field {
        case title, message, reason, suggestion
    }

    func alert(for classification: Classification, languages: [String]) -> Alert {
        let lookup = Lookup(index: index, baseLanguage: baseLanguage, languages: languages, code: classification.code)
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
        let first = lookup.tables.first
        let ok = AlertAction(id: AlertAction.okID, label: first?.ok ?? "OK", role: .default)
        let cancel = AlertAction(id: AlertAction.cancelID, label: first?.cancel ?? "Cancel", role: .cancel)
        return Alert(
            code: classification.code,
            category: category,
            severity: classification.severity,
            title: title,
            message: message,
            reason: lookup.resolve(classification.reason, field: .reason),
            suggestion: lookup.resolve(classification.suggestion, field: .suggestion),
            referenceID: classification.referenceID,
            actions: Alert.orderedActions(for: recoveryActions(classification.recoveries, lookup), cancel: cancel, ok: ok),
            language: languages.first ?? baseLanguage,
            httpStatusOverride: classification.httpStatus,
            debugDetail: classification.debugDetail)
    }

    /// The recoveries as actions; a repeated id or one of the stock ids (`ok`, `cancel`) is dropped,
    /// as presenters and scripts choose actions by id.
    private func recoveryActions(_ recoveries: [Recovery], _ lookup: Lookup) -> [AlertAction] {
        guard !recoveries.isEmpty else { return [] }
        var seen: Set<String> = [AlertAction.okID, AlertAction.cancelID]
        var actions: [AlertAction] = []
        for recovery in recoveries where seen.insert(recovery.id).inserted {
            actions.append(
                AlertAction(
                    id: recovery.id, label: lookup.resolveLabel(recovery.label, id: recovery.id) ?? recovery.id,
                    role: recovery.isDestructive ? .destructive : .default, perform: recovery.perform))
        }
        return actions
    }

    /// The tables of one alert's languages, and its code's texts in each.
    struct Lookup {
        let tables: [CatalogIndex.Language]
        let codeTexts: [CatalogIndex.CodeTexts?]
        let baseLanguage: String

        init(index: CatalogIndex, baseLanguage: String, languages: [String], code: String) {
            var tables: [CatalogIndex.Language] = []
            var codeTexts: [CatalogIndex.CodeTexts?] = []
            tables.reserveCapacity(languages.count)
            codeTexts.reserveCapacity(languages.count)
            for name in languages {
                guard let table = index.languages[name] else { continue }
                tables.append(table)
                codeTexts.append(table.codes[code])
            }
            self.tables = tables
            self.codeTexts = codeTexts
            self.baseLanguage = baseLanguage
        }

        /// The category's generic title or message (`category.<name>.title`), for an error that has
        /// none of its own.
        func generic(_ field: Field, of category: ErrorCategory) -> String? {
            for table in tables {
                guard let texts = table.codes[category.catalogCode] else { continue }
                let value = field == .title ? texts.title : texts.message
                if let value { return nonEmpty(value.formatted(with: [], language: table.name)) }
            }
            return nil
        }

        /// The text in the first language of the chain that has it, else its default; `nil` for
        /// none. An empty key means a finished text that is never looked up.
        func resolve(_ text: LocalizableText, field: Field) -> String? {
            if let key = text.key {
                if key.isEmpty { return format(nil, text, baseHasEntry: false) }
                return find(text) { table, _ in table.texts[key] }
            }
            return find(text) { _, texts in
                switch field {
                case .title: texts?.title
                case .message: texts?.message
                case .reason: texts?.reason
                case .suggestion: texts?.suggestion
                }
            }
        }

        /// A recovery label: its key, or `<code>.action.<id>`.
        func resolveLabel(_ text: LocalizableText, id: String) -> String? {
            if text.key != nil { return resolve(text, field: .title) }
            return find(text) { _, texts in texts?.actions[id] }
        }

        /// Formats the value of the first language that has one, with the text's arguments.
        private func find(
            _ text: LocalizableText, _ value: (CatalogIndex.Language, CatalogIndex.CodeTexts?) -> CatalogValue?
        ) -> String? {
            for index in tables.indices {
                guard let found = value(tables[index], codeTexts[index]) else { continue }
                let language = tables[index].name
                // A translation of a key the base language also has was checked when the catalog loaded.
                let baseHasEntry =
                    language == baseLanguage || text.arguments.isEmpty
                    || tables.last.map { $0.name == baseLanguage && value($0, codeTexts[tables.count - 1]) != nil }
                        ?? false
                return format((found, language), text, baseHasEntry: baseHasEntry)
            }
            return format(nil, text, baseHasEntry: false)
        }

        private func format(
            _ found: (value: CatalogValue, language: String)?, _ text: LocalizableText, baseHasEntry: Bool
        ) -> String? {
            if let found, baseHasEntry || isUsable(found, for: text) {
                return nonEmpty(found.value.formatted(with: text.arguments, language: found.language))
            }
            guard let defaultValue = text.defaultValue else { return nil }
            return nonEmpty(PlaceholderFormat.format(defaultValue, arguments: text.arguments))
        }

        /// Whether a translation whose base text lives only in code (the default) takes the same
        /// arguments as that default.
        private func isUsable(_ found: (value: CatalogValue, language: String), for text: LocalizableText) -> Bool {
            guard let defaultValue = text.defaultValue else { return true }
            return PlaceholderFormat.check(translation: found.value.representativeTemplate, against: defaultValue) == nil
        }

        private func nonEmpty(_ text: String) -> String? {
            text.isEmpty ? nil : text
        }
    }
}
