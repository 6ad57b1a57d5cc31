import FriendlyErrors

// README.md's "A tool's `main`", verbatim: .ci/run checks that it still matches.
@main struct Tool {
    static func main() async {
        await FriendlyMain.run(pipeline: pipeline) {   // never returns: exits with the right status
            try await sync(arguments)
        }
    }
}
