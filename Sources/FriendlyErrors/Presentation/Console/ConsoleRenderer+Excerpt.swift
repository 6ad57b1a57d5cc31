/// The console's view of a ``FileLocation``, after rustc's and miette's: the place, the line of the
/// file, and the span underlined.
///
/// ```
///    --> config.toml:3:11
///     |
///   3 | retries = three
///     |           ^^^^^
/// ```
///
/// The line is sanitized grapheme by grapheme (an escape sequence in a file is shown, never
/// obeyed), tabs become four spaces, and columns are measured by East Asian Width, so the carets sit
/// under the span in any script. A line wider than the terminal is cut around the span, the cut
/// ends shown as `...`; a span running past the visible part is underlined up to its edge.
extension ConsoleRenderer {
    /// One grapheme of the line as the terminal shows it.
    struct ExcerptCell {
        var text: String
        var columns: Int
    }

    /// The part of a line an excerpt shows, with the span in it.
    struct ExcerptWindow: Equatable {
        /// The graphemes shown, as `cells[range]`.
        var range: Range<Int>
        var cutLeft: Bool
        var cutRight: Bool
    }

    /// How many scalars around the span are looked at, at most: a line of a megabyte costs no more
    /// than one of a few hundred characters.
    static let excerptScalarContext = 256
    /// What a cut end of the line shows.
    static let cutMarker = "..."

    /// Appends the excerpt of `location`: its place, and the line with the span underlined when the
    /// line can be read. In the plain layout, one `location: path:line:column` field.
    func appendLocation(
        _ location: FileLocation, severity: Severity, showsPlace: Bool = true, to output: inout OutputBytes
    ) {
        let place = Self.clean(location.description)
        if isPlain {
            appendField(to: &output, label: text("console.location"), text: place)
            return
        }
        // The fields are public and settable: whatever an app set is shown as FileLocation's init
        // would have taken it.
        let location = FileLocation(
            file: location.file, line: location.line, column: location.column, length: location.length,
            lineText: location.lineText)
        let number = String(location.line)
        let pad = String(repeating: " ", count: number.utf8.count)
        if showsPlace {
            output += lead + pad
            output.append("-->", style: .gutter)
            output += " " + place + "\n"
        }
        guard let line = SourceLineReader.lineText(of: location) else { return }
        let (cells, span, cut) = Self.excerptCells(
            of: line, column: location.column, length: location.length ?? 0)
        // What the gutter takes: the lead, the number, " | ".
        let gutterWidth = leadWidth + number.utf8.count + 3
        let window = Self.window(
            cells: cells, span: span, cutLeft: cut.left, cutRight: cut.right,
            width: columns.map { $0 - gutterWidth })

        output += lead + pad + " "
        output.append("|", style: .gutter)
        output += "\n"

        var source = ""
        var underline = ""
        if window.cutLeft {
            source += Self.cutMarker
            underline += String(repeating: " ", count: Self.cutMarker.count)
        }
        for index in window.range {
            let cell = cells[index]
            source += cell.text
            let mark = span.contains(index) ? "^" : " "
            underline += String(repeating: mark, count: cell.columns)
        }
        if window.cutRight { source += Self.cutMarker }
        // A span that goes on past the visible part is underlined under the cut marker too.
        if span.upperBound > window.range.upperBound, window.cutRight {
            underline += String(repeating: "^", count: Self.cutMarker.count)
        }
        while underline.last == " " { underline.removeLast() }
        if underline.isEmpty { underline = "^" }

        output += lead
        output.append(number, style: .gutter)
        output += " "
        output.append("|", style: .gutter)
        output += source.isEmpty ? "\n" : " " + source + "\n"

        output += lead + pad + " "
        output.append("|", style: .gutter)
        output += " "
        let indent = underline.prefix { $0 == " " }
        output += String(indent)
        output.append(String(underline.dropFirst(indent.count)), style: .severity(severity))
        output += "\n"
    }

    /// The graphemes of `line` around the span as the terminal shows them, the span as a range of
    /// them, and whether scalars were left out before and after. A span at the end of the line
    /// points just past it, at a space added for the caret.
    static func excerptCells(of line: String, column: Int, length: Int)
        -> (cells: [ExcerptCell], span: Range<Int>, cut: (left: Bool, right: Bool))
    {
        let scalars = Array(line.unicodeScalars)
        // Any Int an app gives is taken: a column below 1 is the first, a length below 0 none, and
        // one past the end of the line reaches its end (clamped before adding, so nothing overflows).
        let start = max(1, min(column, scalars.count + 1)) - 1
        let spanEnd = start + max(0, min(length, scalars.count - start))
        let lower = max(0, start - excerptScalarContext)
        // A span longer than the context is shown that far, underlined on under the cut marker.
        let spanGoesOn = spanEnd - start > excerptScalarContext
        let upper = spanGoesOn ? start + excerptScalarContext : min(scalars.count, spanEnd + excerptScalarContext)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[lower..<upper])

        var cells: [ExcerptCell] = []
        var firstSpanCell: Int?
        var endSpanCell: Int?
        var offset = lower
        for character in String(view) {
            let count = character.unicodeScalars.count
            // The grapheme holding the span's first scalar starts the span; one starting at or after
            // its end ends it.
            if firstSpanCell == nil, offset + count > start { firstSpanCell = cells.count }
            if endSpanCell == nil, offset >= max(spanEnd, start + 1) { endSpanCell = cells.count }
            if character == "\t" {
                cells.append(ExcerptCell(text: "    ", columns: 4))
            } else {
                let shown = clean(String(character))
                cells.append(ExcerptCell(text: shown, columns: DisplayWidth.columns(of: shown)))
            }
            offset += count
        }
        let first = firstSpanCell ?? cells.count
        if first == cells.count {
            // The span starts at the end of the line: a space to put the caret under.
            cells.append(ExcerptCell(text: "", columns: 1))
        }
        let end = spanGoesOn ? cells.count + 1 : max(first + 1, min(endSpanCell ?? cells.count, cells.count))
        return (cells, first..<end, (lower > 0, upper < scalars.count))
    }

    /// The cells to show in `width` columns (`nil` for all): the whole line when it fits, else a
    /// part around the span's start with some of what comes before it, the cut ends marked.
    static func window(cells: [ExcerptCell], span: Range<Int>, cutLeft: Bool, cutRight: Bool, width: Int?)
        -> ExcerptWindow
    {
        let all = ExcerptWindow(range: 0..<cells.count, cutLeft: cutLeft, cutRight: cutRight)
        let marker = cutMarker.count
        let total = cells.reduce(0) { $0 + $1.columns } + (cutLeft ? marker : 0) + (cutRight ? marker : 0)
        guard let width, total > width else { return all }
        // Too narrow for any context: the span's first grapheme alone (it may overflow; nothing is
        // lost that the place line does not say).
        let budget = max(width, 2 * marker + 2)

        // Some context before the span: a quarter of the width.
        var lower = span.lowerBound
        var used = 0
        while lower > 0, used + cells[lower - 1].columns <= budget / 4 {
            lower -= 1
            used += cells[lower].columns
        }
        let left = lower > 0 || cutLeft
        var upper = span.lowerBound
        used += left ? marker : 0
        while upper < cells.count {
            let needsRight = upper + 1 < cells.count || cutRight
            guard used + cells[upper].columns + (needsRight ? marker : 0) <= budget || upper == span.lowerBound
            else { break }
            used += cells[upper].columns
            upper += 1
        }
        let right = upper < cells.count || cutRight
        // At the end of the line, room left goes to more of what comes before.
        if !right {
            while lower > 0 {
                let needsLeft = lower - 1 > 0 || cutLeft
                let extra = cells[lower - 1].columns - (left && !needsLeft ? marker : 0)
                guard used + extra <= budget else { break }
                used += extra
                lower -= 1
            }
        }
        return ExcerptWindow(range: lower..<upper, cutLeft: lower > 0 || cutLeft, cutRight: right)
    }
}
