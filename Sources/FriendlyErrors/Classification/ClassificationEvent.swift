/// What an observer of an ``AlertPipeline`` receives for each classified error: the original error,
/// untouched, with what the pipeline made of it.
///
/// Observers log and count; they cannot change the classification. The reference ID of an
/// unexpected error is here too, so a log line can be joined to what the user saw.
public struct ClassificationEvent: Sendable {
    /// The error as it was thrown, with all its own text: for logs, never for users.
    public let error: any Error
    /// What the pipeline made of it.
    public let classification: Classification

    /// The reference ID shown to the user, for unexpected errors.
    public var referenceID: String? { classification.referenceID }
}
