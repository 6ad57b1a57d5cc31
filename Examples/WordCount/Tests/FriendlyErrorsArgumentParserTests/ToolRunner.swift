import Foundation

/// Runs the package's built executables (`wordcount`, `wordcount-plain`), found beside the test
/// bundle in the build products folder, and captures what they write.
enum ToolRunner {
    struct Result: Equatable, CustomStringConvertible {
        var status: Int32
        var standardOutput: String
        var standardError: String

        var description: String {
            "status \(status)\n--- standard output\n\(standardOutput)--- standard error\n\(standardError)"
        }
    }

    /// The executable named `name` in the build products folder, or `nil` when it was not built.
    static func executable(_ name: String) -> URL? {
        var candidates: [URL] = []
        if let url = Bundle.main.executableURL { candidates.append(url.deletingLastPathComponent()) }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        for folder in candidates {
            for up in [folder, folder.deletingLastPathComponent()] {
                let url = up.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
        }
        return nil
    }

    /// Runs `name` with `arguments`, standard input empty, no colour and no `COLUMNS` unless
    /// `environment` sets them.
    static func run(_ name: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        guard let executable = executable(name) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var processEnvironment = ProcessInfo.processInfo.environment
        for name in ["COLUMNS", "NO_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE", "LANGUAGE", "LC_ALL", "LC_MESSAGES"] {
            processEnvironment[name] = nil
        }
        processEnvironment["LANG"] = "C"
        processEnvironment["NO_COLOR"] = "1"
        processEnvironment.merge(environment) { _, new in new }
        process.environment = processEnvironment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes before waiting, so a full pipe cannot block the child.
        let errorData = LockedData()
        let reader = Thread { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { usleep(1000) }
        return Result(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.data, as: UTF8.self))
    }
}

/// Data handed from the reading thread. `@unchecked Sendable`: every access is under `lock`.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Data?

    func set(_ data: Data) {
        lock.lock()
        stored = data
        lock.unlock()
    }

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stored != nil
    }

    var data: Data {
        lock.lock()
        defer { lock.unlock() }
        return stored ?? Data()
    }
}
