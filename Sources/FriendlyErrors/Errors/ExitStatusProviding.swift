/// An error that says which status a command-line tool ends with when the error is the reason, and
/// whether it is a failure to present at all or only a request to end the process.
///
/// ```swift
/// struct QuotaExceeded: FriendlyError, ExitStatusProviding {
///     var code: String { "sync.quotaExceeded" }
///     var exitStatus: Int32 { 3 }          // the tool's documented status for this failure
/// }
///
/// struct Stop: Error, ExitStatusProviding {   // "end here, with this status, no alert"
///     var exitStatus: Int32
///     var isExitRequest: Bool { true }
/// }
/// ```
///
/// ``FriendlyMain`` reads it:
/// - a failure (``isExitRequest`` `false`, the default) is presented as usual, and the process ends
///   with ``exitStatus`` instead of its category's when the status is within 1…125 (else 1); the
///   presented alert carries it as ``Alert/exitStatus``, also when a recovery threw it;
/// - a request to exit thrown by the body is not presented: no alert, no recovery, no retry, and the
///   process ends with ``exitStatus`` when it is within 0…255 (else 1), as a clean exit or an
///   explicit exit code does.
///
/// The status is the error's own: it is never taken from `NSError.code`. Integrations map their
/// framework's exit requests to this protocol (argument-parser's `ExitCode` and `CleanExit` in
/// `FriendlyErrorsArgumentParser`).
public protocol ExitStatusProviding: Error {
    /// The status the process ends with when this error ends it.
    var exitStatus: Int32 { get }

    /// Whether the error only asks the process to end — a clean exit, an explicit code — rather than
    /// reporting a failure: then no alert is presented. `false` by default.
    var isExitRequest: Bool { get }
}

extension ExitStatusProviding {
    /// A failure to present, by default.
    public var isExitRequest: Bool { false }
}

/// How a status an error or a classification gives itself is kept within what the shell allows.
enum ExitStatusRange {
    /// A failure's status: 1…125 as given, anything else 1 (0 is success, 126 and up are the shell's).
    static func failure(_ status: Int32) -> Int32 {
        (1...125).contains(status) ? status : 1
    }

    /// A requested status: 0…255 as given, anything else 1.
    static func request(_ status: Int32) -> Int32 {
        (0...255).contains(status) ? status : 1
    }
}
