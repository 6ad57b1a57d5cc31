import Foundation
public import FriendlyErrors

/// Renders each case of an error catalog as the console shows it and as JSON, one file per case
/// and language, so that a code review shows every wording change as a diff.
///
/// ```swift
/// @Test func alertsMatchTheirSnapshots() async throws {
///     let snapshots = AlertSnapshots(
///         checker: CatalogChecker(catalog: catalog, languages: ["en", "ja"]),
///         folder: "Tests/AppTests/Snapshots")
///     try await snapshots.expectMatching(Array(StorageError.allCases))
/// }
/// ```
///
/// Files are named `<code>.<language>.console.txt` and `<code>.<language>.json`. A missing file is
/// written; an existing one is compared, and replaced only when the environment variable
/// `FRIENDLY_ERRORS_RECORD_SNAPSHOTS` is set (to anything but `0`), as swift-argument-parser's
/// snapshot tests do.
public struct AlertSnapshots: Sendable {
    /// The environment variable that asks to re-record every snapshot.
    public static let recordVariable = "FRIENDLY_ERRORS_RECORD_SNAPSHOTS"

    /// The checker whose pipeline, languages and alert adjustments make the alerts.
    public let checker: CatalogChecker
    /// The folder the files go to; it is created when missing.
    public let folder: String

    /// Snapshots of the alerts `checker` makes, in `folder`.
    public init(checker: CatalogChecker, folder: String) {
        self.checker = checker
        self.folder = folder
    }

    /// The alert as the console presenter writes it when nobody is at the keyboard: no colour, no
    /// wrapping, the options listed.
    public func console(_ alert: Alert) async -> String {
        let buffer = TextBuffer()
        let presenter = ConsolePresenter(
            output: TextOutput { buffer.append($0) }, options: .init(interactivity: .never),
            environment: ["NO_COLOR": "1", "TERM": "dumb"])
        _ = await presenter.present(alert)
        return buffer.text
    }

    /// Every snapshot of `errors`: file name → contents, in a stable order.
    public func render(_ errors: [any FriendlyError]) async -> [(name: String, contents: String)] {
        var files: [(name: String, contents: String)] = []
        for error in errors {
            for language in checker.languages {
                let alert = checker.alert(for: error, language: language)
                let stem = Self.fileStem(code: error.code, language: language)
                files.append((stem + ".console.txt", await console(alert)))
                files.append((stem + ".json", AlertJSON.text(for: alert)))
            }
        }
        return files
    }

    /// Writes every snapshot of `errors`, replacing what is there; answers the paths written.
    @discardableResult
    public func write(_ errors: [any FriendlyError]) async throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for file in await render(errors) {
            let path = (folder as NSString).appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        return paths
    }

    /// Compares every snapshot of `errors` with its file and throws an ``AlertSnapshotMismatch``
    /// listing each difference line by line. Missing files are written (and reported, so a new
    /// snapshot is looked at once); with ``recordVariable`` set every file is rewritten.
    public func expectMatching(_ errors: [any FriendlyError]) async throws {
        let environment = ProcessInfo.processInfo.environment
        let recording = environment[Self.recordVariable].map { !$0.isEmpty && $0 != "0" } ?? false
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var differences: [String] = []
        for file in await render(errors) {
            let path = (folder as NSString).appendingPathComponent(file.name)
            let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
            if existing == file.contents { continue }
            if recording || existing == nil {
                try Data(file.contents.utf8).write(to: URL(fileURLWithPath: path))
                if existing == nil { differences.append("\(path): recorded a new snapshot; check it and commit it") }
                continue
            }
            differences.append(Self.diff(path: path, expected: existing ?? "", actual: file.contents))
        }
        if !differences.isEmpty { throw AlertSnapshotMismatch(differences: differences) }
    }

    /// `storage.diskFull.ja`: the code and language, with anything unsafe in a file name replaced.
    static func fileStem(code: String, language: String) -> String {
        let safe = { (text: String) in
            String(text.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
        }
        return safe(code) + "." + safe(language)
    }

    /// The differing lines, `-` for the file's and `+` for the new rendering's.
    static func diff(path: String, expected: String, actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var lines = ["\(path): the snapshot differs (set \(recordVariable)=1 to re-record):"]
        for index in 0..<max(old.count, new.count) {
            let before = index < old.count ? String(old[index]) : nil
            let after = index < new.count ? String(new[index]) : nil
            guard before != after else { continue }
            if let before { lines.append("  line \(index + 1) - \(before)") }
            if let after { lines.append("  line \(index + 1) + \(after)") }
        }
        return lines.joined(separator: "\n")
    }
}

/// The error ``AlertSnapshots/expectMatching(_:)`` throws: every snapshot that differs, line by line.
public struct AlertSnapshotMismatch: Error, CustomStringConvertible {
    /// One entry per file: its path and its differing lines.
    public let differences: [String]

    /// A mismatch with its differences.
    public init(differences: [String]) {
        self.differences = differences
    }

    /// The differences, one line each, safe to print on a terminal (see `TerminalSanitizer`).
    public var description: String { TerminalSanitizer.sanitize(differences.joined(separator: "\n")) }
}

/// Collects what a presenter writes. `@unchecked Sendable`: `text` is only touched under `lock`,
/// an NSLock (pthread-based, which ThreadSanitizer understands).
private final class TextBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var storage = ""

    func append(_ text: String) { lock.withLock { storage += text } }
    var text: String { lock.withLock { storage } }
}
