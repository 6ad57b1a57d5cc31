import Foundation
import Testing

@testable import FriendlyErrors

/// Issue 45: what an app creates — a pipeline, its catalogs, rules, classifiers and observers — is freed
/// when the app drops it, whatever number of alerts the pipeline made. (Until then a pipeline's 1,000th
/// alert marked its storage immortal, the app's rules with it: 0 of 10 freed at 1,000 alerts.)
struct PipelineLifetimeTests {
    /// A large object an app's closures capture: 1 MiB, as in the issue's measurement.
    final class Captured: Sendable {
        let bytes = [UInt8](repeating: 7, count: 1 << 20)
    }

    /// A classifier of the app's own that keeps a captured object.
    struct AppClassifier: ErrorClassifier {
        let captured: Captured
        func classify(_ error: any Error, context: ClassificationContext, next: (any Error) -> Classification)
            -> Classification
        {
            withExtendedLifetime(captured) { next(error) }
        }
    }

    /// Real failures, each made by the API that reports it: a file that is not there, JSON that is not
    /// what the type wants, a connection refused on a closed loopback port.
    static func realErrors() throws -> [any Error] {
        var errors: [any Error] = []
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("fe-lifetime-\(UUID()).txt")
        do { _ = try Data(contentsOf: missing) } catch { errors.append(error) }
        do { _ = try FileManager.default.contentsOfDirectory(atPath: missing.path) } catch { errors.append(error) }
        do { _ = try JSONDecoder().decode([String: Int].self, from: Data(#"{"price": "free"}"#.utf8)) } catch {
            errors.append(error)
        }
        #expect(errors.count == 3)
        return errors
    }

    /// An app catalog loaded from a folder, as an app loads its own.
    static func loadedCatalog() throws -> TranslationCatalog {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fe-lifetime-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let english = """
            "app.read.title" = "The file could not be read";
            "app.read.message" = "Check that the file is there and try again.";

            """
        let japanese = """
            "app.read.title" = "ファイルを読み込めませんでした";
            "app.read.message" = "ファイルがあることを確認して、もう一度お試しください。";

            """
        let files = ["en.lproj/App.strings": english, "ja.lproj/App.strings": japanese]
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        return TranslationCatalog.load(folder: root.path)
    }

    @Test func tenPipelinesWithARuleCapturingAnObjectAreFreedAfter1100AlertsEach() throws {
        let errors = try Self.realErrors()
        var captured: [WeakReference<Captured>] = []
        var indexes: [WeakReference<CatalogIndex>] = []
        for _ in 0..<10 {
            do {
                let object = Captured()
                captured.append(WeakReference(object))
                let pipeline = AlertPipeline()
                    .addingCatalog(try Self.loadedCatalog())
                    .registering(CocoaError.self) { _ in
                        withExtendedLifetime(object) { Classification(code: "app.read", category: .ioFailure) }
                    }
                indexes.append(WeakReference(pipeline.catalog.index))
                for number in 0..<1_100 {
                    let alert = pipeline.alert(for: errors[number % errors.count], in: number % 2 == 0 ? "en" : "ja")
                    #expect(!alert.message.isEmpty)
                }
                #expect(pipeline.alert(for: errors[0], in: "ja").title == "ファイルを読み込めませんでした")
            }
        }
        #expect(captured.filter { $0.value == nil }.count == 10)
        #expect(indexes.filter { $0.value == nil }.count == 10)
    }

    @Test func aPipelinesClassifiersAndObserversAreFreedAfterManyAlertsFromSeveralThreads() async throws {
        let errors = try Self.realErrors()
        var classifierObject: WeakReference<Captured>?
        var observerObject: WeakReference<Captured>?
        do {
            let forClassifier = Captured()
            let forObserver = Captured()
            classifierObject = WeakReference(forClassifier)
            observerObject = WeakReference(forObserver)
            let pipeline = AlertPipeline()
                .addingClassifier(AppClassifier(captured: forClassifier))
                .observing { _ in withExtendedLifetime(forObserver) {} }
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        for number in 0..<1_100 { _ = pipeline.alert(for: errors[number % errors.count], in: "en") }
                    }
                }
            }
        }
        #expect(classifierObject?.value == nil)
        #expect(observerObject?.value == nil)
    }
}

/// A weak reference, to see whether an object was freed.
struct WeakReference<Object: AnyObject> {
    weak var value: Object?
    init(_ value: Object) { self.value = value }
}
