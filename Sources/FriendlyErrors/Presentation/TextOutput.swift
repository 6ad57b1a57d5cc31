#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a presenter writes text: standard error, standard output, a file descriptor, or a closure
/// (tests capture output with one).
///
/// Writes never fail loudly: a closed pipe or a full disk loses the output, never the process.
/// A closed pipe does not raise SIGPIPE for the library's own writes, and how the process handles
/// SIGPIPE is left as the host set it.
public struct TextOutput: Sendable {
    private let sink: @Sendable (String) -> Void
    /// The file descriptor written to, when there is one (presenters ask it whether it is a terminal).
    package let fileDescriptor: Int32?

    /// An output that hands every write to `write`.
    ///
    /// ```swift
    /// import Synchronization
    ///
    /// final class Transcript: Sendable {
    ///     private let text = Mutex("")
    ///     func append(_ part: String) { text.withLock { $0 += part } }
    ///     var value: String { text.withLock { $0 } }
    /// }
    ///
    /// let transcript = Transcript()
    /// let presenter = ConsolePresenter(output: TextOutput { transcript.append($0) })
    /// ```
    public init(_ write: @escaping @Sendable (String) -> Void) {
        self.sink = write
        self.fileDescriptor = nil
    }

    /// An output writing to a file descriptor.
    package static func fileDescriptor(_ descriptor: Int32) -> TextOutput {
        TextOutput(descriptor: descriptor)
    }

    /// Standard error, where diagnostics and alerts go.
    public static var standardError: TextOutput { .fileDescriptor(2) }
    /// Standard output, for machine-readable output such as JSON Lines.
    public static var standardOutput: TextOutput { .fileDescriptor(1) }

    private init(fileDescriptor: Int32?, sink: @escaping @Sendable (String) -> Void) {
        self.fileDescriptor = fileDescriptor
        self.sink = sink
    }

    private init(descriptor: Int32) {
        self.fileDescriptor = descriptor
        self.sink = { text in FileDescriptorWriter.write(text, to: descriptor) }
    }

    /// Writes `text` in one piece where the system allows.
    public func write(_ text: String) {
        sink(text)
    }

    /// This output, with every write made harmless for a terminal first: control characters, escape
    /// sequences and bidi overrides become visible escapes (see `TerminalSanitizer`).
    ///
    /// For text from outside the program — file names, catalog keys and values, arguments, an
    /// error's own text — printed by a command-line tool. Presenters sanitise their own text and add
    /// their own colour, so they get the output itself.
    ///
    /// ```swift
    /// let output = TextOutput.standardError.sanitizingForTerminal()
    /// output.write("Cannot read '\(path)'.\n")    // a path holding ESC ] 52 cannot set the clipboard
    /// ```
    package func sanitizingForTerminal() -> TextOutput {
        let sink = self.sink
        return TextOutput(fileDescriptor: fileDescriptor) { text in sink(TerminalSanitizer.sanitize(text)) }
    }

    /// Whether the output is a terminal.
    package var isTerminal: Bool {
        guard let fileDescriptor else { return false }
        return isatty(fileDescriptor) == 1
    }
}

/// Diagnostics of the library itself (a second bootstrap, a catalog problem nobody collected).
enum LibraryDiagnostics {
    static func write(_ text: String) {
        FileDescriptorWriter.write(TerminalSanitizer.sanitize(text), to: 2)
    }
}
