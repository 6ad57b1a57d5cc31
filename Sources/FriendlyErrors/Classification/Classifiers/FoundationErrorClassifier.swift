import Foundation

/// Friendly texts for the Foundation errors an app did not write: file errors (`CocoaError`,
/// `POSIXError`), networking (`URLError`), coding (`DecodingError`, `EncodingError`) and
/// cancellation. Their own descriptions ("The operation could not be completed…") are never used.
///
/// Codes not in the tables are unexpected: the fallback answers for them.
struct FoundationErrorClassifier: ErrorClassifier {
    private typealias Table = FoundationErrorTable

    func classify(_ error: any Error, context: ClassificationContext, next: (any Error) -> Classification)
        -> Classification
    {
        if type(of: error) is NSError.Type { return Self.classification(of: error as NSError) ?? next(error) }
        return Self.classification(of: error) ?? next(error)
    }

    /// The classification of a real NSError, read by its domain and code.
    private static func classification(of nsError: NSError) -> Classification? {
        let entry: FoundationErrorTable.Entry?
        switch nsError.domain {
        case NSCocoaErrorDomain: entry = FoundationErrorTable.cocoa[nsError.code]
        case NSPOSIXErrorDomain: entry = Int32(exactly: nsError.code).flatMap { FoundationErrorTable.posix[$0] }
        case NSURLErrorDomain: entry = FoundationErrorTable.url[nsError.code] ?? FoundationErrorTable.networkFailed
        default: return nil
        }
        return entry?.classification
    }

    /// The classification of a Foundation value error the tables know; `nil` for any other error.
    ///
    /// `as? CocoaError` also matches any NSError on Linux, whatever its domain: compare the dynamic
    /// type first (real NSError instances are read by their domain, above). Comparing metatypes
    /// also keeps the common case — an error of none of these types — free of dynamic casts. The
    /// error is opened first, so each cast is between two concrete types, the runtime's fastest path.
    private static func classification<E: Error>(of error: E) -> Classification? {
        let entry: FoundationErrorTable.Entry?
        if E.self == CocoaError.self, let cocoa = error as? CocoaError {
            entry = FoundationErrorTable.cocoa[cocoa.code.rawValue]
        } else if E.self == POSIXError.self, let posix = error as? POSIXError {
            entry = FoundationErrorTable.posix[posix.code.rawValue]
        } else if E.self == URLError.self, let url = error as? URLError {
            entry = FoundationErrorTable.url[url.code.rawValue] ?? FoundationErrorTable.networkFailed
        } else if E.self == DecodingError.self, let decoding = error as? DecodingError {
            return classify(decoding)
        } else if E.self == EncodingError.self {
            return FoundationErrorTable.encodingFailed.classification
        } else if E.self == CancellationError.self {
            return FoundationErrorTable.cancelled.classification
        } else {
            return nil
        }
        return entry?.classification
    }

    static func classify(_ error: DecodingError) -> Classification {
        // Keys written out rather than built from the code: this runs for every bad request body.
        let entry: FoundationErrorTable.Entry
        let reasonKey: String
        let context: DecodingError.Context?
        var lastKey: (any CodingKey)?
        switch error {
        case .typeMismatch(_, let errorContext):
            (entry, reasonKey, context) = (Table.typeMismatch, "data.typeMismatch.reasonAtPath", errorContext)
        case .valueNotFound(_, let errorContext):
            (entry, reasonKey, context) = (Table.valueMissing, "data.valueMissing.reasonAtPath", errorContext)
        case .keyNotFound(let key, let errorContext):
            (entry, reasonKey, context) = (Table.keyMissing, "data.keyMissing.reasonAtPath", errorContext)
            lastKey = key
        case .dataCorrupted(let errorContext):
            (entry, reasonKey, context) = (Table.dataCorrupt, "data.corrupt.reasonAtPath", errorContext)
        @unknown default:
            (entry, reasonKey, context) = (Table.dataCorrupt, "data.corrupt.reasonAtPath", nil)
        }
        var classification = entry.classification
        // The coding path names fields of the caller's own input, which helps them fix it; the
        // context's debug description may quote values and is never used.
        let codingPath = context?.codingPath ?? []
        if codingPath.isEmpty && lastKey == nil {
            classification.reason = .empty
        } else {
            classification.reason = LocalizableText(
                key: reasonKey, arguments: [.string(Self.path(codingPath, then: lastKey))])
            // The field as a JSON pointer, so that a client can mark it (`#/items/0/price` in a
            // problem+json body) whichever framework decoded the request; its message is
            // `<code>.message`, in the alert's language.
            classification.fieldProblems = [FieldProblem(Self.pointer(codingPath, then: lastKey), code: entry.code)]
        }
        return classification
    }

    /// A coding path as a reader writes it: `items[2].price`, capped so hostile input stays short.
    static func path(_ codingPath: [any CodingKey], then last: (any CodingKey)? = nil) -> String {
        var result = ""
        result.reserveCapacity(32)
        func append(_ key: any CodingKey) {
            if let index = index(of: key) {
                result += "["
                result += String(index)
                result += "]"
            } else {
                if !result.isEmpty { result += "." }
                result += key.stringValue.prefix(64)
            }
        }
        for key in codingPath.prefix(32) { append(key) }
        if let last, codingPath.count < 32 { append(last) }
        return result.isEmpty ? "." : result
    }

    /// A coding path as a JSON pointer (RFC 6901): `/items/2/price`, a key's `~` written `~0` and
    /// its `/` written `~1`; capped as ``path(_:then:)`` is, keys at 128 characters.
    static func pointer(_ codingPath: [any CodingKey], then last: (any CodingKey)? = nil) -> String {
        var result = ""
        result.reserveCapacity(32)
        func append(_ key: any CodingKey) {
            result += "/"
            if let index = index(of: key) {
                result += String(index)
                return
            }
            let name = key.stringValue.prefix(128)
            // `~` first, so that the `~` of an escaped `/` is not escaped again.
            if name.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                result += name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            } else {
                result += name
            }
        }
        for key in codingPath.prefix(32) { append(key) }
        if let last, codingPath.count < 32 { append(last) }
        return result
    }

    /// The array index a coding key stands for; `nil` for a member's name. Decoders name an index
    /// `"Index 2"` (`JSONDecoder`) or `"2"`; a key of an `Int`-backed `CodingKeys` enum has an
    /// `intValue` too, but a JSON object is looked up by the key's name.
    private static func index(of key: any CodingKey) -> Int? {
        guard let index = key.intValue else { return nil }
        let name = key.stringValue
        return name.isEmpty || name.hasPrefix("Index ") || name == String(index) ? index : nil
    }
}
