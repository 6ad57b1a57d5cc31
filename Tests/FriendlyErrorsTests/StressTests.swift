import Foundation
import FriendlyErrors
import FriendlyErrorsTesting
import Testing

/// Everything shared, at once, from many tasks: presenting through one pipeline, bootstrapping,
/// reading the process-wide state, loading catalogs and negotiating languages. CI runs this suite
/// under ThreadSanitizer and AddressSanitizer as well; here it checks that nothing is lost.
@Suite(.timeLimit(.minutes(3)))
struct StressTests {
    @Test func presentingBootstrappingAndLoadingCatalogsAtOnceLosesNothing() async {
        let recorder = RecordingPresenter(answering: .choose("fix"))
        let recoveries = Box(0)
        let pipeline = AlertPipeline().observing { _ in }
        let presenters = 8
        let alertsEach = 2_000
        let loaded = Box(0)

        await AlertPresentationSystem.withPresenter(recorder) {
            await withTaskGroup(of: Void.self) { group in
                for task in 0..<presenters {
                    group.addTask {
                        for index in 0..<alertsEach {
                            let error: any Error =
                                switch index % 4 {
                                case 0: StorageError.readOnly
                                case 1: StorageError.diskFull(freeMB: task, volume: "v\(index % 3)")
                                case 2: Recoverable(counter: recoveries)
                                default: DatabaseFailure()
                                }
                            let language: LanguagePreference = index.isMultiple(of: 2) ? "ja" : "de-AT"
                            await pipeline.present(error, in: language)
                        }
                    }
                }
                for _ in 0..<4 {
                    group.addTask {
                        AlertPresentationSystem.bootstrap(RecordingPresenter())
                        for _ in 0..<200 {
                            _ = AlertPresentationSystem.presenter
                            _ = AlertPresentationSystem.pipeline.catalog.baseLanguage
                        }
                    }
                }
                for index in 0..<4 {
                    group.addTask {
                        let catalog = TranslationCatalog.load(folder: BuiltInCatalogTests.localizationFolder)
                        let layered = AlertPipeline().addingCatalog(catalog)
                            .registering(DatabaseFailure.self) { _ in
                                Classification(code: "db.down", category: .unavailable)
                            }
                        let alert = layered.alert(
                            for: URLError(.timedOut), in: .acceptLanguage("fr-CH, fr;q=0.9, ja;q=0.\(index)"))
                        if alert.language == "fr", catalog.diagnostics.isEmpty { loaded.mutate { $0 += 1 } }
                    }
                }
            }
        }

        #expect(recorder.totalOccurrences == presenters * alertsEach)
        #expect(recorder.maximumConcurrentPresentations == 1)
        #expect(loaded.value == 4)
        // Each presented Recoverable alert ran its recovery once; joiners of a coalesced one did not.
        let recoverableAlerts = recorder.alerts.filter { $0.code == "stress.recoverable" }
        #expect(recoveries.value == recoverableAlerts.count)
    }

    struct Recoverable: FriendlyError {
        var counter: Box<Int>
        var code: String { "stress.recoverable" }
        var message: LocalizableText { "Something to recover from." }
        var recoveries: [Recovery] {
            [
                Recovery(id: "fix", label: "Fix") { [counter] in
                    counter.mutate { $0 += 1 }
                    return .recovered
                }
            ]
        }
    }
}
