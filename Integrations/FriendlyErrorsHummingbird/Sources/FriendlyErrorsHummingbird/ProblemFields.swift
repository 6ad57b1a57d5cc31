import FriendlyErrors
import HTTPTypes

/// The HTTP fields of problem responses, with the fields every problem+json response starts with —
/// `Content-Type`, `Content-Language`, `Vary` — made once per language of the pipeline's catalog.
///
/// Making an `HTTPField` checks its value and inserting it indexes it: for the three fixed fields,
/// about a tenth of an error response's work. A response in one of the catalog's languages starts
/// from a copy of the prepared fields instead (which shares their storage until something is
/// added); anything else is made field by field, so every response gets exactly its own headers.
struct ProblemFields: Sendable {
    /// The three leading fields, by the `Content-Language` they carry.
    private let leading: [String: HTTPFields]

    /// Prepared fields for each of `catalog`'s languages: those ``ErrorResponse`` starts with.
    init(catalog: TranslationCatalog) {
        var leading: [String: HTTPFields] = [:]
        for language in catalog.languages {
            leading[language] = [
                .contentType: ErrorResponse.contentType, .contentLanguage: language, .vary: "Accept-Language",
            ]
        }
        self.leading = leading
    }

    /// The fields of `problem`, its headers in order.
    func fields(of problem: ErrorResponse) -> HTTPFields {
        let headers = problem.headers
        var fields: HTTPFields
        var rest = headers[...]
        // Used only when the response starts exactly as the prepared fields do.
        if headers.count >= Self.leadingCount, headers[1].name == "Content-Language",
            let prepared = leading[headers[1].value], Self.startsWithLeadingFields(headers, language: headers[1].value)
        {
            fields = prepared
            rest = headers.dropFirst(Self.leadingCount)
        } else {
            fields = HTTPFields()
        }
        // Reserving would copy prepared fields even when nothing is added.
        if !rest.isEmpty { fields.reserveCapacity(fields.count + rest.count) }
        for header in rest { Self.append(header, to: &fields) }
        return fields
    }

    private static let leadingCount = 3

    /// Whether `headers` start with `Content-Type: application/problem+json`, `Content-Language:
    /// language` and `Vary: Accept-Language`, as ``ErrorResponse`` writes them.
    private static func startsWithLeadingFields(_ headers: [ErrorResponse.Header], language: String) -> Bool {
        headers.count >= leadingCount
            && headers[0].name == "Content-Type" && headers[0].value == ErrorResponse.contentType
            && headers[1].name == "Content-Language" && headers[1].value == language
            && headers[2].name == "Vary" && headers[2].value == "Accept-Language"
    }

    private static func append(_ header: ErrorResponse.Header, to fields: inout HTTPFields) {
        // Names are RFC 9110 tokens already; an empty one (all its characters dropped) is skipped.
        if let name = name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
    }

    /// The field name; the names every problem response has are matched rather than checked and
    /// made again.
    private static func name(_ name: String) -> HTTPField.Name? {
        switch name {
        case "Content-Type": .contentType
        case "Content-Language": .contentLanguage
        case "Vary": .vary
        default: HTTPField.Name(name)
        }
    }
}
