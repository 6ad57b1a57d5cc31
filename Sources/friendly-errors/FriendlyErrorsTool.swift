import FriendlyErrors

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `friendly-errors`: the package's command-line tool.
@main
struct FriendlyErrorsTool {
    static let usage = """
        Usage: friendly-errors <command> [options]

        Commands:
          demo [--config PATH]   Run a small job that fails, and show the alert and its recovery.

        """

    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        guard !arguments.isEmpty else {
            StandardError.print("Error: Missing a command.\n\n" + usage)
            exit(64)
        }
        let command = arguments.removeFirst()
        switch command {
        case "demo":
            var demo = DemoCommand()
            while !arguments.isEmpty {
                let argument = arguments.removeFirst()
                if argument == "--config", !arguments.isEmpty {
                    demo.configPath = arguments.removeFirst()
                } else if argument.hasPrefix("--config=") {
                    demo.configPath = String(argument.dropFirst("--config=".count))
                } else {
                    StandardError.print("Error: Unknown option '\(argument)'.\n\n" + usage)
                    exit(64)
                }
            }
            exit(await demo.run())
        case "-h", "--help", "help":
            TextOutput.standardOutput.write(usage)
            exit(0)
        default:
            StandardError.print("Error: Unknown command '\(command)'.\n\n" + usage)
            exit(64)
        }
    }
}
