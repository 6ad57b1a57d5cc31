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
    /// What the caller passed along: metadata for the log (a request's id, method, path) and the
    /// framework's own status and headers.
    public let context: ClassificationContext

    /// An event; pipelines make them, and tests of observers may too.
    public init(error: any Error, classification: Classification, context: ClassificationContext = .processUser) {
        self.error = error
        self.classification = classification
        self.context = context
    }

    /// The level to log this error at: the classification's (see ``Classification/logLevel``).
    public var logLevel: LogLevel { classification.logLevel }

    /// The metadata every integration logs this error with, under the same keys everywhere:
    /// `error.type` (the stable code, as OpenTelemetry names it), `error.category`, `error.reference_id` (for
    /// unexpected errors) and, for a server's client, `http.response.status_code`; each value made into the
    /// logger's own type by `value`. The context's own ``ClassificationContext/metadata`` is not repeated.
    ///
    /// ```swift
    /// logger.log(level: .init(event.logLevel), "\(event.logMessage)", metadata: event.logMetadata { .string($0) })
    /// ```
    public func logMetadata<Value>(_ value: (String) -> Value) -> [String: Value] {
        var metadata: [String: Value] = [:]
        metadata.reserveCapacity(4)
        metadata["error.type"] = value(classification.code)
        metadata["error.category"] = value(classification.category.name)
        if let referenceID = classification.referenceID { metadata["error.reference_id"] = value(referenceID) }
        if context.audience == .serverClient {
            metadata["http.response.status_code"] = value(String(classification.httpStatus))
        }
        return metadata
    }

    /// The log line's message: `"Request failed: <code>"` for a server's client, else
    /// `"Failed: <code>"`. The error's own text is not in it: log it as the error (swift-log's `error:`).
    public var logMessage: String {
        (context.audience == .serverClient ? "Request failed: " : "Failed: ") + classification.code
    }
}
