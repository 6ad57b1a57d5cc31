import Foundation
import Testing

@testable import FriendlyErrors

/// Issue 35: what threads share is read without a lock. The fast paths in `Support/` for that
/// (`PublishedOnce`, `ThreadCounterBlocks`, `ThreadLocalValue`) against their plain twins: a lock on
/// every read, one locked counter, one locked value. (Issue 45 removed the fourth, `SharedForever`,
/// which marked a warm pipeline's storage immortal.)
struct SharedPipelineTests {
    enum AppError: FriendlyError {
        case simple
        case withArguments(count: Int, volume: String)
        var code: String {
            switch self {
            case .simple: "shared.simple"
            case .withArguments: "shared.withArguments"
            }
        }
        var message: LocalizableText {
            switch self {
            case .simple: "The shared test failed."
            case .withArguments(let count, let volume): "\(count) files could not be copied to \(volume)."
            }
        }
        var category: ErrorCategory { .ioFailure }
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init(intValue: Int) {
            stringValue = "\(intValue)"
            self.intValue = intValue
        }
    }

    static func errors() -> [any Error] {
        [
            AppError.simple, AppError.withArguments(count: 3, volume: "Backup"), URLError(.notConnectedToInternet),
            CocoaError(.fileNoSuchFile), POSIXError(.EACCES),
            DecodingError.keyNotFound(
                Key(stringValue: "price"),
                .init(codingPath: [Key(stringValue: "items"), Key(intValue: 2)], debugDescription: "")),
            NSError(domain: "com.example.unknown", code: 7),
        ]
    }

    /// The alerts of `pipeline` for every error in English, Japanese and from an Accept-Language header,
    /// reference IDs cleared (each alert draws its own).
    static func alerts(_ pipeline: AlertPipeline) -> [Alert] {
        var alerts: [Alert] = []
        for preference: LanguagePreference in ["en", "ja", .acceptLanguage("ja-JP, en;q=0.5")] {
            for error in errors() {
                var alert = pipeline.alert(for: error, in: preference)
                alert.referenceID = alert.referenceID.map { _ in "-" }
                alerts.append(alert)
            }
        }
        return alerts
    }

    @Test func aPipelineAnswersAlikeOnceItHasMadeManyAlerts() {
        let used = AlertPipeline()
        let before = Self.alerts(used)
        for _ in 0..<60 { _ = Self.alerts(used) }
        #expect(Self.alerts(used) == before)
        #expect(Self.alerts(used) == Self.alerts(AlertPipeline()))
    }

    @Test func aSharedPipelineAnswersManyThreadsAlike() async {
        let pipeline = AlertPipeline()
        let expected = Self.alerts(AlertPipeline())
        let wrong = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var wrong = 0
                    for _ in 0..<60 where Self.alerts(pipeline) != expected {
                        wrong += 1
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }

    @Test func aPublishedValueIsComputedOnceAndReadAsItsTwinReadsIt() async {
        let once = PublishedOnce<[String]>()
        let made = LockedValue(0)
        #expect(once.valueIfComputed == nil)
        let values = await withTaskGroup(of: [String].self) { group in
            for index in 0..<8 {
                group.addTask {
                    let make = {
                        made.withLock { $0 += 1 }
                        return ["computed", "once"]
                    }
                    return index.isMultiple(of: 2) ? once.value(make) : once.valueLocked(make)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values.allSatisfy { $0 == ["computed", "once"] })
        #expect(made.withLock { $0 } == 1)
        #expect(once.valueIfComputed == ["computed", "once"])
    }

    @Test func countersDrawnInBlocksPerThreadAreDistinctAsTheirTwinsAre() async {
        // Each way on its own counter (the two ways are two counters): 6 threads, 3,000 values each.
        for blocks in [true, false] {
            let counter = ThreadCounterBlocks(bits: 40)
            let drawn = await withTaskGroup(of: [UInt64].self) { group in
                for _ in 0..<6 {
                    group.addTask { (0..<3_000).map { _ in blocks ? counter.next() : counter.nextLocked() } }
                }
                return await group.reduce(into: []) { $0 += $1 }
            }
            #expect(drawn.count == 18_000)
            #expect(Set(drawn).count == 18_000)
            #expect(drawn.allSatisfy { $0 < 1 << 40 })
        }
        // A 64-bit counter wraps without trapping.
        let wide = ThreadCounterBlocks(bits: 64)
        #expect(Set((0..<2_500).map { _ in wide.next() }).count == 2_500)
    }

    @Test func referenceIDsAndInstancesFromManyThreadsAreDistinct() async {
        let drawn = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<4 {
                group.addTask { (0..<2_000).flatMap { _ in [ReferenceID.make(), RandomUUID.make()] } }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(drawn).count == drawn.count)
    }

    /// The per-thread value against its twin, one locked value: the same answers for the same
    /// operations on one thread, and each thread starts from the initial value.
    @Test func aThreadsOwnValueAnswersAsTheLockedTwin() async {
        let local = ThreadLocalValue<[String: Int]> { [:] }
        let locked = LockedValue<[String: Int]>([:])
        for index in 0..<200 {
            let key = "k\(index % 17)"
            let a = local.withLock { values -> Int in
                values[key, default: 0] += index
                return values[key]!
            }
            let b = locked.withLock { values -> Int in
                values[key, default: 0] += index
                return values[key]!
            }
            #expect(a == b)
        }
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask { Thread.detachNewThreadAndWait { local.withLock { $0.count } } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == [0, 0, 0, 0])
    }

    @Test func eachThreadsAcceptLanguageCacheGivesTheParsedPreference() async {
        let headers = ["ja-JP, en;q=0.5", "fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5", "de", "zh-Hant-TW, zh;q=0.8"]
        let pipeline = AlertPipeline()
        let expected = headers.map { pipeline.alert(for: AppError.simple, in: .acceptLanguage($0)).language }
        let wrong = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var wrong = 0
                    for _ in 0..<50 {
                        for (header, language) in zip(headers, expected)
                        where pipeline.alert(for: AppError.simple, in: .acceptLanguage(header)).language != language {
                            wrong += 1
                        }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }
}

extension Thread {
    /// Runs `body` on a new thread and waits for its result.
    static func detachNewThreadAndWait<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let result = LockedValue<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }
}
