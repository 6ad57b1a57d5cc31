import ArgumentParser
import WordCountKit

/// The example tool without the integration: the same command as argument-parser alone runs it,
/// which the tests compare the integrated tool with.
@main
struct WordCountPlain: AsyncParsableCommand {
    static let configuration = WordCountOptions.configuration

    @OptionGroup var options: WordCountOptions

    mutating func run() async throws {
        try options.run()
    }
}
