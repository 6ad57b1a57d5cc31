/// Puts a ``Classification`` into words for one chain of languages, giving the ``Alert``.
///
/// A text is looked up under its key (or the key derived from the code and field) in each language
/// of the chain, then its base-language default is used; titles and messages that resolve to
/// nothing take the category's generic text, so a raw key is never shown.
struct AlertLocalizer {
    let catalog: TranslationCatalog

    func alert(for classification: Classification, languages: [String]) -> Alert {
        let code = classification.code
        let category = classification.category
        let title =
            resolve(classification.title, code: code, field: "title", in: languages)
            ?? resolve(LocalizableText(key: "category.\(category.name).title"), code: code, field: "", in: languages)
            ?? resolve(LocalizableText(key: "category.unknown.title"), code: code, field: "", in: languages)
            ?? category.name
        let message =
            resolve(classification.message, code: code, field: "message", in: languages)
            ?? resolve(LocalizableText(key: "category.\(category.name).message"), code: code, field: "", in: languages)
            ?? title
        let ok = AlertAction(
            id: AlertAction.okID, label: label(LocalizableText(key: "action.ok", default: "OK"), in: languages),
            role: .default)
        let cancel = AlertAction(
            id: AlertAction.cancelID,
            label: label(LocalizableText(key: "action.cancel", default: "Cancel"), in: languages), role: .cancel)
        return Alert(
            code: code,
            category: category,
            severity: classification.severity,
            title: title,
            message: message,
            reason: resolve(classification.reason, code: code, field: "reason", in: languages),
            suggestion: resolve(classification.suggestion, code: code, field: "suggestion", in: languages),
            referenceID: classification.referenceID,
            actions: Alert.orderedActions(
                for: recoveryActions(classification.recoveries, code: code, in: languages), cancel: cancel, ok: ok),
            language: languages.first ?? catalog.baseLanguage,
            httpStatusOverride: classification.httpStatus,
            debugDetail: classification.debugDetail)
    }

    /// The recoveries as actions; a repeated id or one of the stock ids (`ok`, `cancel`) is dropped,
    /// as presenters and scripts choose actions by id.
    private func recoveryActions(_ recoveries: [Recovery], code: String, in languages: [String]) -> [AlertAction] {
        var seen: Set<String> = [AlertAction.okID, AlertAction.cancelID]
        var actions: [AlertAction] = []
        for recovery in recoveries where seen.insert(recovery.id).inserted {
            let text = recovery.label.withKey(orDerived: "\(code).action.\(recovery.id)")
            actions.append(
                AlertAction(
                    id: recovery.id, label: resolve(text, code: code, field: "", in: languages) ?? recovery.id,
                    role: recovery.isDestructive ? .destructive : .default, perform: recovery.perform))
        }
        return actions
    }

    private func label(_ text: LocalizableText, in languages: [String]) -> String {
        resolve(text, code: "", field: "", in: languages) ?? text.defaultValue ?? ""
    }

    /// The text in the first language of the chain that has it, else its default; `nil` for none.
    /// An empty key means a finished text that is never looked up.
    func resolve(_ text: LocalizableText, code: String, field: String, in languages: [String]) -> String? {
        let key = text.key ?? "\(code).\(field)"
        if !key.isEmpty, let found = catalog.lookup(key, in: languages) {
            if found.language == catalog.baseLanguage || text.arguments.isEmpty
                || isCompatible(found.value, with: text.defaultValue)
            {
                return nonEmpty(found.value.formatted(with: text.arguments, language: found.language))
            }
            if let base = catalog.lookup(key, in: [catalog.baseLanguage]) {
                return nonEmpty(base.value.formatted(with: text.arguments, language: base.language))
            }
        }
        guard let defaultValue = text.defaultValue else { return nil }
        return nonEmpty(PlaceholderFormat.format(defaultValue, arguments: text.arguments))
    }

    /// Whether a translation takes the same arguments as the code's default text; translations
    /// with a base-language entry were checked when the catalog loaded.
    private func isCompatible(_ value: CatalogValue, with defaultValue: String?) -> Bool {
        guard let defaultValue else { return true }
        return PlaceholderFormat.check(translation: value.representativeTemplate, against: defaultValue) == nil
    }

    private func nonEmpty(_ text: String) -> String? {
        text.isEmpty ? nil : text
    }
}
