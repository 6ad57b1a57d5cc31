/// The answer to a failed request for a medium that carries no HTTP body — gRPC's status and its
/// details, say: the alert in the client's language, the same alert in the catalog's base language
/// for developers, and what the pipeline's observers saw, for the integration's log.
///
/// ``AlertPipeline/serverAlert(for:to:)`` makes it: the server flow of
/// ``AlertPipeline/response(for:to:writers:)`` — classified for a server's client, one language
/// negotiated from the request's `Accept-Language`, the framework's facts winning — without writing a
/// body. The integration renders the alerts as its medium can.
///
/// ```swift
/// let answer = pipeline.serverAlert(for: error, to: ErrorRequest(method: "POST", acceptLanguage: "ja"))
/// answer.alert.language                 // "ja", when the catalog has it
/// answer.baseLanguageAlert.message      // the same message in the base language, for a status message
/// answer.event.logLevel                 // .notice: log it with the request's logger
/// ```
public struct ServerAlert: Sendable {
    /// The alert in the language negotiated for the client, one of the catalog's.
    public let alert: Alert
    /// The same alert (same code, reference ID and actions) in the catalog's base language: for
    /// developers' messages. Equal to ``alert`` when the client's language is the base language.
    public let baseLanguageAlert: Alert
    /// What the pipeline's observers saw: the error, its classification and what a log line needs
    /// (``ClassificationEvent/logLevel``, ``ClassificationEvent/logMessage``,
    /// ``ClassificationEvent/logMetadata(_:)``).
    public let event: ClassificationEvent
}

extension AlertPipeline {
    /// The alerts for a request whose handling threw `error`, for an integration whose medium is not
    /// an HTTP body (gRPC's status details): everything ``response(for:to:writers:)`` decides —
    /// classification for a server's client, one language from `Accept-Language`, the framework's
    /// status and headers winning, observers told once — without the body.
    ///
    /// ```swift
    /// let answer = pipeline.serverAlert(for: error, to: ErrorRequest(method: "POST", acceptLanguage: header))
    /// ```
    ///
    /// - Parameters:
    ///   - error: the error thrown.
    ///   - request: what the server knows about the request; its `accept` is not read.
    public func serverAlert(for error: any Error, to request: ErrorRequest) -> ServerAlert {
        let (alert, event) = serverAnswer(for: error, to: request)
        let base =
            alert.language == catalog.baseLanguage ? alert : self.alert(localizing: event.classification, in: .base)
        return ServerAlert(alert: alert, baseLanguageAlert: base, event: event)
    }
}

extension AlertPipeline {
    /// The server flow up to the body, for every server medium (``response(for:to:writers:)``,
    /// ``serverAlert(for:to:)``): classified for a server's client with the framework's facts, put into
    /// the one language negotiated from `Accept-Language`, and the observers' event, which holds the
    /// classification.
    func serverAnswer(for error: any Error, to request: ErrorRequest) -> (alert: Alert, event: ClassificationEvent) {
        let context = ClassificationContext(
            audience: .serverClient, metadata: request.metadata, frameworkStatus: request.frameworkStatus,
            frameworkHeaders: request.frameworkHeaders, frameworkMessage: request.frameworkMessage)
        let classification = classify(error, context: context)
        let alert = self.alert(
            localizing: classification, in: request.acceptLanguage.map(LanguagePreference.acceptLanguage) ?? .base)
        let event = ClassificationEvent(error: error, classification: classification, context: context)
        return (alert, event)
    }
}
