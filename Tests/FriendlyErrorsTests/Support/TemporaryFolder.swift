import Foundation

/// A new folder under the temporary directory holding `files` (relative path → contents), for tests
/// that load catalogs or run the tool on real files.
func makeTemporaryFolder(_ files: [String: String], prefix: String = "friendly-errors-test") throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    for (path, contents) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }
    return root.path
}
