extension Array where Element == UInt8 {
    /// Appends the decimal digits of `value`, most significant first, as ASCII: no `String` is made, and
    /// nothing is put in order afterwards (appending from the least significant digit, then reversing the
    /// slice, copied it). The JSON writer's integers and the catalog's `%d` both use it.
    mutating func appendDecimalDigits(of value: UInt64) {
        // Under the largest power of ten that fits.
        var power: UInt64 = 1
        while power <= value / 10 { power *= 10 }
        repeat {
            append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / power % 10))
            power /= 10
        } while power > 0
    }
}
