/// Splits text into terminal lines no wider than a given number of columns.
///
/// Rules, in order:
/// - Existing newlines (`\n`, `\r\n`) always end a line.
/// - A line may break at a run of spaces (the run is dropped at the break), after U+200B, or beside a
///   wide character (CJK text has no spaces between words). Spaces at the start of a paragraph are
///   indentation and stay.
/// - Punctuation stays with its word in every language (UAX #14): no line starts with closing
///   punctuation (`.,;:!?)]}` and their fullwidth forms) and none ends with opening punctuation or
///   `„`. A quotation mark stays with the word it touches, so `„IMG_0042.HEIC“ wurde` may break before
///   `wurde`, and a no-break space (French `«\u{A0}texte\u{A0}»`, `mot\u{A0}:`) never breaks; see
///   `BreakRules` for quotes between spaces.
/// - Japanese line-breaking rules (kinsoku): no line starts with closing punctuation, `ー`, iteration
///   marks or a small kana, and none ends with opening punctuation. The character is carried to the
///   next line with its neighbour rather than squeezed past the width.
/// - What cannot be broken (a URL, a path, a long run of kinsoku characters) overflows on a line of its
///   own instead of being cut: a reader can still copy it. Grapheme clusters are never split.
/// - Nothing is lost or reordered: joining each line's `text` and `removedAfter` gives the input back.
///
/// The caller sanitizes the text first (`TerminalSanitizer`); tabs and other controls measure 0.
enum LineWrapper {
    /// One output line and the text dropped between it and the next line.
    struct Line: Sendable, Equatable {
        var text: String
        /// `""` after a break beside a wide character and after the last line; the spaces at a soft
        /// break; the newline at a hard break (after any trailing spaces that did not fit).
        var removedAfter: String
    }

    /// Lines of at most `width` columns once the caller has put `firstLinePrefixWidth` columns
    /// (e.g. `"  reason: "`) before the first line and `indent` columns before every other one.
    ///
    /// A nil or non-positive `width` means no wrapping: the text is only split at its newlines.
    /// When the prefix or indent leaves less than one column, lines are wrapped at one column:
    /// every word overflows on its own line, and nothing is lost.
    static func wrap(_ text: String, width: Int?, indent: Int = 0, firstLinePrefixWidth: Int = 0) -> [String] {
        lines(of: text, width: width, indent: indent, firstLinePrefixWidth: firstLinePrefixWidth).map(\.text)
    }

    /// Like `wrap`, also telling what each break removed.
    static func lines(of text: String, width: Int?, indent: Int = 0, firstLinePrefixWidth: Int = 0) -> [Line] {
        var layout = Layout(
            width: width.flatMap { $0 > 0 ? $0 : nil },
            indent: max(0, indent),
            firstLinePrefixWidth: max(0, firstLinePrefixWidth)
        )
        // Newlines are found in the UTF-8 bytes rather than by grapheme: LF never joins a cluster
        // except after CR (CR LF), and both are grapheme boundaries, so each index found is one.
        guard text.consoleContainsByte(0x0A) else {
            layout.append(paragraph: text[...], newline: "")
            return layout.lines
        }
        let utf8 = text.utf8
        var paragraphStart = utf8.startIndex
        var index = utf8.startIndex
        while let newline = utf8[index...].firstIndex(of: 0x0A) {
            var end = newline
            if end > paragraphStart, utf8[utf8.index(before: end)] == 0x0D { end = utf8.index(before: end) }
            let next = utf8.index(after: newline)
            layout.append(paragraph: text[paragraphStart..<end], newline: String(text[end..<next]))
            paragraphStart = next
            index = next
        }
        layout.append(paragraph: text[paragraphStart...], newline: "")
        return layout.lines
    }
}

extension LineWrapper {
    /// Accumulates the lines of all paragraphs, since only the very first one has the prefix width.
    private struct Layout {
        let width: Int?
        let indent: Int
        let firstLinePrefixWidth: Int
        var lines: [Line] = []

        /// Grapheme index ranges: `separator` is the space run before `chunk`, which cannot be broken.
        private struct Segment {
            var separator: Range<Int>
            var chunk: Range<Int>
        }

        init(width: Int?, indent: Int, firstLinePrefixWidth: Int) {
            self.width = width
            self.indent = indent
            self.firstLinePrefixWidth = firstLinePrefixWidth
        }

        private var budget: Int {
            guard let width else { return .max }
            let (available, overflow) = width.subtractingReportingOverflow(
                lines.isEmpty ? firstLinePrefixWidth : indent)
            return overflow ? 1 : max(1, available)
        }

        mutating func append(paragraph: Substring, newline: String) {
            guard width != nil, !paragraph.isEmpty else {
                lines.append(Line(text: String(paragraph), removedAfter: newline))
                return
            }
            // Most paragraphs fit: measuring one is far cheaper than cutting it into graphemes with
            // their widths. (Trailing spaces take the long way, which decides where they go; so does
            // a last cluster that merely ends in a space byte, such as a prepended mark and a space.)
            if paragraph.utf8.last != 0x20, DisplayWidth.columns(of: paragraph) <= budget {
                lines.append(Line(text: String(paragraph), removedAfter: newline))
                return
            }
            let clusters = Clusters(of: paragraph)
            func columns(_ range: Range<Int>) -> Int { clusters.columns(range) }
            func text(_ range: Range<Int>) -> String { clusters.text(range, of: paragraph) }

            let segments = Self.segments(of: clusters)
            var line = segments[0].chunk
            var lineWidth = columns(line)
            for segment in segments.dropFirst() {
                let separatorWidth = columns(segment.separator)
                let chunkWidth = columns(segment.chunk)
                if lineWidth + separatorWidth + chunkWidth <= budget {
                    line = line.lowerBound..<segment.chunk.upperBound
                    lineWidth += separatorWidth + chunkWidth
                } else if segment.chunk.isEmpty {
                    // Trailing spaces that do not fit would only make an empty line: drop them.
                    lines.append(Line(text: text(line), removedAfter: text(segment.separator) + newline))
                    return
                } else {
                    lines.append(Line(text: text(line), removedAfter: text(segment.separator)))
                    line = segment.chunk
                    lineWidth = chunkWidth
                }
            }
            lines.append(Line(text: text(line), removedAfter: newline))
        }

        /// Cuts a non-empty paragraph at every place where a line may break.
        private static func segments(of clusters: Clusters) -> [Segment] {
            let count = clusters.count
            let scalars = clusters.singleScalars
            func isSpace(_ index: Int) -> Bool { scalars[index] == 0x20 }
            func isWide(_ index: Int) -> Bool { clusters.columns(index..<index + 1) >= 2 }
            var segments: [Segment] = []
            var separatorStart = 0
            var chunkStart = 0
            var index = 0
            while index < count && isSpace(index) { index += 1 }
            while index < count {
                if isSpace(index) {
                    let runStart = index
                    while index < count && isSpace(index) { index += 1 }
                    // A run at the end becomes a last segment with an empty chunk.
                    if index == count || BreakRules.mayBreakAtSpaces(after: runStart - 1, before: index, in: scalars) {
                        segments.append(Segment(separator: separatorStart..<chunkStart, chunk: chunkStart..<runStart))
                        separatorStart = runStart
                        chunkStart = index
                    }
                    continue
                }
                if index > chunkStart && !isSpace(index - 1)
                    && BreakRules.mayBreak(
                        between: index - 1, and: index, in: scalars,
                        previousIsWide: isWide(index - 1), nextIsWide: isWide(index))
                {
                    segments.append(Segment(separator: separatorStart..<chunkStart, chunk: chunkStart..<index))
                    separatorStart = index
                    chunkStart = index
                }
                index += 1
            }
            segments.append(Segment(separator: separatorStart..<chunkStart, chunk: chunkStart..<count))
            return segments
        }
    }

    /// The grapheme clusters of a paragraph, as much as wrapping needs of them: where each starts,
    /// its width, and its scalar when it has only one (all the break rules look at; a space is the
    /// cluster whose one scalar is U+0020). Walking the paragraph once for these is much cheaper
    /// than an array of `Character`s, whose comparisons and concatenations go through `String`.
    private struct Clusters {
        /// Where each cluster starts, then the paragraph's end.
        private(set) var bounds: [String.Index] = []
        /// `offsets[i]` is the width of the clusters before `i`, so any range's width is one subtraction.
        private(set) var offsets: [Int] = [0]
        /// The value of each cluster's scalar, or nil for a cluster of several scalars.
        private(set) var singleScalars: [UInt32?] = []

        var count: Int { singleScalars.count }

        init(of paragraph: Substring) {
            let scalars = paragraph.unicodeScalars
            var index = paragraph.startIndex
            while index < paragraph.endIndex {
                let next = paragraph.index(after: index)
                let first = scalars[index]
                let isSingle = scalars.index(after: index) == next
                bounds.append(index)
                singleScalars.append(isSingle ? first.value : nil)
                // The same widths as `DisplayWidth.columns(of:)` for a Character, which measures a
                // single scalar with `columns(ofScalar:)`.
                let width =
                    isSingle ? DisplayWidth.columns(ofScalar: first) : DisplayWidth.columns(of: paragraph[index])
                offsets.append(offsets[offsets.count - 1] + width)
                index = next
            }
            bounds.append(paragraph.endIndex)
        }

        func columns(_ range: Range<Int>) -> Int { offsets[range.upperBound] - offsets[range.lowerBound] }

        func text(_ range: Range<Int>, of paragraph: Substring) -> String {
            String(paragraph[bounds[range.lowerBound]..<bounds[range.upperBound]])
        }
    }
}
