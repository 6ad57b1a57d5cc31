import Logging

/// A log handler that passes every record to the exporter's handler without swift-log's `error:`.
///
/// swift-otel exports a record's error as `exception.message` = `"\(error)"`: an unknown error's own text
/// (a connection string with its password) would leave the machine in every exported log record. The
/// friendly-errors record keeps what an operator needs to find it — `error.type`, `error.reference_id`,
/// the status, the trace and span IDs — and the local log (standard error) keeps the error itself, under
/// the same reference ID.
struct ExportedLogHandler: LogHandler {
    /// The exporter's handler (`OTel.makeLoggingBackend`'s).
    var exporter: any LogHandler

    func log(event: LogEvent) {
        var event = event
        event.error = nil
        exporter.log(event: event)
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { exporter[metadataKey: key] }
        set { exporter[metadataKey: key] = newValue }
    }

    var metadata: Logger.Metadata {
        get { exporter.metadata }
        set { exporter.metadata = newValue }
    }

    var logLevel: Logger.Level {
        get { exporter.logLevel }
        set { exporter.logLevel = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { exporter.metadataProvider }
        set { exporter.metadataProvider = newValue }
    }
}
