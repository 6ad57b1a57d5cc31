/// An immutable table keyed by strings whose entries keep their insertion order and a fixed
/// position: the catalog index keeps a text's position in a flat array of integers (its field
/// slots) and reads the text back with ``value(at:)``, without hashing its key again.
///
/// A `Dictionary` from key to position over dense arrays. It replaced an open-addressing table
/// hashing UTF-8 bytes with FNV-1a: this code costs at most 1.12 × that table's instructions on an
/// alert and 1.18 × on a catalog load, below the 1.2 × that keeps a fast path (issue 13,
/// `Benchmarks/README.md`).
///
/// Keys compare as `String`s do, by canonical equivalence: a key written in NFC (`caf\u{E9}`) finds
/// the same key written in NFD (`cafe\u{301}`), as the catalog's own tables (a `Dictionary` per
/// language) and ``TranslationCatalog``'s inspection already did.
struct StringTable<Value: Sendable>: Sendable {
    private var entries: [String: Int]
    /// The entries, in insertion order.
    private var keys: [String] = []
    private var values: [Value] = []

    /// The number of entries.
    var count: Int { keys.count }

    /// An empty table with room for `capacity` entries, filled with ``value(forUTF8Prefix:of:orInsert:)``.
    init(capacity: Int) {
        entries = Dictionary(minimumCapacity: capacity)
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// A table of the entries of `dictionary`.
    init(_ dictionary: [String: Value]) {
        self.init(dictionary) { $0 }
    }

    /// A table of the entries of `dictionary`, each value transformed: one pass, with no
    /// intermediate dictionary.
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

    /// The key of entry `entry`, a position that ``entry(of:)`` or ``forEach(_:)`` gave.
    func key(at entry: Int) -> String {
        keys[entry]
    }

    /// Calls `body` with each entry's position, key and value, in insertion order.
    func forEach(_ body: (_ entry: Int, _ key: String, _ value: Value) -> Void) {
        for entry in keys.indices { body(entry, keys[entry], values[entry]) }
    }

    /// The value for the first `count` UTF-8 bytes of `string` (a key that is the start of a longer
    /// string, ending on a character boundary), inserting `make()` when the table has none: how a
    /// table made with ``init(capacity:)`` is filled.
    mutating func value(forUTF8Prefix count: Int, of string: String, orInsert make: () -> Value) -> Value {
        let key = String(Substring(string.utf8.prefix(count)))
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
