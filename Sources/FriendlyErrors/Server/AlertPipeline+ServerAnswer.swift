extension AlertPipeline {
    /// The alerts for a request whose handling threw `error`, for a medium that carries no HTTP body
    /// (gRPC's status details): everything ``response(for:to:writers:)`` decides — classification for a
    /// server's client, one language from `Accept-Language`, the framework's status and headers winning,
    /// observers told once — without the body; and the same alert (same code, reference ID and actions)
    /// in the catalog's base language, for developers' messages. FriendlyErrorsAdapters'
    /// `serverAlert(for:to:)` (its `ServerAlert`) is this, for integrations.
    package func serverAlerts(for error: any Error, to request: ErrorRequest) -> (
        alert: Alert, baseLanguageAlert: Alert, event: ClassificationEvent
    ) {
        let (alert, event) = serverAnswer(for: error, to: request)
        let base =
            alert.language == catalog.baseLanguage ? alert : self.alert(localizing: event.classification, in: .base)
        return (alert, base, event)
    }

    /// The server flow up to the body, for every server medium (``response(for:to:writers:)``,
    /// ``serverAlerts(for:to:)``): classified for a server's client with the framework's facts, put into
    /// the one language negotiated from `Accept-Language`, and the observers' event, which holds the
    /// classification.
    func serverAnswer(for error: any Error, to request: ErrorRequest) -> (alert: Alert, event: ClassificationEvent) {
        let context = ClassificationContext(
            audience: .serverClient, metadata: request.metadata, frameworkStatus: request.frameworkStatus,
            frameworkHeaders: request.frameworkHeaders, frameworkMessage: request.frameworkMessage)
        let threadNumber = ThreadNumber.current
        let classification = classify(error, context: context, threadNumber: threadNumber)
        let alert = self.alert(
            localizing: classification, in: request.acceptLanguage.map(LanguagePreference.acceptLanguage) ?? .base,
            threadNumber: threadNumber)
        let event = ClassificationEvent(error: error, classification: classification, context: context)
        return (alert, event)
    }
}
