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
                    #expect(copy.text(forKey: key, language: ordinal)?.plain == value.plain, "\(language.name): \(key)")
                    #expect(copy.text(at: slot, language: ordinal).value == value.value, "\(language.name): \(key)")
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

    /// A copy's texts are its own: a text of more than 15 UTF-8 bytes read through a copy is the index's
    /// text in other storage, and its template another object, made once and then read again, so that
    /// alerts on the copy's threads retain nothing the index's other copies retain (issue 45).
    @Test func aCopysTextsAreItsOwnMadeOnceEach() throws {
        let catalog = TranslationCatalog(strings: [
            "en": ["shop.title": "The shop is closed today", "shop.message": "The shop closed at %@ today."]
        ])
        let index = catalog.index
        let language = index.languages[0]
        let row = try #require(index.codes["shop"])
        let original = try #require(index.value(.title, ofCode: row, language: 0)?.plain)
        let copies = (0..<2).map { index.copy(forThreadNumber: $0) }
        let first = try #require(copies[0].value(.title, ofCode: row, language: 0)?.plain)
        let again = try #require(copies[0].value(.title, ofCode: row, language: 0)?.plain)
        let second = try #require(copies[1].value(.title, ofCode: row, language: 0)?.plain)
        #expect(first == original && second == original)
        #expect(original.sharesStorage(with: original))
        #expect(!first.sharesStorage(with: original))
        #expect(!first.sharesStorage(with: second))
        #expect(first.sharesStorage(with: again))
        let template = try #require(copies[0].value(.message, ofCode: row, language: 0)?.parsed)
        #expect(template !== language.texts["shop.message"]?.template?.template)
        #expect(template === copies[0].value(.message, ofCode: row, language: 0)?.parsed)
        #expect(template !== copies[1].value(.message, ofCode: row, language: 0)?.parsed)
        #expect(
            copies[0].value(.message, ofCode: row, language: 0)?.formatted(with: ["9:00"], language: "en")
                == "The shop closed at 9:00 today.")
    }

    /// `OnceSlots` and its plain twin give the value made once for each slot, to many threads asking at once.
    @Test func onceSlotsAndTheirLockedTwinAgreeFromManyThreads() {
        final class Made: @unchecked Sendable {
            let lock = NSLock()
            var count = 0
            func make(_ slot: Int) -> [Int] {
                lock.withLock { count += 1 }
                return [slot, slot * 2]
            }
        }
        for locked in [false, true] {
            let made = Made()
            let slots = OnceSlots<[Int]>(pageSizes: [0, 64, 3])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                for slot in 0..<64 {
                    let value =
                        locked
                        ? slots.valueLocked(page: 1, slot: slot) { made.make(slot) }
                        : slots.value(page: 1, slot: slot) { made.make(slot) }
                    precondition(value == [slot, slot * 2])
                }
            }
            #expect((0..<64).allSatisfy { slots.madeValue(page: 1, slot: $0)?.pointee == [$0, $0 * 2] })
            #expect((0..<64).allSatisfy { slots.value(page: 1, slot: $0) { [-1] } == [$0, $0 * 2] })
            #expect(slots.madeValue(page: 2, slot: 0) == nil)
            if locked { #expect(made.count == 64) } else { #expect(made.count >= 64) }
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
