/// How loud an error is in an operator's log: the levels of swift-log's `Logger.Level`, in the same
/// order and with the same names, so an integration maps one to the other by name.
///
/// Every ``Classification`` has one (``Classification/logLevel``): by default from its status and
/// severity — client errors (4xx) at ``notice`` or below, server errors (5xx) at ``error``,
/// cancellations at ``debug`` — unless the error or a rule set its own.
public enum LogLevel: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    /// Tracing detail.
    case trace
    /// Debugging detail; a cancelled operation is logged here.
    case debug
    /// Something worth knowing, not a problem.
    case info
    /// A normal but significant condition: a client's mistake (4xx) is logged here.
    case notice
    /// Something needs attention soon.
    case warning
    /// The server failed (5xx): an operator should look.
    case error
    /// The server cannot go on.
    case critical

    /// Lower levels are quieter: `.debug < .error`.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .trace: 0
        case .debug: 1
        case .info: 2
        case .notice: 3
        case .warning: 4
        case .error: 5
        case .critical: 6
        }
    }

    /// The default level of a failure: ``debug`` for a cancellation; for a server error (5xx)
    /// ``error``, or ``warning`` and ``info`` for those severities; for a client error (4xx)
    /// ``notice``, or ``info`` for an informational one.
    package static func `default`(category: ErrorCategory, severity: Severity, httpStatus: Int) -> LogLevel {
        if category == .cancelled { return .debug }
        if (500...599).contains(httpStatus) {
            switch severity {
            case .error: return .error
            case .warning: return .warning
            case .info: return .info
            }
        }
        return severity == .info ? .info : .notice
    }
}
