import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a ``ConsolePresenter`` reads the user's answers: standard input, or scripted lines in tests.
///
/// ```swift
/// // A test answers "nonsense", then Enter (which cancels).
/// let presenter = ConsolePresenter(
///     output: TextOutput { captured.append($0) },
///     input: .lines(["nonsense", ""]),
///     options: .init(interactivity: .always))
/// ```
public struct ConsoleInput: Sendable {
    private let read: @Sendable () async -> String?
    /// The file descriptor read from, when there is one (the presenter asks it whether it is a terminal).
    package let fileDescriptor: Int32?

    /// An input that asks `readLine` for each answer: one line without its newline, or `nil` at the
    /// end of input.
    package init(_ readLine: @escaping @Sendable () async -> String?) {
        self.read = readLine
        self.fileDescriptor = nil
    }

    private init(fileDescriptor: Int32, read: @escaping @Sendable () async -> String?) {
        self.read = read
        self.fileDescriptor = fileDescriptor
    }

    /// Standard input, read one line at a time on a thread of its own so that no task thread blocks.
    public static var standardInput: ConsoleInput {
        ConsoleInput(fileDescriptor: 0, read: readStandardInputLine)
    }

    /// Answers the given lines in order, then reports the end of input. Copies share one position.
    public static func lines(_ lines: [String]) -> ConsoleInput {
        let remaining = LockedValue(lines[...])
        return ConsoleInput {
            remaining.withLock { lines in lines.popFirst() }
        }
    }

    /// The next line without its newline, or `nil` at the end of input.
    package func readLine() async -> String? {
        await read()
    }

    /// Whether the input is a terminal.
    package var isTerminal: Bool {
        guard let fileDescriptor else { return false }
        return isatty(fileDescriptor) == 1
    }

    private static func readStandardInputLine() async -> String? {
        await withCheckedContinuation { continuation in
            // readLine blocks until the user presses Enter; Ctrl-C meanwhile ends the process through
            // the default SIGINT action (status 130), which is what a shell expects, so it is not trapped.
            Thread.detachNewThread {
                continuation.resume(returning: Swift.readLine(strippingNewline: true))
            }
        }
    }
}
