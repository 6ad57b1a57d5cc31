extension JSONWriter {
    /// A member name quoted, escaped and followed by its colon once, for names written again and
    /// again (a presenter's fixed members): writing one is a copy of a few bytes. A literal makes
    /// one in place (`writer.int(404, forKey: "status")`), escaped on each call.
    ///
    /// ```swift
    /// static let title = JSONWriter.Key("title")   // "title":
    /// writer.key(Self.title)
    /// writer.string("Not found")
    /// ```
    struct Key: Sendable, ExpressibleByStringLiteral {
        /// `"name":` as UTF-8.
        let bytes: [UInt8]

        init(_ name: String) {
            var bytes: [UInt8] = []
            JSONWriter.appendQuoted(name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            self.bytes = bytes
        }

        init(stringLiteral name: String) {
            self.init(name)
        }
    }
}
