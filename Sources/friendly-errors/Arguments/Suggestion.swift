/// "Did you mean …?" for a mistyped command, option, value or code.
enum Suggestion {
    /// ` Did you mean 'lint'?` when one candidate is close to `input`, else an empty string.
    static func didYouMean(_ input: String, among candidates: [String], quote: String = "'") -> String {
        guard let best = closest(to: input, among: candidates) else { return "" }
        return " Did you mean \(quote)\(best)\(quote)?"
    }

    /// The candidate nearest to `input` in edit distance (ignoring case), if it is near enough to
    /// be a typo: at most a third of the input's length, and at least 2 edits are forgiven.
    static func closest(to input: String, among candidates: [String]) -> String? {
        let limit = max(2, input.count / 3)
        let lowered = input.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// The Levenshtein distance, over characters, in O(n·m) time and O(m) space.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
