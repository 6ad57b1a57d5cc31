import Foundation
import Testing

@_spi(RepositoryInternals) @testable import FriendlyErrors

/// Issue 45: alerts on several threads read objects of their thread's own (`ThreadCopies`, by
/// `ThreadNumber`), so that no reference count is written by every core; each answers what its plain
/// twin, the one object every thread reads, answers.
struct ThreadCopiesTests {
    /// The numbers `count` new threads read, each twice, and whether each got the same both times.
    private func threadNumbers(_ count: Int) -> [(first: Int, second: Int)] {
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var numbers: [(Int, Int)] = []
        }
        let results = Results()
        let group = DispatchGroup()
        for _ in 0..<count {
            group.enter()
            Thread {
                let first = ThreadNumber.current
                let second = ThreadNumber.current
                results.lock.withLock { results.numbers.append((first, second)) }
                group.leave()
            }.start()
        }
        group.wait()
        return results.numbers
    }

    @Test func aThreadKeepsItsNumberAndThreadsGetNumbersOfTheirOwn() {
        let numbers = threadNumbers(4)
        #expect(numbers.count == 4)
        #expect(numbers.allSatisfy { $0.first == $0.second })
        #expect(Set(numbers.map(\.first)).count == 4)
        #expect(!numbers.map(\.first).contains(ThreadNumber.current))
    }

    @Test func eachThreadReadsOneCopyAndConsecutiveThreadsReadDifferentOnes() {
        final class Box: Sendable {}
        let copies = ThreadCopies { Box() }
        #expect(copies.count == ThreadCopies<Box>.defaultCount)
        #expect(copies.current === copies.current)
        #expect(copies.current === copies.copy(forThreadNumber: ThreadNumber.current))
        let distinct = Set((0..<copies.count).map { ObjectIdentifier(copies.copy(forThreadNumber: $0)!) })
        #expect(distinct.count == copies.count)
        #expect(ThreadCopies<Box>.none.current == nil)
    }

    /// The copy a thread number reads is picked with a mask, the count being a power of two: the one its
    /// plain twin, the remainder of the division by the count, picks.
    @Test func aThreadNumberPicksTheCopyItsRemainderPicks() {
        final class Box: Sendable {}
        for count in [1, 2, 4, 8, 16] {
            let copies = ThreadCopies(count: count) { Box() }
            for number in Array(0..<100) + [1 << 40 + 3, Int.max] {
                #expect(copies.copy(forThreadNumber: number) === copies.copy(forThreadNumber: number % count))
            }
            let distinct = Set((0..<count).map { ObjectIdentifier(copies.copy(forThreadNumber: $0)!) })
            #expect(distinct.count == count)
        }
    }

    /// An alert of an error that offers a retry holds its thread's own recovery array, found through the
    /// thread's copy of the pipeline's chain, the same every time on one thread: no array that every
    /// thread retains.
    @Test func eachThreadsCopyOfTheChainOffersARetryArrayOfItsOwn() {
        let pipeline = AlertPipeline()
        func retryArray(threadNumber: Int) -> UnsafeRawPointer? {
            let classification = pipeline.classify(
                URLError(.notConnectedToInternet), context: .processUser, threadNumber: threadNumber)
            #expect(classification.recoveries.map(\.id) == ["retry"])
            return classification.recoveries.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        final class Box: Sendable {}
        let count = ThreadCopies<Box>.defaultCount
        let arrays = (0..<count).map { retryArray(threadNumber: $0) }
        #expect(Set(arrays.compactMap { $0 }).count == count)
        #expect((0..<count).allSatisfy { retryArray(threadNumber: $0 + count) == arrays[$0] })
    }

    /// Every copy of a catalog's index answers what the index answers: the same texts in every language,
    /// the same stock actions, in objects of its own.
    @Test func everyCopyOfAnIndexAnswersWhatTheIndexAnswers() {
        let catalog = TranslationCatalog.builtIn.adding(
            TranslationCatalog(strings: [
                "en": ["shop.title": "Shop closed", "shop.message": "The shop closed at %@."],
                "ja": ["shop.title": "閉店しました", "shop.message": "%@ に閉店しました。"],
            ]))
        let index = catalog.index
        for number in 0..<ThreadCopies<CatalogIndex>.defaultCount {
            let copy = index.copy(forThreadNumber: number)
            #expect(copy !== index)
            #expect(copy.languages.map(\.name) == index.languages.map(\.name))
            for (ordinal, language) in index.languages.enumerated() {
                let copied = copy.languages[ordinal]
                #expect(copied !== language)
                #expect(copied.ok == language.ok && copied.cancel == language.cancel)
                #expect(copied.confirmationActions == language.confirmationActions)
                #expect(copied.retrySuggestionActions == language.retrySuggestionActions)
                language.texts.forEach { slot, key, value in
                    #expect(copied.texts[key]?.plain == value.plain, "\(language.name): \(key)")
                }
            }
            for code in ["shop", "file.notFound", "network.offline"] {
                #expect(copy.codes[code] == index.codes[code])
                let row = index.codes[code]!
                for ordinal in index.languages.indices {
                    #expect(
                        copy.value(.title, ofCode: row, language: ordinal)?.plain
                            == index.value(.title, ofCode: row, language: ordinal)?.plain)
                }
            }
        }
    }

    /// Alerts made on several threads, each reading its own copy of the index, are the alerts one thread
    /// makes from the index itself.
    @Test func alertsOnManyThreadsAreTheAlertsOfOneThread() throws {
        let pipeline = AlertPipeline()
        let errors: [any Error] = [
            URLError(.notConnectedToInternet), CocoaError(.fileNoSuchFile), POSIXError(.EACCES),
            NSError(domain: "com.example.unknown", code: 7),
        ]
        let expected = errors.map { pipeline.alert(for: $0, in: "ja") }
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var alerts: [[Alert]] = []
        }
        let results = Results()
        let group = DispatchGroup()
        for _ in 0..<4 {
            group.enter()
            Thread {
                let alerts = errors.map { pipeline.alert(for: $0, in: "ja") }
                results.lock.withLock { results.alerts.append(alerts) }
                group.leave()
            }.start()
        }
        group.wait()
        #expect(results.alerts.count == 4)
        for alerts in results.alerts {
            for (alert, wanted) in zip(alerts, expected) {
                #expect(alert.title == wanted.title && alert.message == wanted.message)
                #expect(alert.actions.map(\.label) == wanted.actions.map(\.label))
                #expect(alert.language == "ja")
                #expect(alert.presenterTexts.text("action.cancel") == "キャンセル")
            }
        }
    }
}
