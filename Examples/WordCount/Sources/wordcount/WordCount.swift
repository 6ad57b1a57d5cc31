import ArgumentParser
import FriendlyErrorsArgumentParser
import WordCountKit

/// The example tool: `wordcount FILE`, its failures presented through the pipeline.
@main
struct WordCount: AsyncParsableCommand {
    static let configuration = WordCountOptions.configuration

    @OptionGroup var options: WordCountOptions

    mutating func run() async throws {
        let options = self.options
        try await withFriendlyErrors(options.console) {
            try options.run()
        }
    }
}
