/// `%f`, `%e` and `%g` for `Double`, without `String(format:)` or the C library.
///
/// The result is the one glibc and Apple's libc print: the exact binary value is expanded to all of its
/// decimal digits (a `Double` has at most 767 significant ones) and rounded once, half to even on an
/// exact tie. Rounding Swift's shortest description instead would print `1.01` for `%.2f` of `1.005`,
/// whose exact value is 1.00499999999999989…
enum DecimalFormatting {
    /// The printf notation.
    enum Style: Sendable {
        /// `%f`: `123.456000`.
        case fixed
        /// `%e`: `1.234560e+02`.
        case exponent
        /// `%g`: the shorter of the two, without trailing zeros.
        case general
    }

    /// The digits of `value` in `style`, and whether a minus sign belongs in front of them (which
    /// the caller places, to pad with zeros between sign and digits).
    static func render(
        _ value: Double, style: Style, precision: Int?, uppercase: Bool, alternate: Bool
    ) -> (negative: Bool, body: [UInt8]) {
        let negative = value.sign == .minus && !value.isNaN
        if !value.isFinite {
            let text = value.isNaN ? "nan" : "inf"
            return (negative, Array((uppercase ? text.uppercased() : text).utf8))
        }
        var digits = exactDigits(of: value.magnitude)
        let body: [UInt8]
        switch style {
        case .fixed:
            let precision = precision ?? 6
            round(&digits, keeping: digits.point + precision)
            body = fixed(digits, precision: precision, alternate: alternate)
        case .exponent:
            let precision = precision ?? 6
            round(&digits, keeping: precision + 1)
            body = exponent(digits, precision: precision, uppercase: uppercase, alternate: alternate)
        case .general:
            let significant = max(precision ?? 6, 1)
            round(&digits, keeping: significant)
            let exponent10 = digits.isZero ? 0 : digits.point - 1
            if exponent10 < significant && exponent10 >= -4 {
                let text = fixed(digits, precision: significant - 1 - exponent10, alternate: alternate)
                body = alternate ? text : trimmingFraction(text)
            } else {
                let text = exponent(digits, precision: significant - 1, uppercase: uppercase, alternate: alternate)
                body = alternate ? text : trimmingMantissa(text)
            }
        }
        return (negative, body)
    }

    /// Decimal digits `0.d₁d₂d₃… × 10^point`, without leading zeros; no digits for zero.
    struct Digits {
        var values: [UInt8]
        var point: Int
        var isZero: Bool { values.isEmpty }

        func digit(at index: Int) -> UInt8 {
            index >= 0 && index < values.count ? UInt8(ascii: "0") + values[index] : UInt8(ascii: "0")
        }
    }

    /// Every decimal digit of a finite, non-negative double.
    static func exactDigits(of value: Double) -> Digits {
        if value == 0 { return Digits(values: [], point: 0) }
        var significand = value.significandBitPattern
        var binaryExponent: Int
        if value.exponentBitPattern == 0 {
            binaryExponent = -1074
        } else {
            significand |= 1 << 52
            binaryExponent = Int(value.exponentBitPattern) - 1075
        }
        // Fewer binary fraction digits mean a smaller power of five below.
        let trailing = significand.trailingZeroBitCount
        significand >>= UInt64(trailing)
        binaryExponent += trailing

        var number = LimbNumber(significand)
        var fractionDigits = 0
        if binaryExponent >= 0 {
            number.shiftLeft(by: binaryExponent)
        } else {
            // m / 2^k = m × 5^k / 10^k: the digits of m × 5^k with k of them after the point.
            var remaining = -binaryExponent
            fractionDigits = remaining
            while remaining > 0 {
                let step = min(remaining, 13)  // 5^13 is the largest power of five below 2^32.
                number.multiply(by: pow5[step])
                remaining -= step
            }
        }
        let values = number.decimalDigits()
        return Digits(values: values, point: values.count - fractionDigits)
    }

    private static let pow5: [UInt32] = (0...13).map { exponent in
        (0..<exponent).reduce(UInt32(1)) { power, _ in power * 5 }
    }

    /// Keeps the first `count` digits, rounding half to even on what is dropped.
    static func round(_ digits: inout Digits, keeping count: Int) {
        guard count < digits.values.count else { return }
        guard count >= 0 else {
            digits.values = []
            return
        }
        let first = digits.values[count]
        var roundUp = first > 5
        if first == 5 {
            let exactHalf = !digits.values[(count + 1)...].contains { $0 != 0 }
            let previousIsOdd = count > 0 && digits.values[count - 1] % 2 == 1
            roundUp = !exactHalf || previousIsOdd
        }
        digits.values.removeLast(digits.values.count - count)
        guard roundUp else {
            while digits.values.last == 0 { digits.values.removeLast() }
            if digits.values.isEmpty { digits.point = 0 }
            return
        }
        var index = digits.values.count - 1
        while index >= 0, digits.values[index] == 9 {
            digits.values[index] = 0
            index -= 1
        }
        if index >= 0 {
            digits.values[index] += 1
        } else {
            digits.values.insert(1, at: 0)
            digits.point += 1
        }
    }

    private static func fixed(_ digits: Digits, precision: Int, alternate: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(max(digits.point, 1) + precision + 1)
        if digits.isZero || digits.point <= 0 {
            out.append(UInt8(ascii: "0"))
        } else {
            for index in 0..<digits.point { out.append(digits.digit(at: index)) }
        }
        if precision > 0 || alternate { out.append(UInt8(ascii: ".")) }
        for offset in 0..<precision {
            out.append(digits.isZero ? UInt8(ascii: "0") : digits.digit(at: digits.point + offset))
        }
        return out
    }

    private static func exponent(_ digits: Digits, precision: Int, uppercase: Bool, alternate: Bool) -> [UInt8] {
        var out: [UInt8] = [digits.digit(at: 0)]
        if precision > 0 || alternate { out.append(UInt8(ascii: ".")) }
        for index in 0..<precision { out.append(digits.digit(at: index + 1)) }
        let exponent10 = digits.isZero ? 0 : digits.point - 1
        out.append(uppercase ? UInt8(ascii: "E") : UInt8(ascii: "e"))
        out.append(exponent10 < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        let magnitude = exponent10.magnitude
        if magnitude < 10 { out.append(UInt8(ascii: "0")) }
        out.append(contentsOf: String(magnitude).utf8)
        return out
    }

    /// `%g` drops trailing zeros of the fraction, and the point when nothing follows it.
    private static func trimmingFraction(_ text: [UInt8]) -> [UInt8] {
        guard text.contains(UInt8(ascii: ".")) else { return text }
        var text = text
        while text.last == UInt8(ascii: "0") { text.removeLast() }
        if text.last == UInt8(ascii: ".") { text.removeLast() }
        return text
    }

    private static func trimmingMantissa(_ text: [UInt8]) -> [UInt8] {
        guard let exponentStart = text.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") })
        else { return text }
        return trimmingFraction(Array(text[..<exponentStart])) + text[exponentStart...]
    }
}

/// A non-negative integer of any size, just big enough for the digits of a `Double` (≤ 2,500 bits).
private struct LimbNumber {
    /// 32-bit limbs, least significant first, so that products fit in 64 bits.
    var limbs: [UInt32]

    init(_ value: UInt64) {
        limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
        trim()
    }

    mutating func trim() {
        while limbs.last == 0 { limbs.removeLast() }
    }

    mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let product = UInt64(limbs[index]) * UInt64(factor) + carry
            limbs[index] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry != 0 { limbs.append(UInt32(carry)) }
    }

    mutating func shiftLeft(by bits: Int) {
        let (whole, partial) = bits.quotientAndRemainder(dividingBy: 32)
        if partial != 0 {
            var carry: UInt32 = 0
            for index in limbs.indices {
                let limb = limbs[index]
                limbs[index] = (limb << UInt32(partial)) | carry
                carry = limb >> UInt32(32 - partial)
            }
            if carry != 0 { limbs.append(carry) }
        }
        limbs.insert(contentsOf: repeatElement(0, count: whole), at: 0)
    }

    /// Divides in place and returns the remainder.
    mutating func divide(by divisor: UInt32) -> UInt32 {
        var remainder: UInt64 = 0
        for index in limbs.indices.reversed() {
            let current = (remainder << 32) | UInt64(limbs[index])
            limbs[index] = UInt32(current / UInt64(divisor))
            remainder = current % UInt64(divisor)
        }
        trim()
        return UInt32(remainder)
    }

    /// The decimal digits (values 0–9), most significant first.
    func decimalDigits() -> [UInt8] {
        var number = self
        var chunks: [UInt32] = []
        while !number.limbs.isEmpty { chunks.append(number.divide(by: 1_000_000_000)) }
        var digits: [UInt8] = []
        digits.reserveCapacity(chunks.count * 9)
        for (offset, chunk) in chunks.reversed().enumerated() {
            var chunkDigits = [UInt8](repeating: 0, count: 9)
            var rest = chunk
            for index in (0..<9).reversed() {
                chunkDigits[index] = UInt8(rest % 10)
                rest /= 10
            }
            // Only the most significant chunk may start with zeros that are not digits of the number.
            digits.append(contentsOf: offset == 0 ? chunkDigits.drop { $0 == 0 } : chunkDigits[...])
        }
        return digits
    }
}
