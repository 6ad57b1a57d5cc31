import Foundation
import FriendlyErrors

/// `friendly-errors demo`: reads a configuration file that is missing, shows the alert with its
/// recovery (create a default configuration), and retries once the recovery ran. A file with a line
/// that is not `name = value` gives an alert that points at the line, with an excerpt, and offers to
/// turn the line into a comment (or to delete the file).
///
/// It works in a fresh temporary folder unless `--config PATH` is given, so it never writes into
/// the user's folders by surprise.
struct DemoCommand {
    var configPath: String?
    /// The `--color always|never|auto` setting; automatic by default.
    var color: ConsolePresenter.ColorMode = .automatic

    static let defaultConfiguration = """
        # Written by friendly-errors demo
        name = "demo"
        retries = 3
        language = "auto"

        """

    func run() async -> Int32 {
        let catalog = TranslationCatalog.builtIn.adding(TranslationCatalog(stringsFiles: DemoStrings.files))
        let pipeline = AlertPipeline(catalog: catalog)
        let language = catalog.languageChain(for: .process).first ?? catalog.baseLanguage
        func say(_ key: String, _ arguments: LocalizableText.Argument...) -> String {
            catalog.text(key, language: language, arguments: arguments) ?? key
        }

        // A folder made for this run goes when the run ends, whatever the run came to.
        let temporaryFolder = configPath == nil ? Self.makeTemporaryFolder() : nil
        defer { if let temporaryFolder { try? FileManager.default.removeItem(at: temporaryFolder) } }
        let path = configPath ?? temporaryFolder!.appendingPathComponent("config.toml").path
        // Lines for people go through console presenters: a path can hold anything, escape sequences
        // included, and is shown, never obeyed; lines wrap like the alerts. Results go to standard output.
        let console = ConsolePresenter(options: .init(color: color))
        let results = ConsolePresenter(output: .standardOutput)
        console.writeLine(say("demo.reading", .string(path)))
        let created = say("demo.created", .string(path))
        // The wrapper presents what the job throws, runs the chosen recovery, retries once after it,
        // and answers the exit status (78, the configuration's, when the user cancels).
        return await FriendlyMain.exitStatus(pipeline: pipeline, presenter: console, maximumAttempts: 2) {
            let settings = try Self.loadSettings(at: path) { console.writeLine(created) }
            results.writeLine(say("demo.loaded", .integer(settings)))
        }
    }

    /// The number of settings in the file, or a demo error with its recovery.
    /// `created` runs once the recovery wrote a default configuration.
    static func loadSettings(at path: String, created: @escaping @Sendable () -> Void) throws -> Int {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DemoError.configMissing(path: path) {
                try Data(defaultConfiguration.utf8).write(to: URL(fileURLWithPath: path))
                created()
                return .recovered
            }
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var settings = 0
        for (index, line) in lines.enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") { continue }
            guard text.contains("=") else {
                // The span is the line without its indentation, in Unicode scalars as columns count.
                let indentation = line.unicodeScalars.prefix { $0 == " " || $0 == "\t" }.count
                let location = FileLocation(
                    file: path, line: index + 1, column: indentation + 1, length: text.unicodeScalars.count)
                throw DemoError.configInvalid(
                    path: path, at: location,
                    commentOut: {
                        try commentOut(line: index, of: lines, at: path)
                        return .recovered
                    },
                    delete: {
                        try FileManager.default.removeItem(atPath: path)
                        return .recovered
                    })
            }
            settings += 1
        }
        return settings
    }

    /// Writes `lines` back to `path` with line `index` (0-based) turned into a comment, so the job
    /// reads the rest of the file and the user keeps what the line said.
    static func commentOut(line index: Int, of lines: [Substring], at path: String) throws {
        var lines = lines.map(String.init)
        lines[index] = "# " + lines[index]
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
    }

    /// `<tmp>/friendly-errors-demo-<random>`, a folder made for this run.
    static func makeTemporaryFolder() -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("friendly-errors-demo-\(UInt32.random(in: 0...UInt32.max))")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
