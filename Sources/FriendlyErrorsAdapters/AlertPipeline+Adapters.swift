@_exported public import FriendlyErrors

extension AlertPipeline {
    /// Whether any observer (`observing(_:)`) sees this pipeline's classifications: an integration skips
    /// gathering the request's metadata (`ErrorRequest.metadata`, what observers read in
    /// `ClassificationContext.metadata`) that nobody would read.
    ///
    /// ```swift
    /// if pipeline.isObserved { request.metadata = ["request.id": id] }
    /// ```
    public var isObserved: Bool { hasObservers }

    /// The alerts for a request whose handling threw `error`, for an integration whose medium is not an
    /// HTTP body (gRPC's status details): everything `response(for:to:writers:)` decides — classification
    /// for a server's client, one language from `Accept-Language`, the framework's status and headers
    /// winning, observers told once — without the body.
    ///
    /// ```swift
    /// let answer = pipeline.serverAlert(for: error, to: ErrorRequest(method: "POST", acceptLanguage: header))
    /// answer.alert.language                 // "ja", when the catalog has it
    /// answer.baseLanguageAlert.message      // the same message in the base language, for a status message
    /// answer.event.logLevel                 // .notice: log it with the request's logger
    /// ```
    ///
    /// - Parameters:
    ///   - error: the error thrown.
    ///   - request: what the server knows about the request; its `accept` is not read.
    public func serverAlert(for error: any Error, to request: ErrorRequest) -> ServerAlert {
        let (alert, baseLanguageAlert, event) = serverAlerts(for: error, to: request)
        return ServerAlert(alert: alert, baseLanguageAlert: baseLanguageAlert, event: event)
    }
}

/// The answer to a failed request for a medium that carries no HTTP body — gRPC's status and its
/// details, say: the alert in the client's language, the same alert in the catalog's base language for
/// developers, and what the pipeline's observers saw, for the integration's log. Made by
/// ``FriendlyErrors/AlertPipeline/serverAlert(for:to:)``; the integration renders the alerts as its
/// medium can.
public struct ServerAlert: Sendable {
    /// The alert in the language negotiated for the client, one of the catalog's.
    public let alert: Alert
    /// The same alert (same code, reference ID and actions) in the catalog's base language: for
    /// developers' messages. Equal to ``alert`` when the client's language is the base language.
    public let baseLanguageAlert: Alert
    /// What the pipeline's observers saw: the error, its classification and what a log line needs
    /// (`logLevel`, `logMessage`, `logMetadata(_:)`).
    public let event: ClassificationEvent
}
