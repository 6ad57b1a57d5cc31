import Foundation

/// Looks into texts as shown: placeholders left in them, phrases that must not show.
enum TextInspection {
    /// The printf-style placeholders in `text` (`%@`, `%lld`, `%1$@`, `%.2f`); `%%` does not count,
    /// nor a `%` followed by a space ("50% done").
    static func placeholders(in text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var found: [String] = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else {
                index += 1
                continue
            }
            var end = index + 1
            // Position (`1$`), flags, width, precision, length modifiers.
            var digits = end
            while digits < scalars.count, ("0"..."9").contains(scalars[digits]) { digits += 1 }
            if digits > end, digits < scalars.count, scalars[digits] == "$" { end = digits + 1 }
            while end < scalars.count, "-+#0".unicodeScalars.contains(scalars[end]) { end += 1 }
            while end < scalars.count, ("0"..."9").contains(scalars[end]) || scalars[end] == "." { end += 1 }
            while end < scalars.count, "hlqLzjt".unicodeScalars.contains(scalars[end]) { end += 1 }
            if end < scalars.count, "@dDiuUxXoOfFeEgGaAcCsSp".unicodeScalars.contains(scalars[end]) {
                found.append(String(String.UnicodeScalarView(scalars[index...end])))
                index = end + 1
            } else {
                // `%%` and a lone `%` are text.
                index = end < scalars.count && scalars[end] == "%" && end == index + 1 ? end + 1 : index + 1
            }
        }
        return found
    }

    /// The first forbidden phrase in `text` (compared without regard to case), or an
    /// `error <number>.` as Foundation writes it.
    static func forbiddenPhrase(in text: String, phrases: [String]) -> String? {
        let lowered = text.lowercased()
        if let phrase = phrases.first(where: { lowered.contains($0.lowercased()) }) { return phrase }
        var rest = lowered[...]
        while let range = rest.range(of: "error ") {
            let digits = rest[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            let after = rest[range.upperBound...].dropFirst(digits.count)
            if !digits.isEmpty, after.first == "." { return "error \(digits)." }
            rest = rest[range.upperBound...]
        }
        return nil
    }
}
