/// How serious an alert or a catalog problem (``CatalogDiagnostic``) is: it picks the headline word
/// (`error:`), the colour and the log level.
public enum Severity: String, Sendable, Hashable, CaseIterable, Codable {
    /// The operation failed.
    case error
    /// The operation completed or can continue, but something needs attention.
    case warning
    /// Nothing failed; the user should know something.
    case info
}
