package import Foundation

/// The HTTP `Retry-After` header (RFC 9110, section 10.2.3) as a client reads it: delta-seconds
/// (`120`) or an IMF-fixdate (`Wed, 21 Oct 2026 07:28:00 GMT`).
package enum RetryAfter {
    /// The seconds `value` asks to wait: its number, or the time from `now` to its date (never
    /// negative, rounded up to a second); `nil` for anything else (the obsolete date forms included).
    package static func seconds(_ value: some StringProtocol, now: Date = Date()) -> Int64? {
        let utf8 = Array(value.utf8.prefix(64))
        var start = 0
        var end = utf8.count
        while start < end, utf8[start] == 0x20 || utf8[start] == 0x09 { start += 1 }
        while end > start, utf8[end - 1] == 0x20 || utf8[end - 1] == 0x09 { end -= 1 }
        let text = utf8[start..<end]
        guard !text.isEmpty else { return nil }
        if text.allSatisfy(isDigit) {
            // More than ten digits is more than three centuries: far past any bound a client keeps.
            guard text.count <= 10 else { return Int64(Int32.max) }
            return text.reduce(Int64(0)) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
        }
        guard let date = imfFixdate(Array(text)) else { return nil }
        let seconds = (date - now.timeIntervalSince1970).rounded(.up)
        return Int64(max(0, min(seconds, Double(Int32.max))))
    }

    /// The seconds since 1970 of an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), read at its fixed
    /// positions; `nil` when it is not one.
    static func imfFixdate(_ text: [UInt8]) -> Double? {
        guard text.count == 29, text[3] == UInt8(ascii: ","), text[4] == 0x20, text[7] == 0x20, text[11] == 0x20,
            text[16] == 0x20, text[19] == UInt8(ascii: ":"), text[22] == UInt8(ascii: ":"), text[25] == 0x20,
            text[26...].elementsEqual("GMT".utf8)
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            let digits = text[range]
            guard digits.allSatisfy(isDigit) else { return nil }
            return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        let monthName = String(decoding: text[8..<11], as: UTF8.self)
        guard let day = number(5..<7), let year = number(12..<16), let hour = number(17..<19),
            let minute = number(20..<22), let second = number(23..<25),
            let month = months.firstIndex(of: monthName).map({ $0 + 1 }),
            (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3_600 + minute * 60 + second)
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
