import Foundation
import FriendlyErrors
import FriendlyErrorsTesting
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 44: errors made by real APIs, classified as the pipeline classifies them when thrown directly,
/// whatever boundary they cross on the way (``ErrorBoundary``: continuations, tasks, groups, `async let`,
/// `Result`). Adding a case is one line in ``RealFailure/all``; `URLSession`'s own failures are in
/// `FriendlyErrorsURLSessionTests`.
@Suite struct RealFailureBoundaryTests {
    @Test(arguments: RealFailure.all, ErrorBoundary.allCases)
    func aRealFailureKeepsItsCodeAcrossTheBoundary(failure: RealFailure, boundary: ErrorBoundary) async throws {
        let pipeline = AlertPipeline()
        let direct = try #require(await ErrorBoundary.direct.error(thrownBy: failure.body))
        #expect(pipeline.classify(direct).code == failure.code, "thrown directly")
        let delivered = try #require(await boundary.error(thrownBy: failure.body))
        let classification = pipeline.classify(delivered)
        #expect(classification.code == failure.code)
        #expect(classification.category == pipeline.classify(direct).category)
        #expect(classification.isUnexpected == false)
    }

    /// The same through the server's flow: a response's status comes from the code, not a 500.
    @Test(arguments: RealFailure.all, [ErrorBoundary.checkedContinuation, .unsafeContinuation])
    func aServerAnswersARealFailureWithItsStatusAcrossAContinuation(failure: RealFailure, boundary: ErrorBoundary)
        async throws
    {
        let pipeline = AlertPipeline()
        let direct = try #require(await ErrorBoundary.direct.error(thrownBy: failure.body))
        let delivered = try #require(await boundary.error(thrownBy: failure.body))
        let request = ErrorRequest(acceptLanguage: "ja", accept: "application/problem+json")
        let expected = pipeline.response(for: direct, to: request)
        let response = pipeline.response(for: delivered, to: request)
        #expect(response.status == expected.status)
        if failure.code.hasPrefix("data.") || failure.code == "file.notFound" {
            #expect((400..<500).contains(response.status))
        }
        #expect(response.event.classification.code == failure.code)
    }

    /// Wrapped in an `NSError`'s underlying error after crossing a continuation: unwrapped and known.
    @Test func aBoxedErrorUnderAWrapperIsKnown() async throws {
        let failure = try #require(RealFailure.all.first { $0.code == "data.keyMissing" })
        let delivered = try #require(await ErrorBoundary.checkedContinuation.error(thrownBy: failure.body))
        let wrapper = NSError(domain: "app.sync", code: 7, userInfo: [NSUnderlyingErrorKey: delivered])
        #expect(AlertPipeline().classify(wrapper).code == "data.keyMissing")
        let twice = try #require(await ErrorBoundary.unsafeContinuation.error(thrownBy: { throw wrapper }))
        #expect(AlertPipeline().classify(twice).code == "data.keyMissing")
    }

    /// A rule the app registered for a concrete type answers for it across a continuation.
    @Test(arguments: ErrorBoundary.allCases)
    func anAppsRuleForAFoundationTypeAnswersAcrossTheBoundary(boundary: ErrorBoundary) async throws {
        let pipeline = AlertPipeline().registering(DecodingError.self) { _ in
            Classification(code: "order.unreadable", category: .invalidInput)
        }
        let error = try #require(
            await boundary.error(thrownBy: { _ = try JSONDecoder().decode([String: Int].self, from: Data("{".utf8)) }))
        #expect(pipeline.classify(error).code == "order.unreadable")
    }
}

/// One failure a real API produces, and the code the pipeline gives it.
struct RealFailure: Sendable, CustomTestStringConvertible {
    let name: String
    let code: String
    let body: @Sendable () async throws -> Void

    var testDescription: String { name }

    struct Order: Decodable { let id: Int }

    static let all: [RealFailure] = [
        RealFailure(name: "FileManager.contentsOfDirectory, missing folder", code: "file.notFound") {
            _ = try FileManager.default.contentsOfDirectory(atPath: "/no/such/folder-\(UUID().uuidString)")
        },
        RealFailure(name: "Data(contentsOf:), missing file", code: "file.notFound") {
            _ = try Data(contentsOf: URL(fileURLWithPath: "/no/such/file-\(UUID().uuidString)"))
        },
        RealFailure(name: "String(contentsOfFile: \"/\")", code: "file.readFailed") {
            _ = try String(contentsOfFile: "/", encoding: .utf8)
        },
        RealFailure(name: "createDirectory, already there", code: "file.alreadyExists") {
            try FileManager.default.createDirectory(
                atPath: FileManager.default.temporaryDirectory.path, withIntermediateDirectories: false)
        },
        RealFailure(name: "JSONDecoder, key missing", code: "data.keyMissing") {
            _ = try JSONDecoder().decode(Order.self, from: Data(#"{"name":"x"}"#.utf8))
        },
        RealFailure(name: "JSONDecoder, type mismatch", code: "data.typeMismatch") {
            _ = try JSONDecoder().decode(Order.self, from: Data(#"{"id":"seven"}"#.utf8))
        },
        RealFailure(name: "JSONDecoder, corrupt", code: "data.corrupt") {
            _ = try JSONDecoder().decode(Order.self, from: Data(#"{"id":"#.utf8))
        },
        RealFailure(name: "open(2), missing file: POSIXError", code: "file.notFound") {
            try openForReading("/no/such/file-\(UUID().uuidString)")
        },
        RealFailure(name: "open(2), O_DIRECTORY on a file: POSIXError", code: "file.notDirectory") {
            try openForReading("/etc/hostname", flags: O_DIRECTORY)
        },
        RealFailure(name: "Task.sleep in a cancelled task", code: "operation.cancelled") {
            let task = Task { try await Task.sleep(for: .seconds(60)) }
            task.cancel()
            try await task.value
        },
        RealFailure(name: "Task.checkCancellation in a cancelled task", code: "operation.cancelled") {
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                try Task.checkCancellation()
            }
            try await task.value
        },
    ]

    /// `open(2)` on `path`, closed again; its failure as Foundation's `POSIXError`.
    static func openForReading(_ path: String, flags: Int32 = 0) throws {
        let descriptor = open(path, O_RDONLY | flags)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        close(descriptor)
    }
}
