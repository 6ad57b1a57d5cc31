import Foundation
import FriendlyErrors

/// A stand-in error for a code, so that the pipeline builds the alert the code produces without
/// the failure happening: texts come from the catalog under `<code>.title`, `.message`, … .
struct ExplainedError: FriendlyError {
    var code: String
    var category: ErrorCategory
    var severity: Severity
    var recoveries: [Recovery]

    init(_ classification: Classification) {
        code = classification.code
        category = classification.category
        severity = classification.severity
        recoveries = classification.recoveries
    }
}
