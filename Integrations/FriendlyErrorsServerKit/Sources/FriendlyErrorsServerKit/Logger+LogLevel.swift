public import FriendlyErrors
public import Logging

extension Logger.Level {
    /// The swift-log level of the same name (a switch: comparing names costs more than a filtered-out log).
    ///
    /// ```swift
    /// logger.log(level: Logger.Level(event.logLevel), "\(event.logMessage)")
    /// ```
    public init(_ level: LogLevel) {
        switch level {
        case .trace: self = .trace
        case .debug: self = .debug
        case .info: self = .info
        case .notice: self = .notice
        case .warning: self = .warning
        case .error: self = .error
        case .critical: self = .critical
        }
    }
}
