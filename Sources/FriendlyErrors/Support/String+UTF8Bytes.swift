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

extension String {
    /// The same text in storage of its own: a string of more than 15 UTF-8 bytes that shares no object
    /// with `other` (a shorter one is held inline, in no object at all). What a thread's copy of a catalog
    /// text is made of, so that the reference counts alerts write on it are that copy's (issue 45).
    init(copyingStorageOf other: String) {
        var source = other
        self = source.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { buffer in
                _ = buffer.initialize(fromContentsOf: bytes)
                return bytes.count
            }
        }
    }

    /// Whether this string's UTF-8 bytes are `other`'s, in the same storage: the same text, not only an
    /// equal one. `false` for strings of 15 UTF-8 bytes or fewer, which are held inline, in no storage
    /// to share.
    func sharesStorage(with other: String) -> Bool {
        guard utf8.count > 15, utf8.count == other.utf8.count else { return false }
        let mine = utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
        let theirs = other.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
        return mine != nil && mine == theirs
    }
}
