import Foundation
public import FriendlyErrors

/// An alert as the ``JSONPresenter`` sends it — problem+json (RFC 9457 extended with the alert's
/// fields) — pretty-printed with sorted keys for snapshots that reviewers read.
///
/// The `instance` member is left out, as it names one occurrence and would change every run.
public enum AlertJSON {
    /// The alert's problem+json members, as the JSON presenter writes them.
    public static func object(for alert: Alert, presenter: JSONPresenter = JSONPresenter()) -> [String: Any] {
        let bytes = presenter.body(for: alert)
        return (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] ?? [:]
    }

    /// The alert as pretty-printed JSON with sorted keys, ending with a newline: stable text for a
    /// snapshot file.
    public static func text(for alert: Alert, presenter: JSONPresenter = JSONPresenter()) -> String {
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object(for: alert, presenter: presenter), options: options)
        else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
