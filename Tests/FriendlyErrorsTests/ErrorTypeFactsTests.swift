import Foundation
import Testing

@testable import FriendlyErrors

/// What the pipeline learns about an error type is cached per thread (see `ErrorTypeFacts`): many
/// types that share cache slots, app errors and plain ones mixed, must each still be classified as
/// their own type says, on every thread.
struct ErrorTypeFactsTests {
    struct Tagged<Tag>: FriendlyError {
        var code: String { "tagged.\(Tag.self)" }
        var category: ErrorCategory { .conflict }
    }

    struct Plain<Tag>: Error {}

    enum T0 {}
    struct Nest<Inner> {}

    /// Classifies `count` distinct FriendlyError types and as many plain ones, interleaved, and
    /// returns how many came out wrong.
    static func misclassified<Tag>(_ tag: Tag.Type, count: Int, pipeline: AlertPipeline) -> Int {
        let friendly = pipeline.alert(for: Tagged<Tag>(), in: "en")
        let plain = pipeline.alert(for: Plain<Tag>(), in: "en")
        var wrong = 0
        if friendly.code != "tagged.\(Tag.self)" || friendly.category != .conflict { wrong += 1 }
        if plain.code != "unexpected" || plain.referenceID == nil { wrong += 1 }
        guard count > 1 else { return wrong }
        return wrong + misclassified(Nest<Tag>.self, count: count - 1, pipeline: pipeline)
    }

    /// `error` as a checked continuation hands it on: boxed twice (what Vapor's `AsyncMiddleware` and NIO's
    /// `EventLoopFuture.get()` do to every error they pass on).
    static func resumed(_ error: any Error) async -> any Error {
        do {
            let _: Int = try await withCheckedThrowingContinuation { $0.resume(throwing: error) }
            return error
        } catch {
            return error
        }
    }

    @Test func anErrorBoxedTwiceByAContinuationIsClassifiedByItsOwnType() async {
        struct Localized: LocalizedError {
            var errorDescription: String? { "The disk is full." }
        }
        let pipeline = AlertPipeline()
        // Twice: the first learns the type's facts, the second finds them in the thread's cache.
        for _ in 0..<2 {
            let friendly = pipeline.alert(for: await Self.resumed(Tagged<T0>()), in: "en")
            #expect(friendly.code == "tagged.T0" && friendly.category == .conflict)
            let localized = pipeline.alert(for: await Self.resumed(Localized()), in: "en")
            let direct = pipeline.alert(for: Localized(), in: "en")
            #expect(localized.code == direct.code && localized.message == direct.message)
            #expect(localized.message == "The disk is full.")
        }
    }

    @Test func manyTypesSharingCacheSlotsAreEachClassifiedByTheirOwnType() {
        // 200 types of each kind over a 64-slot cache: every slot is taken over many times.
        #expect(Self.misclassified(T0.self, count: 200, pipeline: AlertPipeline()) == 0)
        // A second pass finds the cached answers (or relearns evicted ones): still all right.
        #expect(Self.misclassified(T0.self, count: 200, pipeline: AlertPipeline()) == 0)
    }

    @Test func everyThreadLearnsTheSameFacts() async {
        let pipeline = AlertPipeline()
        let wrong = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { Self.misclassified(T0.self, count: 50, pipeline: pipeline) }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }

    @Test func classErrorsAreAskedEveryTimeNotCached() {
        final class ClassError: NSError, @unchecked Sendable {}
        let alert = AlertPipeline().alert(for: ClassError(domain: "x", code: 1), in: "en")
        #expect(alert.code == "unexpected")
        let plain = AlertPipeline().alert(for: NSError(domain: NSCocoaErrorDomain, code: 4), in: "en")
        #expect(plain.code == "file.notFound")
    }

    /// The cached facts (`ThreadTypeCache`, `ExactTypeCast`) against the plain twin, the runtime's
    /// casts asked every time: the same answers for every kind of error, twice over (the second time
    /// from the cache).
    @Test func cachedFactsAgreeWithTheRuntimesCasts() {
        struct Wrapper: ErrorWrapping {
            var underlyingError: (any Error)? { POSIXError(.EIO) }
        }
        struct Localized: LocalizedError {}
        let errors: [any Error] = [
            Tagged<Int>(), Tagged<String>(), Plain<Int>(), Plain<String>(), Wrapper(), Localized(),
            POSIXError(.EACCES), CocoaError(.fileNoSuchFile), URLError(.timedOut),
            NSError(domain: "x", code: 1), DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "")),
        ]
        for _ in 0..<2 {
            for error in errors {
                let cached = ErrorTypeFacts.of(error)
                let plain = ErrorTypeFacts.learn(error)
                #expect(cached.isWrapping == plain.isWrapping)
                #expect(cached.isLocalized == plain.isLocalized)
                #expect(cached.friendly?(error)?.code == (error as? any FriendlyError)?.code)
                #expect((cached.friendly == nil) == (plain.friendly == nil))
                // The exact cast finds nothing in an error of another type.
                for other in errors where type(of: other) != type(of: error) {
                    #expect(cached.friendly?(other) == nil)
                }
            }
        }
    }
}
