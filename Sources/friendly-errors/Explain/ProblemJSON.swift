import Foundation
import FriendlyErrors

/// An alert as problem+json (RFC 9457 with the alert's fields), the shape PRESENTERS.md gives the
/// JSON presenter.
///
/// TODO: use `JSONPresenter` once it lands on main and delete this; the testing module's
/// `AlertJSON` builds the same shape for snapshots and goes the same way.
enum ProblemJSON {
    static func text(for alert: Alert) -> String {
        var object: [String: Any] = [
            "type": "about:blank",
            "title": alert.title,
            "status": alert.httpStatus,
            "detail": alert.message,
            "code": alert.code,
            "severity": alert.severity.rawValue,
            "actions": alert.actions.map { ["id": $0.id, "title": $0.label, "role": $0.role.rawValue] },
        ]
        object["reason"] = alert.reason
        object["suggestion"] = alert.suggestion
        object["referenceId"] = alert.referenceID
        // Slashes stay escaped (`<\/script>`), as the JSON presenter's output must be safe in HTML.
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: options) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
