import Foundation

/// Runs the built `friendly-errors` binary, found beside the test bundle in the build products
/// folder, and captures what it writes.
enum ToolRunner {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The build products folder: where the test bundle (or its executable) is.
    static var executable: URL? {
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
                let url = up.appendingPathComponent("friendly-errors")
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
        }
        return nil
    }

    /// The repository's root, for its `Localization/` folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func run(_ arguments: [String], input: Data? = nil, environment: [String: String] = [:]) throws -> Result {
        guard let executable else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "friendly-errors"])
        }
        return try run(executable, arguments, input: input, environment: environment)
    }

    static func run(_ executable: URL, _ arguments: [String], input: Data? = nil, environment: [String: String] = [:])
        throws -> Result
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var processEnvironment = ProcessInfo.processInfo.environment
        processEnvironment["NO_COLOR"] = "1"
        processEnvironment.merge(environment) { _, new in new }
        process.environment = processEnvironment
        let output = Pipe()
        let error = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = inputPipe
        try process.run()
        inputPipe.fileHandleForWriting.write(input ?? Data())
        try inputPipe.fileHandleForWriting.close()
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

    func set(_ data: Data) { lock.withLock { stored = data } }
    var isSet: Bool { lock.withLock { stored != nil } }
    var data: Data { lock.withLock { stored ?? Data() } }
}
