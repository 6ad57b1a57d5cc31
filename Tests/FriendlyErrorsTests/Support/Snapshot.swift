import Foundation
import Testing

/// Compares rendered text with the file `Snapshots/<name>.txt` beside the tests, after
/// swift-argument-parser's `assertSnapshot`: exact text, a line-by-line diff on failure, and a new
/// baseline written only when `FRIENDLY_ERRORS_RECORD_SNAPSHOTS=1` asks (the test then fails once,
/// so a recording run never passes by accident).
///
/// Real ESC bytes are stored as `␛` so the files read well in an editor and a diff; the sanitizer
/// guarantees that no text of an alert puts a real ESC there, so the mapping is unambiguous.
func expectSnapshot(
    _ actual: String, named name: String,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = folder.appendingPathComponent("\(name).txt")
    let visible = actual.replacingOccurrences(of: "\u{1B}", with: "␛")

    if ProcessInfo.processInfo.environment["FRIENDLY_ERRORS_RECORD_SNAPSHOTS"] == "1" {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(visible.utf8).write(to: file)
            Issue.record(
                "Recorded a new snapshot at \(file.path); run again without recording.", sourceLocation: sourceLocation)
        } catch {
            Issue.record("Could not record \(file.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let data = FileManager.default.contents(atPath: file.path) else {
        Issue.record(
            "No snapshot at \(file.path). Record it with FRIENDLY_ERRORS_RECORD_SNAPSHOTS=1 swift test, check it, commit it.",
            sourceLocation: sourceLocation)
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard visible != expected else { return }
    let diff = lineDiff(expected: expected, actual: visible)
    Issue.record(
        "Output differs from \(file.lastPathComponent) (- snapshot, + actual):\n\(diff)", sourceLocation: sourceLocation
    )
}

/// A line-by-line diff: unchanged lines with two spaces, removed ones with `-`, added ones with `+`,
/// each line's end shown with `⏎` so trailing spaces are visible.
func lineDiff(expected: String, actual: String) -> String {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let difference = actualLines.difference(from: expectedLines)
    var removals: [Int: String] = [:]
    var insertions: [Int: String] = [:]
    for change in difference {
        switch change {
        case .remove(let offset, let element, _): removals[offset] = element
        case .insert(let offset, let element, _): insertions[offset] = element
        }
    }
    var result = ""
    var expectedIndex = 0
    var actualIndex = 0
    while expectedIndex < expectedLines.count || actualIndex < actualLines.count {
        if let removed = removals[expectedIndex] {
            result += "- \(removed)⏎\n"
            expectedIndex += 1
        } else if let inserted = insertions[actualIndex] {
            result += "+ \(inserted)⏎\n"
            actualIndex += 1
        } else {
            if actualIndex < actualLines.count { result += "  \(actualLines[actualIndex])⏎\n" }
            expectedIndex += 1
            actualIndex += 1
        }
    }
    return result
}
