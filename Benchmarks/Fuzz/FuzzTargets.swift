import Foundation

// The libFuzzer entry points of the one fuzzing binary (Benchmarks/fuzz.sh builds it with the library
// once): the target is chosen by name at run time, from FRIENDLY_ERRORS_FUZZ_TARGET, before libFuzzer
// starts (child processes of -fork and -jobs inherit it); `list` prints the names, one a line.

/// Every target, by name: the one list (fuzz.sh and CI read it through the binary). A target is a
/// file `Targets/Fuzz<Name>.swift` holding `func fuzz<Name>(_ data: UnsafePointer<UInt8>, _ size: Int)
/// -> CInt`, and its line here.
private let targets: [(name: String, run: @Sendable (UnsafePointer<UInt8>, Int) -> CInt)] = [
    ("StringsParser", fuzzStringsParser),
    ("XCStringsParser", fuzzXCStringsParser),
    ("XCStringsResync", fuzzXCStringsResync),
    ("PlaceholderFormat", fuzzPlaceholderFormat),
    ("AcceptLanguage", fuzzAcceptLanguage),
    ("ConsoleText", fuzzConsoleText),
    ("AlertRendering", fuzzAlertRendering),
    ("RemoteProblem", fuzzRemoteProblem),
]

/// The chosen target; an unknown or missing name ends the process with the list of names.
private let selected: @Sendable (UnsafePointer<UInt8>, Int) -> CInt = {
    let name = ProcessInfo.processInfo.environment["FRIENDLY_ERRORS_FUZZ_TARGET"] ?? ""
    let names = targets.map(\.name)
    if name == "list" {
        print(names.joined(separator: "\n"))
        exit(0)
    }
    guard let target = targets.first(where: { $0.name == name }) else {
        let problem = name.isEmpty ? "no target chosen" : "no target named '\(name)'"
        FileHandle.standardError.write(
            Data("error: \(problem): set FRIENDLY_ERRORS_FUZZ_TARGET to one of \(names.joined(separator: ", "))\n".utf8)
        )
        exit(2)
    }
    return target.run
}()

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: OpaquePointer?, _ argv: OpaquePointer?) -> CInt {
    _ = selected  // chooses the target (or lists them) before libFuzzer reads its flags
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    selected(data, size)
}
