import Foundation

/// What is wrong with a path given where a catalog folder is expected: missing, or a file.
struct FolderProblem {
    let message: String

    /// `nil` when `path` is a folder.
    init?(path: String) {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            message = "No such folder '\(path)'."
        } else if !isDirectory.boolValue {
            // The folder that holds the file, or the one above an `xx.lproj` folder.
            var folder = (path as NSString).deletingLastPathComponent
            if folder.hasSuffix(".lproj") { folder = (folder as NSString).deletingLastPathComponent }
            message =
                "'\(path)' is a file, not a folder. Pass the folder that holds the <language>.lproj folders "
                + "or the .xcstrings files, such as '\(folder.isEmpty ? "." : folder)'."
        } else {
            return nil
        }
    }
}
