import Foundation
public import FriendlyErrors

/// An alert as problem+json (RFC 9457 extended with the alert's fields), the shape PRESENTERS.md
/// gives the JSON presenter, for snapshots that reviewers read.
///
/// TODO: render with `JSONPresenter` once it lands, so snapshots show exactly what servers send;
/// until then this builds the same shape with `JSONSerialization`.
public enum AlertJSON {
    /// The alert's problem+json members: `type`, `title`, `status`, `detail`, `code`, `severity`,
    /// `reason`, `suggestion`, `referenceId`, `language` and `actions` (`id`, `title`, `role`);
    /// members without a value are left out.
    public static func object(for alert: Alert) -> [String: Any] {
        var object: [String: Any] = [
            "type": "about:blank",
            "title": alert.title,
            "status": alert.httpStatus,
            "detail": alert.message,
            "code": alert.code,
            "severity": alert.severity.rawValue,
            "language": alert.language,
            "actions": alert.actions.map { ["id": $0.id, "title": $0.label, "role": $0.role.rawValue] },
        ]
        object["reason"] = alert.reason
        object["suggestion"] = alert.suggestion
        object["referenceId"] = alert.referenceID
        return object
    }

    /// The alert as pretty-printed JSON with sorted keys, ending with a newline: stable text for a
    /// snapshot file.
    public static func text(for alert: Alert) -> String {
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? JSONSerialization.data(withJSONObject: object(for: alert), options: options) else {
            return "{}\n"
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
