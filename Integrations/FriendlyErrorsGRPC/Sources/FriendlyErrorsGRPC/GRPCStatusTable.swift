import Foundation
import FriendlyErrors
import GRPCCore

/// The mappings between the core's words and gRPC's: status codes both ways, AIP-193 reasons and field
/// paths. The README's table is this one.
enum GRPCStatusTable {
    /// The status code for an alert: its category's, or for a category of the app's own, its HTTP
    /// status's (as google.rpc.Code maps HTTP statuses).
    static func code(for alert: Alert) -> RPCError.Code {
        switch alert.category {
        case .invalidInput, .invalidData: .invalidArgument
        case .notFound: .notFound
        case .unauthenticated: .unauthenticated
        case .permissionDenied: .permissionDenied
        case .conflict: .aborted
        case .rateLimited, .insufficientStorage: .resourceExhausted
        case .unavailable: .unavailable
        case .timeout: .deadlineExceeded
        case .cancelled: .cancelled
        case .ioFailure, .configuration, .internal: .internalError
        case .unknown: .unknown
        default: code(forHTTPStatus: alert.httpStatus)
        }
    }

    /// The status code google.rpc.Code gives an HTTP status (another 4xx `failedPrecondition`, else internal).
    static func code(forHTTPStatus status: Int) -> RPCError.Code {
        codesByHTTPStatus[status] ?? ((400..<500).contains(status) ? .failedPrecondition : .internalError)
    }

    private static let codesByHTTPStatus: [Int: RPCError.Code] = [
        400: .invalidArgument, 401: .unauthenticated, 403: .permissionDenied, 404: .notFound, 409: .aborted,
        429: .resourceExhausted, 499: .cancelled, 501: .unimplemented, 503: .unavailable, 504: .deadlineExceeded,
    ]

    /// The HTTP status the core classifies an `RPCError` by, and so its texts: google.rpc.Code's, but
    /// `FAILED_PRECONDITION` 409 (conflict, "This conflicts with the current state") rather than 400,
    /// whose "The request couldn't be understood" tells the wrong story: the request was understood,
    /// the system's state (a locked cart) refused it. The status code sent stays the error's own.
    static func httpStatus(for code: RPCError.Code) -> Int {
        switch code {
        case .invalidArgument, .outOfRange: 400
        case .unauthenticated: 401
        case .permissionDenied: 403
        case .notFound: 404
        case .failedPrecondition, .alreadyExists, .aborted: 409
        case .resourceExhausted: 429
        case .cancelled: 499
        case .unimplemented: 501
        case .unavailable: 503
        case .deadlineExceeded: 504
        default: 500
        }
    }

    /// An AIP-193 reason for a stable dotted code: UPPER_SNAKE_CASE words, at most 63 characters,
    /// matching `[A-Z][A-Z0-9_]+[A-Z0-9]` (`order.insufficientFunds` → `ORDER_INSUFFICIENT_FUNDS`,
    /// `http.404` → `HTTP_404`).
    static func reason(for code: String) -> String {
        var reason: [UInt8] = []
        reason.reserveCapacity(code.utf8.count + 4)
        appendReason(for: code, to: &reason)
        return String(decoding: reason, as: UTF8.self)
    }

    /// Appends ``reason(for:)``'s bytes to `bytes`: what ``StatusWriter`` writes, with no string in between.
    static func appendReason(for code: String, to bytes: inout [UInt8]) {
        let start = bytes.count
        var previous: UInt8 = 0
        for byte in code.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                // A word starts at an uppercase letter after a lowercase one or a digit (camelCase).
                if isLowercaseOrDigit(previous), bytes.last != UInt8(ascii: "_") { bytes.append(UInt8(ascii: "_")) }
                bytes.append(byte)
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                bytes.append(byte - 32)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if bytes.count == start { bytes.append(contentsOf: "E_".utf8) }
                bytes.append(byte)
            default:
                if bytes.count > start, bytes.last != UInt8(ascii: "_") { bytes.append(UInt8(ascii: "_")) }
            }
            previous = byte
        }
        if bytes.count - start > 63 { bytes.removeSubrange((start + 63)...) }
        while bytes.count > start, bytes.last == UInt8(ascii: "_") { bytes.removeLast() }
        if bytes.count == start {
            bytes.append(contentsOf: "UNKNOWN".utf8)
            return
        }
        while bytes.count - start < 3 { bytes.append(UInt8(ascii: "0")) }
    }

    private static func isLowercaseOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// A field problem's field as an AIP-161 field path: a JSON pointer's segments joined with dots,
    /// array indices in brackets, a segment that is no identifier in backticks
    /// (`#/items/0/unit price` → ``items[0].`unit price` ``); a field's name stays as it is.
    static func fieldPath(_ problem: FieldProblem) -> String {
        // A JSON pointer starts with `/` or `#/`, or is `""` or `"#"` (the whole document).
        let field = problem.field
        guard field.isEmpty || field == "#" || field.hasPrefix("/") || field.hasPrefix("#/") else { return field }
        var pointer = Substring(problem.field)
        if pointer.hasPrefix("#") {
            pointer = Substring(pointer.dropFirst().removingPercentEncoding ?? String(pointer.dropFirst()))
        }
        var path = ""
        for segment in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let name = segment.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if !name.isEmpty, name.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                path += "[\(name)]"
            } else {
                if !path.isEmpty { path += "." }
                path += isIdentifier(name) ? name : "`" + name.replacingOccurrences(of: "`", with: "``") + "`"
            }
        }
        return path
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return name.utf8.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_")
        }
    }
}
