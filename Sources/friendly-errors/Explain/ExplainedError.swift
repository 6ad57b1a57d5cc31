import Foundation
import FriendlyErrors

/// A stand-in error for a code, so that the pipeline builds the alert the code produces without
/// the failure happening: texts come from the catalog under `<code>.title`, `.message`, … (or the
/// keys the built-in classification names), their placeholders filled with visible samples; so are
/// the recoveries' labels (`<code>.action.<id>`), which the console and JSON show beside them.
struct ExplainedError: FriendlyError {
    var code: String
    var category: ErrorCategory
    var severity: Severity
    var recoveries: [Recovery]
    var title: LocalizableText
    var message: LocalizableText
    var reason: LocalizableText
    var suggestion: LocalizableText

    init(_ classification: Classification, samplesFrom catalog: TranslationCatalog) {
        code = classification.code
        category = classification.category
        severity = classification.severity
        let code = classification.code
        func sampled(_ text: LocalizableText, _ field: String) -> LocalizableText {
            guard text.arguments.isEmpty, text.defaultValue == nil else { return text }
            let key = text.key ?? "\(code).\(field)"
            return LocalizableText(key: key, arguments: catalog.sampleArguments(forKey: key))
        }
        recoveries = classification.recoveries.map { recovery in
            var recovery = recovery
            recovery.label = sampled(recovery.label, "action.\(recovery.id)")
            return recovery
        }
        title = sampled(classification.title, "title")
        message = sampled(classification.message, "message")
        reason = sampled(classification.reason, "reason")
        suggestion = sampled(classification.suggestion, "suggestion")
    }
}
