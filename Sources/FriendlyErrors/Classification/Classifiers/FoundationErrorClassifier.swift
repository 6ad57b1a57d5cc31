import Foundation

/// Friendly texts for the Foundation errors an app did not write: file errors (`CocoaError`,
/// `POSIXError`), networking (`URLError`), coding (`DecodingError`, `EncodingError`) and
/// cancellation. Their own descriptions ("The operation could not be completed…") are never used.
/// And the library's own value error, a ``RemoteProblem`` a server answered with: its server's texts,
/// in their language.
///
/// Codes not in the tables are unexpected: the fallback answers for them.
struct FoundationErrorClassifier: ErrorClassifier {
    private typealias Table = FoundationErrorTable

    /// The stock retry's recoveries (`[.retry()]`) that this classifier's classifications of an entry
    /// offering a retry hold: an array of its own, since each thread's copy of a pipeline's chain has a
    /// classifier of its own (``forAnotherThread``). One array that every thread retained would have its
    /// reference count written by every alert (issue 45), and reaching it through the thread's number
    /// would cost a thread-specific read per alert.
    private let retryOffer: [Recovery] = [.retry()]

    /// A classifier like this one with arrays of its own, for a thread's copy of the chain.
    var forAnotherThread: Self { Self() }

    /// Always inlined into the protocol's witness: called from it, the classification was copied bytewise
    /// into the witness's result (about 64 instructions an error).
    @inline(__always)
    func classify(_ error: any Error, context: ClassificationContext, next: (any Error) -> Classification)
        -> Classification
    {
        // The classification is built straight into the result: an optional one returned and
        // unwrapped would be moved (copied bytewise) once more.
        if type(of: error) is NSError.Type {
            guard let entry = Self.entry(of: error as NSError) else { return next(error) }
            return entry.classification(retryOffer: retryOffer)
        }
        return classification(of: error, original: error, next: next)
    }

    /// The entry of a real NSError, read by its domain and code.
    private static func entry(of nsError: NSError) -> FoundationErrorTable.Entry? {
        switch nsError.domain {
        case NSCocoaErrorDomain: FoundationErrorTable.cocoa[nsError.code]
        case NSPOSIXErrorDomain: FoundationErrorTable.posix[nsError.code]
        case NSURLErrorDomain: FoundationErrorTable.url[nsError.code] ?? FoundationErrorTable.networkFailed
        default: nil
        }
    }

    /// The classification of a Foundation value error the tables know, else `next`'s for `original`
    /// (`error` before it was opened).
    ///
    /// `as? CocoaError` also matches any NSError on Linux, whatever its domain: compare the dynamic
    /// type first (real NSError instances are read by their domain, above). Comparing metatypes
    /// also keeps the common case — an error of none of these types — free of dynamic casts. The
    /// error is opened first, so each cast is a comparison of its type (`ExactTypeCast`), and the
    /// value is copied as its own type, not through the runtime's generic copy.
    /// A `URLError`'s code is read as `errorCode` (the stored NSError's integer): its `code` builds the
    /// typed code through generic `RawRepresentable` and `Optional` metadata, about 750 instructions
    /// more. (For `CocoaError` and `POSIXError`, `code` is the cheaper one.)
    /// A table's entry is read where it is (``FoundationErrorTable/CodeTable/classification(at:retryOffer:)``),
    /// not copied out as an optional value.
    private func classification<E: Error>(
        of error: E, original: any Error, next: (any Error) -> Classification
    ) -> Classification {
        if let cocoa = ExactTypeCast.cast(error, to: CocoaError.self) {
            guard let position = Table.cocoa.position(of: cocoa.code.rawValue) else { return next(original) }
            return Table.cocoa.classification(at: position, retryOffer: retryOffer)
        } else if let posix = ExactTypeCast.cast(error, to: POSIXError.self) {
            guard let position = Table.posix.position(of: Int(posix.code.rawValue)) else { return next(original) }
            return Table.posix.classification(at: position, retryOffer: retryOffer)
        } else if let url = ExactTypeCast.cast(error, to: URLError.self) {
            guard let position = Table.url.position(of: url.errorCode) else {
                return Table.networkFailed.classification(retryOffer: retryOffer)
            }
            return Table.url.classification(at: position, retryOffer: retryOffer)
        } else if let decoding = ExactTypeCast.cast(error, to: DecodingError.self) {
            return Self.classify(decoding)
        } else if E.self == EncodingError.self {
            return Table.encodingFailed.classification(retryOffer: retryOffer)
        } else if E.self == CancellationError.self {
            return Table.cancelled.classification(retryOffer: retryOffer)
        } else if let remote = ExactTypeCast.cast(error, to: RemoteProblem.self) {
            // Not Foundation's, but the library's own value error: a problem a server answered with.
            return Classification.ofRemote(remote)
        } else if E.self == (any Error).self {
            // Boxed again by a continuation (``BoxedError``): the error as its own type. Tested last, so
            // an error thrown directly pays nothing for it.
            return classification(ofBoxed: original, next: next)
        }
        return next(original)
    }

    /// The classification of an error that opened as `any Error`: the error out of its box, opened as its
    /// own type. Not inlined: the rare path stays out of the common one.
    @inline(never)
    private func classification(ofBoxed boxed: any Error, next: (any Error) -> Classification)
        -> Classification
    {
        let error = BoxedError.unboxed(boxed)
        func open<E: Error>(_ value: E) -> Classification {
            // Still `any Error` only if unboxing could not see inside: the rest of the chain answers.
            E.self == (any Error).self ? next(error) : classification(of: value, original: error, next: next)
        }
        return open(error)
    }

    static func classify(_ error: consuming DecodingError) -> Classification {
        // The reason (`<code>.reason`, which names the path) is found by the code's row, like its
        // title, with no key to hash. The error is consumed, so its coding path is moved out rather
        // than copied; a missing key is appended where it is bound, never held as an optional.
        switch consume error {
        case .typeMismatch(_, let errorContext):
            return classification(Table.typeMismatch, CodingPath(errorContext.codingPath))
        case .valueNotFound(_, let errorContext):
            return classification(Table.valueMissing, CodingPath(errorContext.codingPath))
        case .keyNotFound(let key, let errorContext):
            var path = CodingPath(errorContext.codingPath)
            path.append(last: key, after: errorContext.codingPath.count)
            return classification(Table.keyMissing, path)
        case .dataCorrupted(let errorContext):
            return classification(Table.dataCorrupt, CodingPath(errorContext.codingPath))
        @unknown default:
            return classification(Table.dataCorrupt, CodingPath([]))
        }
    }

    /// The classification of a decoding error at `path`. The coding path names fields of the
    /// caller's own input, which helps them fix it; the context's debug description may quote values
    /// and is never used. The field is a JSON pointer too, so that a client can mark it
    /// (`#/items/0/price` in a problem+json body) whichever framework decoded the request; its
    /// message is `<code>.message`, in the alert's language.
    private static func classification(_ entry: FoundationErrorTable.Entry, _ path: CodingPath) -> Classification {
        guard !path.isEmpty else { return entry.classification(reason: .empty) }
        return entry.classification(
            reason: LocalizableText(arguments: [.string(path.path)]),
            fieldProblems: [FieldProblem(path.pointer, code: entry.code)])
    }

    /// The most keys of a coding path that are shown, and the most bytes of a key's name in the
    /// path and in the pointer: hostile input stays short.
    private static let maximumKeys = 32
    private static let maximumPathNameBytes = 64
    private static let maximumPointerNameBytes = 128

    /// A coding path as a JSON pointer (RFC 6901): `/items/2/price`, a key's `~` written `~0` and
    /// its `/` written `~1`; capped as ``paths(_:then:)`` caps the path, names at 128 bytes.
    static func pointer(_ codingPath: [any CodingKey], then last: (any CodingKey)? = nil) -> String {
        paths(codingPath, then: last).pointer
    }

    /// A coding path as a reader writes it (`items[2].price`, `.` for an empty path) and as a JSON
    /// pointer (``pointer(_:then:)``). Keys are capped at 32, names at 64 bytes in the path, cut on a
    /// character's first byte.
    static func paths(_ codingPath: [any CodingKey], then last: (any CodingKey)?) -> (path: String, pointer: String) {
        var path = CodingPath(codingPath)
        if let last { path.append(last: last, after: codingPath.count) }
        return (path.isEmpty ? "." : path.path, path.pointer)
    }

    /// A coding path written as a reader writes it and as a JSON pointer, in one pass over the keys,
    /// each key's name read once: this runs for every bad request body. Strings appended to, not byte
    /// arrays: a name is copied whole, with nothing to validate again.
    private struct CodingPath {
        var path = ""
        var pointer = ""
        var isEmpty: Bool { pointer.isEmpty }

        init(_ keys: [any CodingKey]) {
            for index in 0..<min(keys.count, maximumKeys) { append(keys[index]) }
        }

        /// Appends the key that follows a path of `count` keys, unless the path was cut.
        mutating func append(last key: any CodingKey, after count: Int) {
            if count < maximumKeys { append(key) }
        }

        private mutating func append(_ key: any CodingKey) {
            let name = key.stringValue
            if let index = FoundationErrorClassifier.index(of: key, named: name) {
                if index >= 0 && index < smallIndices.count {
                    path += smallIndices[index].path
                    pointer += smallIndices[index].pointer
                } else {
                    path += "[\(index)]"
                    pointer += "/\(index)"
                }
                return
            }
            if !path.isEmpty { path += "." }
            path += FoundationErrorClassifier.prefix(name, bytes: maximumPathNameBytes)
            pointer += "/"
            let kept = FoundationErrorClassifier.prefix(name, bytes: maximumPointerNameBytes)
            if kept.containsUTF8Byte(UInt8(ascii: "~")) || kept.containsUTF8Byte(UInt8(ascii: "/")) {
                // `~` first, so that the `~` of an escaped `/` is not escaped again.
                pointer += kept.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            } else {
                pointer += kept
            }
        }
    }

    /// The indices most arrays in a request body have, as path and pointer segments (`[2]`, `/2`)
    /// written once: converting an integer to a string costs more than the rest of a segment.
    private static let smallIndices = (0..<100).map { (path: "[\($0)]", pointer: "/\($0)", name: "\($0)") }

    /// `name`, or its first `bytes` bytes cut on a character's first byte when it is longer. A
    /// `String`, not a `Substring`: appending a string to a string costs half the generic append.
    private static func prefix(_ name: String, bytes maximum: Int) -> String {
        let utf8 = name.utf8
        guard utf8.count > maximum else { return name }
        return String(Substring(utf8.prefix(cut(utf8, at: maximum))))
    }

    /// How many of `utf8`'s bytes are kept under a cap of `maximum`: all of them, or the cap moved
    /// back to the first byte of a character, so a name is never cut inside one.
    private static func cut(_ utf8: String.UTF8View, at maximum: Int) -> Int {
        guard utf8.count > maximum else { return utf8.count }
        var end = utf8.index(utf8.startIndex, offsetBy: maximum)
        while end > utf8.startIndex, UTF8.isContinuation(utf8[end]) { end = utf8.index(before: end) }
        return utf8.distance(from: utf8.startIndex, to: end)
    }

    /// The array index a coding key stands for; `nil` for a member's name. Decoders name an index
    /// `"Index 2"` (`JSONDecoder`) or `"2"`; a key of an `Int`-backed `CodingKeys` enum has an
    /// `intValue` too, but a JSON object is looked up by the key's name.
    private static func index(of key: any CodingKey, named name: String) -> Int? {
        guard let index = key.intValue else { return nil }
        // A small index's digits are compared with the table's, not written out again.
        if index >= 0, index < smallIndices.count, name == smallIndices[index].name { return index }
        return name.isEmpty || name.hasPrefix("Index ") || name == String(index) ? index : nil
    }
}
