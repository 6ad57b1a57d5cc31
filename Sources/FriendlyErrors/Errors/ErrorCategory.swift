/// What kind of failure an error is: the one place that knows it, so that every medium can derive
/// what it needs — an HTTP status for a server, a sysexits status for a command-line tool, whether
/// trying again can help.
///
/// Categories are values, not a frozen enum, so an app can add its own without breaking anyone:
///
/// ```swift
/// extension ErrorCategory {
///     static let paymentRequired = ErrorCategory("paymentRequired", httpStatus: 402, exitStatus: 1)
/// }
/// ```
///
/// Two categories are equal when their names are.
public struct ErrorCategory: Sendable, Hashable {
    // The fields inline, no class: a category travels in every classification and alert, and a shared
    // object would have its reference count written by every alert on every thread (issue 45). A
    // built-in category's name is a string literal, which is never counted; so is its catalog code.

    /// The stable name, used in keys (`category.<name>.title`) and in machine output.
    public var name: String { storedName }
    /// The HTTP status a server answers with for this kind of failure (always 4xx or 5xx).
    public var httpStatus: Int { Int(status) }
    /// The process exit status a command-line tool ends with (sysexits.h where one fits, else 1).
    public var exitStatus: Int32 { Int32(exit) }
    /// Whether the same operation may succeed if tried again later without changing anything.
    public var isTransient: Bool { transient }
    private let storedName: String
    private let transient: Bool
    private let status: UInt16
    private let exit: UInt8
    /// The position in `builtIn` of a built-in category, else -1.
    private let ordinal: Int8

    /// `category.<name>`: the code the catalog keeps this category's generic texts under. A built-in
    /// category's is a literal read from a table; an app's own is made when asked for (a catalog looks
    /// it up only for an error without texts of its own).
    var catalogCode: String {
        ordinal >= 0 ? Self.builtInCatalogCodes[Int(ordinal)] : "category." + storedName
    }
    /// The position in ``builtIn`` of a built-in category, else `nil`: a catalog keeps the rows of
    /// the built-in categories' generic texts in an array, so an alert that falls back to them
    /// hashes nothing.
    var builtInOrdinal: Int? { ordinal < 0 ? nil : Int(ordinal) }

    /// A category with its name and what each medium derives from it.
    ///
    /// An HTTP status outside 400…599 becomes 500; an exit status outside 1…125 becomes 1, since
    /// 0 means success and 126 and up are the shell's own.
    public init(_ name: String, httpStatus: Int, exitStatus: Int32, isTransient: Bool = false) {
        self.init(name, httpStatus: httpStatus, exitStatus: exitStatus, isTransient: isTransient, builtInOrdinal: -1)
    }

    private init(_ name: String, httpStatus: Int, exitStatus: Int32, isTransient: Bool = false, builtInOrdinal: Int8) {
        storedName = name
        status = UInt16((400...599).contains(httpStatus) ? httpStatus : 500)
        exit = UInt8((1...125).contains(exitStatus) ? exitStatus : 1)
        transient = isTransient
        ordinal = builtInOrdinal
    }

    /// `category.<name>` of each built-in category, by ordinal: literals, in the order of ``builtIn``.
    private static let builtInCatalogCodes: [String] = [
        "category.invalidInput", "category.invalidData", "category.notFound", "category.unauthenticated",
        "category.permissionDenied", "category.conflict", "category.unavailable", "category.timeout",
        "category.rateLimited", "category.insufficientStorage", "category.ioFailure", "category.configuration",
        "category.cancelled", "category.internal", "category.unknown",
    ]

    package var description: String { name }

    public static func == (lhs: ErrorCategory, rhs: ErrorCategory) -> Bool {
        (lhs.ordinal >= 0 && lhs.ordinal == rhs.ordinal) || lhs.storedName == rhs.storedName
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension ErrorCategory {
    /// The input was malformed or not allowed (HTTP 400, `EX_USAGE` 64).
    public static let invalidInput = ErrorCategory("invalidInput", httpStatus: 400, exitStatus: 64, builtInOrdinal: 0)
    /// The data read was corrupt or in the wrong format (HTTP 422, `EX_DATAERR` 65).
    public static let invalidData = ErrorCategory("invalidData", httpStatus: 422, exitStatus: 65, builtInOrdinal: 1)
    /// Something that was asked for does not exist (HTTP 404, `EX_NOINPUT` 66).
    public static let notFound = ErrorCategory("notFound", httpStatus: 404, exitStatus: 66, builtInOrdinal: 2)
    /// The user has not said who they are, or their credentials expired (HTTP 401, `EX_NOPERM` 77).
    public static let unauthenticated = ErrorCategory(
        "unauthenticated", httpStatus: 401, exitStatus: 77, builtInOrdinal: 3)
    /// The user or the process may not do this (HTTP 403, `EX_NOPERM` 77).
    public static let permissionDenied = ErrorCategory(
        "permissionDenied", httpStatus: 403, exitStatus: 77, builtInOrdinal: 4)
    /// The operation clashes with the current state: it exists already, it was changed meanwhile
    /// (HTTP 409, `EX_CANTCREAT` 73).
    public static let conflict = ErrorCategory("conflict", httpStatus: 409, exitStatus: 73, builtInOrdinal: 5)
    /// A service, a host or the network is not reachable right now (HTTP 503, `EX_UNAVAILABLE` 69).
    public static let unavailable = ErrorCategory(
        "unavailable", httpStatus: 503, exitStatus: 69, isTransient: true, builtInOrdinal: 6)
    /// The operation took too long (HTTP 504, `EX_TEMPFAIL` 75).
    public static let timeout = ErrorCategory(
        "timeout", httpStatus: 504, exitStatus: 75, isTransient: true, builtInOrdinal: 7)
    /// Too many requests in too short a time (HTTP 429, `EX_TEMPFAIL` 75).
    public static let rateLimited = ErrorCategory(
        "rateLimited", httpStatus: 429, exitStatus: 75, isTransient: true, builtInOrdinal: 8)
    /// There is no room left: disk, quota (HTTP 507, `EX_CANTCREAT` 73).
    public static let insufficientStorage = ErrorCategory(
        "insufficientStorage", httpStatus: 507, exitStatus: 73, builtInOrdinal: 9)
    /// Reading or writing failed below the app (HTTP 500, `EX_IOERR` 74).
    public static let ioFailure = ErrorCategory("ioFailure", httpStatus: 500, exitStatus: 74, builtInOrdinal: 10)
    /// The configuration is missing or wrong (HTTP 500, `EX_CONFIG` 78).
    public static let configuration = ErrorCategory(
        "configuration", httpStatus: 500, exitStatus: 78, builtInOrdinal: 11)
    /// The operation was cancelled (HTTP 499 "client closed request", exit 1).
    public static let cancelled = ErrorCategory("cancelled", httpStatus: 499, exitStatus: 1, builtInOrdinal: 12)
    /// A bug: something that should not happen did (HTTP 500, `EX_SOFTWARE` 70).
    public static let `internal` = ErrorCategory("internal", httpStatus: 500, exitStatus: 70, builtInOrdinal: 13)
    /// Nothing is known about the failure (HTTP 500, exit 1).
    public static let unknown = ErrorCategory("unknown", httpStatus: 500, exitStatus: 1, builtInOrdinal: 14)

    /// The built-in category of the failure an HTTP status a framework answered with stands for: 401
    /// and 407 unauthenticated, 403 and 451 permission denied, 404 and 410 not found, 408 and 504
    /// timeout, 409, 412 and 423 conflict, 422 invalid data, 429 rate limited, 499 cancelled, 503
    /// unavailable, 507 insufficient storage, any other 4xx (405, 413…) invalid input, anything else
    /// internal.
    ///
    /// The status itself is kept in ``Classification/httpStatus``, and the built-in catalog has texts
    /// for each client error status a framework answers with (`http.405.title`, "Method not
    /// allowed"); the category's generic texts are the fallback for the others.
    public static func forHTTPStatus(_ status: Int) -> ErrorCategory {
        switch status {
        case 401, 407: .unauthenticated
        case 403, 451: .permissionDenied
        case 404, 410: .notFound
        case 408, 504: .timeout
        case 409, 412, 423: .conflict
        case 422: .invalidData
        case 429: .rateLimited
        case 499: .cancelled
        // A gateway's 502 (its upstream failed or restarts) is as transient as a 503: a proxy or load
        // balancer answers it while the service behind it is down.
        case 502, 503: .unavailable
        case 507: .insufficientStorage
        case 400..<500: .invalidInput
        default: .internal
        }
    }

    /// The built-in categories, in a stable order.
    package static let builtIn: [ErrorCategory] = [
        .invalidInput, .invalidData, .notFound, .unauthenticated, .permissionDenied, .conflict, .unavailable,
        .timeout, .rateLimited, .insufficientStorage, .ioFailure, .configuration, .cancelled, .internal, .unknown,
    ]
}
