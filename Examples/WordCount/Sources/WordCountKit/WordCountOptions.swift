public import ArgumentParser
import Foundation
public import FriendlyErrorsArgumentParser

/// The example tool's arguments and work: `wordcount FILE` prints how many words FILE has.
///
/// Its failures cover each kind a command meets:
/// - a missing or unknown argument: argument-parser's usage error (64);
/// - `--encoding` other than `utf8` or `latin1`: a `ValidationError` thrown while counting (64);
/// - more words than `--max-words`: the count is printed, then `ExitCode(3)`;
/// - a file that cannot be read: an error of Foundation's, which argument-parser alone reports as
///   "Error: The operation could not be completed…" with status 1, and the integration as a friendly
///   alert with its category's status (66 for a missing file).
public struct WordCountOptions: ParsableArguments, Sendable {
    /// The command's name and help, the same for the tool and its plain twin.
    public static let configuration = CommandConfiguration(
        commandName: "wordcount", abstract: "Count the words of a text file.",
        discussion: "Exits 3 when the file has more words than --max-words.")

    /// The file to count the words of.
    @Argument(help: "The text file to count the words of.")
    public var file: String

    /// The count above which the tool exits with 3.
    @Option(help: "Exit with status 3 when the file has more words than this.")
    public var maxWords: Int?

    /// The file's encoding, checked while counting.
    @Option(help: "The file's encoding: utf8 or latin1.")
    public var encoding = "utf8"

    /// The console settings: `--color`, `--width`, `--interactive`, `--plain`.
    @OptionGroup(title: "Console")
    public var console: ConsoleOptions

    public init() {}

    /// Counts the words and prints the count to standard output.
    public func run() throws {
        let stringEncoding: String.Encoding
        switch encoding {
        case "utf8": stringEncoding = .utf8
        case "latin1": stringEncoding = .isoLatin1
        default: throw ValidationError("Unknown encoding '\(encoding)'. Use utf8 or latin1.")
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let text = String(data: data, encoding: stringEncoding) ?? ""
        let words = text.split(whereSeparator: { $0.isWhitespace }).count
        print(words)
        if let maxWords, words > maxWords { throw ExitCode(3) }
    }
}
