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
/// SIGPIPE is ignored while the library writes, so `tool 2>&1 | head -1` ends with the tool's own
/// status, not 141.
public struct TextOutput: Sendable {
    private let sink: @Sendable (String) -> Void
    /// The file descriptor written to, when there is one (presenters ask it whether it is a terminal).
    public let fileDescriptor: Int32?

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
    public static func fileDescriptor(_ descriptor: Int32) -> TextOutput {
        TextOutput(descriptor: descriptor)
    }

    /// Standard error, where diagnostics and alerts go.
    public static var standardError: TextOutput { .fileDescriptor(2) }
    /// Standard output, for machine-readable output such as JSON Lines.
    public static var standardOutput: TextOutput { .fileDescriptor(1) }

    private init(descriptor: Int32) {
        self.fileDescriptor = descriptor
        self.sink = { text in FileDescriptorWriter.write(text, to: descriptor) }
    }

    /// Writes `text` in one piece where the system allows.
    public func write(_ text: String) {
        sink(text)
    }

    /// Whether the output is a terminal.
    public var isTerminal: Bool {
        guard let fileDescriptor else { return false }
        return isatty(fileDescriptor) == 1
    }
}

/// Writes whole strings to a file descriptor with one `write` call where possible, retrying on
/// EINTR and partial writes, and giving up quietly on EPIPE and other errors.
enum FileDescriptorWriter {
    private static let ignoreSIGPIPE: Void = {
        // A closed pipe must end in EPIPE here, not in a signal that kills the process with 141.
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    static func write(_ text: String, to descriptor: Int32) {
        _ = ignoreSIGPIPE
        var text = text
        text.withUTF8 { buffer in
            guard var base = buffer.baseAddress else { return }
            var remaining = buffer.count
            while remaining > 0 {
                #if canImport(Darwin)
                    let written = Darwin.write(descriptor, base, remaining)
                #elseif canImport(Glibc)
                    let written = Glibc.write(descriptor, base, remaining)
                #else
                    let written = Musl.write(descriptor, base, remaining)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                if written == 0 { return }
                remaining -= written
                base += written
            }
        }
    }
}

/// Diagnostics of the library itself (a second bootstrap, a catalog problem nobody collected).
enum StandardError {
    static func write(_ text: String) {
        FileDescriptorWriter.write(text, to: 2)
    }
}
