/// An immutable hash table keyed by strings, for the lookups on the path of every alert: an error's
/// code, a category's generic texts, a language tag.
///
/// `Dictionary` hashes a key with SipHash behind a per-process seed, which costs several hundred
/// instructions per lookup even for a two-letter key; this table hashes the key's UTF-8 bytes with
/// FNV-1a once and compares bytes on a hit, several times cheaper. A fixed hash is safe here because
/// the table is built once from the catalog, never from what a request sends: a hostile key can only
/// walk the probe sequences the catalog's own keys made, never grow them.
struct StringTable<Value: Sendable>: Sendable {
    /// Each slot's key hash with the lowest bit set, or 0 for an empty slot: most probes end on a
    /// hash comparison without touching a key.
    private let hashes: [Int]
    private let keys: [String]
    private let values: [Value?]
    private let mask: Int
    /// The number of entries.
    let count: Int

    /// A table of the entries of `dictionary`.
    init(_ dictionary: [String: Value]) {
        var capacity = 8
        while capacity < dictionary.count * 2 { capacity *= 2 }
        var hashes = [Int](repeating: 0, count: capacity)
        var keys = [String](repeating: "", count: capacity)
        var values = [Value?](repeating: nil, count: capacity)
        let mask = capacity - 1
        for (key, value) in dictionary {
            let hash = Self.hash(key)
            var slot = (hash >> 1) & mask
            while hashes[slot] != 0 { slot = (slot + 1) & mask }
            hashes[slot] = hash
            keys[slot] = key
            values[slot] = value
        }
        self.hashes = hashes
        self.keys = keys
        self.values = values
        self.mask = mask
        self.count = dictionary.count
    }

    /// The value for `key`, if the table has one.
    subscript(key: String) -> Value? {
        let hash = Self.hash(key)
        var slot = (hash >> 1) & mask
        while true {
            let stored = hashes[slot]
            if stored == 0 { return nil }
            if stored == hash, Self.equal(keys[slot], key) { return values[slot] }
            slot = (slot + 1) & mask
        }
    }

    /// FNV-1a over the UTF-8 bytes, folded to an `Int` with the lowest bit set (never 0).
    @inline(__always)
    private static func hash(_ key: String) -> Int {
        key.withUTF8Bytes { bytes in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            // A multiply carries differences only upwards; mixing the high bits down spreads keys that
            // differ in their last bytes (`category.notFound`, `category.conflict`) over the slots.
            hash = (hash ^ (hash >> 33)) &* 0xFF51_AFD7_ED55_8CCD
            return Int(truncatingIfNeeded: hash ^ (hash >> 33)) | 1
        }
    }

    /// Byte equality, as Apple's catalog lookups compare keys: no Unicode normalization, which `==`
    /// would fall back to for strings not known to be NFC.
    @inline(__always)
    private static func equal(_ lhs: String, _ rhs: String) -> Bool {
        lhs.withUTF8Bytes { left in
            rhs.withUTF8Bytes { right in
                // An index loop: `elementsEqual` goes through iterators, several times slower here.
                guard left.count == right.count else { return false }
                for index in 0..<left.count where left[index] != right[index] { return false }
                return true
            }
        }
    }
}
