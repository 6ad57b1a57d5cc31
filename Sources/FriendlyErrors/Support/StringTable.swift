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
    private var slotHashes: [Int]
    /// The entry each slot holds.
    private var slotEntries: [Int32]
    /// The entries, in insertion order: dense arrays, so that neither building nor freeing a
    /// table walks its empty slots through optionals.
    private var keys: [String] = []
    private var values: [Value] = []
    private let mask: Int

    /// The number of entries.
    var count: Int { keys.count }

    /// An empty table with room for `capacity` entries, filled with ``value(forUTF8:orInsert:)``.
    init(capacity: Int) {
        var slots = 8
        while slots < capacity * 2 { slots *= 2 }
        slotHashes = [Int](repeating: 0, count: slots)
        slotEntries = [Int32](repeating: -1, count: slots)
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
        mask = slots - 1
    }

    /// A table of the entries of `dictionary`.
    init(_ dictionary: [String: Value]) {
        self.init(dictionary) { $0 }
    }

    /// A table of the entries of `dictionary`, each value transformed: one pass, with no
    /// intermediate dictionary.
    init<Source>(_ dictionary: [String: Source], _ transform: (Source) -> Value) {
        self.init(capacity: dictionary.count)
        for (key, value) in dictionary {
            let hash = key.withUTF8Bytes(Self.hash)
            var slot = (hash >> 1) & mask
            while slotHashes[slot] != 0 { slot = (slot + 1) & mask }
            append(key, transform(value), hash: hash, slot: slot)
        }
    }

    /// The value for `key`, if the table has one.
    subscript(key: String) -> Value? {
        guard let entry = entry(of: key) else { return nil }
        return values[entry]
    }

    /// Where the table keeps `key`, if it has it: a position ``value(at:)`` reads in constant time.
    func entry(of key: String) -> Int? {
        key.withUTF8Bytes { bytes in entry(of: bytes, hash: Self.hash(bytes)) }
    }

    /// The value of entry `entry`, a position that ``entry(of:)`` or ``forEach(_:)`` gave.
    func value(at entry: Int) -> Value {
        values[entry]
    }

    /// Calls `body` with each entry's position, key and value, in insertion order.
    func forEach(_ body: (_ entry: Int, _ key: String, _ value: Value) -> Void) {
        for entry in keys.indices { body(entry, keys[entry], values[entry]) }
    }

    /// The value for the key whose UTF-8 bytes are `key`, inserting `make()` when the table has
    /// none: how a table made with ``init(capacity:)`` is filled. The key becomes a `String` only
    /// when it is inserted.
    mutating func value(forUTF8 key: UnsafeBufferPointer<UInt8>, orInsert make: () -> Value) -> Value {
        let hash = Self.hash(key)
        var slot = (hash >> 1) & mask
        while slotHashes[slot] != 0 {
            let entry = Int(slotEntries[slot])
            if slotHashes[slot] == hash, keys[entry].withUTF8Bytes({ Self.equal($0, key) }) { return values[entry] }
            slot = (slot + 1) & mask
        }
        let value = make()
        append(String(decoding: key, as: UTF8.self), value, hash: hash, slot: slot)
        return value
    }

    /// The value for the first `count` UTF-8 bytes of `string`, inserting `make()` when the table
    /// has none (see ``value(forUTF8:orInsert:)``): a key that is the start of a longer string,
    /// read in place.
    mutating func value(forUTF8Prefix count: Int, of string: String, orInsert make: () -> Value) -> Value {
        string.withUTF8Bytes { value(forUTF8: UnsafeBufferPointer(rebasing: $0[..<count]), orInsert: make) }
    }

    private mutating func append(_ key: String, _ value: Value, hash: Int, slot: Int) {
        precondition(keys.count * 2 < mask, "StringTable: more entries than the capacity it was made with")
        slotHashes[slot] = hash
        slotEntries[slot] = Int32(truncatingIfNeeded: keys.count)
        keys.append(key)
        values.append(value)
    }

    private func entry(of bytes: UnsafeBufferPointer<UInt8>, hash: Int) -> Int? {
        var slot = (hash >> 1) & mask
        while true {
            let stored = slotHashes[slot]
            if stored == 0 { return nil }
            if stored == hash {
                let entry = Int(slotEntries[slot])
                if keys[entry].withUTF8Bytes({ Self.equal($0, bytes) }) { return entry }
            }
            slot = (slot + 1) & mask
        }
    }

    /// FNV-1a over the UTF-8 bytes, folded to an `Int` with the lowest bit set (never 0).
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        // A multiply carries differences only upwards; mixing the high bits down spreads keys that
        // differ in their last bytes (`category.notFound`, `category.conflict`) over the slots.
        hash = (hash ^ (hash >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        return Int(truncatingIfNeeded: hash ^ (hash >> 33)) | 1
    }

    /// Byte equality, as Apple's catalog lookups compare keys: no Unicode normalization, which `==`
    /// would fall back to for strings not known to be NFC.
    @inline(__always)
    private static func equal(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        // An index loop: `elementsEqual` goes through iterators, several times slower here.
        guard left.count == right.count else { return false }
        for index in 0..<left.count where left[index] != right[index] { return false }
        return true
    }
}
