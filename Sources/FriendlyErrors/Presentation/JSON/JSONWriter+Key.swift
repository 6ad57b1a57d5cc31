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
        /// `,"name":"` as UTF-8: the comma before the member, the name and its colon, and the quote that
        /// opens a string value. A member is written with one copy of the part it needs (``part(comma:quote:)``)
        /// rather than a copy and up to two bytes appended one by one.
        let bytes: [UInt8]

        init(_ name: String) {
            var bytes = [UInt8(ascii: ",")]
            JSONWriter.appendQuoted(name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            bytes.append(UInt8(ascii: "\""))
            self.bytes = bytes
        }

        /// ``bytes`` with or without the leading comma and the trailing quote.
        func part(comma: Bool, quote: Bool) -> ArraySlice<UInt8> {
            bytes[(comma ? 0 : 1)..<(quote ? bytes.count : bytes.count - 1)]
        }

        init(stringLiteral name: String) {
            self.init(name)
        }
    }

    /// A member whose name and value are fixed words (a severity, an action's role), quoted and escaped
    /// once with the comma before it: writing one is one copy, with nothing to escape on the hot path.
    ///
    /// ```swift
    /// static let error = JSONWriter.FixedMember("severity", "error")   // ,"severity":"error"
    /// writer.member(Self.error)
    /// ```
    struct FixedMember: Sendable {
        /// `,"name":"value"` as UTF-8.
        let bytes: [UInt8]

        init(_ name: String, _ value: String) {
            var bytes = [UInt8(ascii: ",")]
            JSONWriter.appendQuoted(name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            JSONWriter.appendQuoted(value, to: &bytes)
            self.bytes = bytes
        }
    }
}
