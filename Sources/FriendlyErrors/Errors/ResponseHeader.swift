package import Foundation

/// One HTTP response header that an error asks for (`Retry-After`, `WWW-Authenticate`, `Allow`,
/// `Location`), or that a response is sent with. Its name and value are cleaned when it is made, so
/// it can never split a response or smuggle another header, whoever built it.
///
/// ```swift
/// struct TooManyRequests: FriendlyError {
///     var retryAfterSeconds: Int
///     var code: String { "api.tooManyRequests" }
///     var category: ErrorCategory { .rateLimited }
///     var responseHeaders: [ResponseHeader] { [.retryAfter(seconds: retryAfterSeconds)] }
/// }
/// ```
public struct ResponseHeader: Sendable, Hashable {
    /// The field name, made only of RFC 9110 token characters (other characters are dropped).
    public let name: String
    /// The field value: printable ASCII, spaces and tabs only; every other byte — CR, LF, NUL,
    /// controls, non-ASCII — is dropped, and leading and trailing spaces are trimmed.
    public let value: String

    /// A header, cleaned.
    ///
    /// ```swift
    /// ResponseHeader(name: "Content-Language", value: "en\r\nSet-Cookie: a").value
    /// // "enSet-Cookie: a" — one harmless value, never a second header
    /// ```
    public init(name: String, value: String) {
        // Most headers are clean already (a framework's own, the library's): checked, they are kept as
        // they are, which costs a fraction of filtering them into new strings.
        self.name = name.allUTF8Bytes(satisfy: Self.isTokenByte) ? name : Self.cleaned(name: name)
        self.value = Self.isCleanValue(value) ? value : Self.cleaned(value)
    }

    /// A header the library made from parts it knows to be clean (its own names, a language tag it
    /// checked): nothing to filter, so nothing is copied.
    init(uncheckedName name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `Name: value`, as the header is sent.
    package var description: String { "\(name): \(value)" }

    /// Whether this header has the given name, compared case-insensitively (ASCII).
    package func hasName(_ other: String) -> Bool {
        // The lengths first, then the bytes as they are (names are usually spelled alike): each costs
        // a fraction of comparing byte by byte, lowercased.
        guard name.utf8.count == other.utf8.count else { return false }
        return name == other || name.utf8.elementsEqual(other.utf8) { Self.lowercased($0) == Self.lowercased($1) }
    }

    /// Whether a value is kept as it is: printable ASCII, spaces and tabs, neither at either end.
    private static func isCleanValue(_ value: String) -> Bool {
        let utf8 = value.utf8
        guard let first = utf8.first, let last = utf8.last else { return true }
        return !isSpace(first) && !isSpace(last) && value.allUTF8Bytes { $0 == 0x09 || (0x20...0x7E).contains($0) }
    }

    /// The name without the bytes that are not token characters.
    private static func cleaned(name: String) -> String {
        String(decoding: name.utf8.filter(isTokenByte), as: UTF8.self)
    }

    /// The value without the bytes a header must not hold, and trimmed.
    private static func cleaned(_ value: String) -> String {
        let kept = value.utf8.filter { $0 == 0x09 || (0x20...0x7E).contains($0) }
        let start = kept.firstIndex { !isSpace($0) } ?? kept.endIndex
        let end = kept.lastIndex { !isSpace($0) }.map { $0 + 1 } ?? start
        return String(decoding: kept[start..<max(start, end)], as: UTF8.self)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Whether a byte may appear in a field name (RFC 9110 `tchar`).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}

extension ResponseHeader {
    /// `Retry-After` with a number of seconds (negative values become 0), for a rate-limited or
    /// unavailable error that knows when trying again can help.
    public static func retryAfter(seconds: Int) -> ResponseHeader {
        ResponseHeader(name: "Retry-After", value: String(max(0, seconds)))
    }

    /// `Retry-After` with an HTTP date (`Wed, 21 Oct 2026 07:28:00 GMT`); a date before 1970 or after
    /// the year 9999 is written as the nearest one in that range.
    package static func retryAfter(_ date: Date) -> ResponseHeader {
        ResponseHeader(name: "Retry-After", value: HTTPDate.string(from: date))
    }

    /// `WWW-Authenticate` with a challenge (`Bearer realm="api"`), for an unauthenticated error.
    public static func wwwAuthenticate(_ challenge: String) -> ResponseHeader {
        ResponseHeader(name: "WWW-Authenticate", value: challenge)
    }

    /// `Allow` with the methods a resource accepts, for a 405.
    public static func allow(_ methods: [String]) -> ResponseHeader {
        ResponseHeader(name: "Allow", value: methods.joined(separator: ", "))
    }

    /// `Location`, for an error that points somewhere else (a resource created meanwhile).
    package static func location(_ uri: String) -> ResponseHeader {
        ResponseHeader(name: "Location", value: uri)
    }
}

/// RFC 9110's IMF-fixdate, written without a `DateFormatter` (whose output depends on the locale
/// data installed).
private enum HTTPDate {
    static let days = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The last second an IMF-fixdate can write (its year has four digits): 9999-12-31 23:59:59.
    static let latestSeconds: Int64 = 253_402_300_799

    /// The date, clamped to 1970-01-01 00:00:00 … 9999-12-31 23:59:59 (NaN as the first): an app's
    /// `Date` may be anything, and neither a trap nor a five-digit or negative year may come of it.
    static func string(from date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let seconds =
            interval.isNaN ? 0 : Int64(min(max(0, interval.rounded(.down)), Double(latestSeconds)))
        var days = seconds / 86_400
        var rest = seconds % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        let weekday = days.modulo(7)
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(Self.days[Int(weekday)]), \(two(day)) \(months[Int(month) - 1]) \(year) "
            + "\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60)) GMT"
    }
}

extension Int64 {
    fileprivate func modulo(_ divisor: Int64) -> Int64 {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}
