extension JSONWriter {
    /// A member name quoted, escaped and followed by its colon once, for names written again and
    /// again (a presenter's fixed members): writing one is a copy of a few bytes.
    ///
    /// ```swift
    /// static let title = JSONWriter.Key("title")   // "title":
    /// writer.key(Self.title)
    /// writer.string("Not found")
    /// ```
    struct Key: Sendable {
        /// `"name":` as UTF-8.
        let bytes: [UInt8]

        init(_ name: String) {
            var bytes: [UInt8] = []
            JSONWriter.appendQuoted(name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            self.bytes = bytes
        }
    }

    /// Writes a member whose value is a string, its name prepared once.
    mutating func string(_ value: String, forKey key: Key) {
        self.key(key)
        string(value)
    }

    /// Writes a member whose value is an integer, its name prepared once.
    mutating func int(_ value: Int, forKey key: Key) {
        self.key(key)
        int(value)
    }
}
