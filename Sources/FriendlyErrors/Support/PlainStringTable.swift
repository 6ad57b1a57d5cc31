/// The plain twin of ``StringTable``: the same API over a `Dictionary` from key to entry, with the
/// entries in dense arrays in insertion order (so an entry's position is still one a flat index can
/// keep). Tests check that the two agree; it is also what `StringTable` would be replaced by.
///
/// One difference: `Dictionary<String, _>` compares keys by canonical equivalence, as `String`'s `==`
/// does, so a key written in NFC (`caf\u{E9}`) and the same key in NFD (`cafe\u{301}`) are one key
/// here, where `StringTable` compares bytes and keeps them apart.
struct PlainStringTable<Value: Sendable>: Sendable {
    private var entries: [String: Int]
    private var keys: [String] = []
    private var values: [Value] = []

    /// The number of entries.
    var count: Int { keys.count }

    /// An empty table with room for `capacity` entries, filled with ``value(for:orInsert:)``.
    init(capacity: Int) {
        entries = Dictionary(minimumCapacity: capacity)
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// A table of the entries of `dictionary`.
    init(_ dictionary: [String: Value]) {
        self.init(dictionary) { $0 }
    }

    /// A table of the entries of `dictionary`, each value transformed.
    init<Source>(_ dictionary: [String: Source], _ transform: (Source) -> Value) {
        self.init(capacity: dictionary.count)
        for (key, value) in dictionary { append(key, transform(value)) }
    }

    /// The value for `key`, if the table has one.
    subscript(key: String) -> Value? {
        guard let entry = entries[key] else { return nil }
        return values[entry]
    }

    /// Where the table keeps `key`, if it has it: a position ``value(at:)`` reads in constant time.
    func entry(of key: String) -> Int? {
        entries[key]
    }

    /// The value of entry `entry`, a position that ``entry(of:)`` or ``forEach(_:)`` gave.
    func value(at entry: Int) -> Value {
        values[entry]
    }

    /// Calls `body` with each entry's position, key and value, in insertion order.
    func forEach(_ body: (_ entry: Int, _ key: String, _ value: Value) -> Void) {
        for entry in keys.indices { body(entry, keys[entry], values[entry]) }
    }

    /// The value for the key whose UTF-8 bytes are `key`, inserting `make()` when the table has none.
    mutating func value(forUTF8 key: UnsafeBufferPointer<UInt8>, orInsert make: () -> Value) -> Value {
        value(for: String(decoding: key, as: UTF8.self), orInsert: make)
    }

    /// The value for `key`, inserting `make()` when the table has none.
    mutating func value(for key: Substring, orInsert make: () -> Value) -> Value {
        value(for: String(key), orInsert: make)
    }

    private mutating func value(for key: String, orInsert make: () -> Value) -> Value {
        if let entry = entries[key] { return values[entry] }
        let value = make()
        append(key, value)
        return value
    }

    private mutating func append(_ key: String, _ value: Value) {
        entries[key] = keys.count
        keys.append(key)
        values.append(value)
    }
}
