/// Byte-level access to strings for the hot paths: Swift's `String` APIs work in Characters, which
/// costs far more than a byte scan where only ASCII bytes matter.

extension StringProtocol {
    /// Whether the UTF-8 form holds `byte`: a scan of contiguous bytes where the string has them,
    /// which is many times faster than iterating the UTF-8 view on the hot path.
    @inline(__always)
    func containsUTF8Byte(_ byte: UInt8) -> Bool {
        if let found = utf8.withContiguousStorageIfAvailable({ $0.contains(byte) }) { return found }
        return utf8.contains(byte)
    }

    /// Whether every byte of the UTF-8 form satisfies `predicate`: a scan of contiguous bytes where
    /// the string has them, as ``containsUTF8Byte(_:)``.
    @inline(__always)
    func allUTF8Bytes(satisfy predicate: (UInt8) -> Bool) -> Bool {
        if let all = utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(predicate) }) { return all }
        return utf8.allSatisfy(predicate)
    }
}
