extension String {
    /// The string itself when it fits in `maxUTF8Bytes` bytes of UTF-8; otherwise its longest start
    /// made of whole grapheme clusters that fits with a trailing `…`, the ellipsis included. The one
    /// function every cut goes through (presenters, problem bodies a client reads), so a cut text ends in
    /// exactly one `…`: an ellipsis the kept start ends with is dropped, never doubled.
    ///
    /// A user-perceived character is never split — not a family emoji joined by ZWJs, a flag, or a
    /// letter with its accents — so the result renders as the start of the original. The work is
    /// proportional to the kept part, not to the string: capping a 5 MB message at 4 KiB reads about
    /// 4 KiB. When even the first character does not fit, the result is `…` alone; when
    /// `maxUTF8Bytes` is too small for `…` (3 bytes), it is empty.
    ///
    /// ```swift
    /// "Bonjour 👋🏽".cappedAtGraphemeBoundary(maxUTF8Bytes: 12)   // "Bonjour …" (the emoji is 8 bytes)
    /// ```
    func cappedAtGraphemeBoundary(maxUTF8Bytes: Int) -> String {
        let utf8 = self.utf8
        guard utf8.count > maxUTF8Bytes else { return self }
        let ellipsis = "…"
        let budget = maxUTF8Bytes - ellipsis.utf8.count
        guard budget >= 0 else { return "" }

        // The last scalar that starts within the budget, plus one scalar of lookahead: whether a
        // grapheme boundary falls between two scalars depends only on what precedes and on the one
        // scalar that follows (UAX #29), so the boundaries found in this prefix, up to the budget,
        // are exactly the whole string's — however long the cluster that continues past it.
        var cut = utf8.index(utf8.startIndex, offsetBy: budget)
        while cut > utf8.startIndex, utf8[cut] & 0xC0 == 0x80 { cut = utf8.index(before: cut) }
        let lookahead = unicodeScalars.index(after: cut)
        let prefix = String(decoding: utf8[..<lookahead], as: UTF8.self)

        var fitting = 0
        var kept = 0  // `fitting` without the ellipses it ends with
        for character in prefix {
            let length = character.utf8.count
            guard fitting + length <= budget else { break }
            fitting += length
            if character != "…" { kept = fitting }
        }
        return String(decoding: prefix.utf8.prefix(kept), as: UTF8.self) + ellipsis
    }
}
