import FriendlyErrors

/// Lines for people go to standard error, so standard output stays for results.
enum StandardError {
    static func print(_ line: String) {
        TextOutput.standardError.write(line + "\n")
    }
}
