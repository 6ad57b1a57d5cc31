import Benchmark
import Foundation
import FriendlyErrors

/// Valid but hostile catalogs (issue 12): loading and checking must stay linear in the size of the
/// input. The 40k cases should take at most about 4× the 10k ones; the 280 KB translation with 40,000
/// placeholders must load in under 100 ms.
func hostileCatalogBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds, scalingFactor: .one,
        maxDuration: .seconds(3), maxIterations: 50)

    // One key whose base text and translation each hold `count` placeholders: the check compares
    // them argument by argument.
    for count in [10_000, 40_000] {
        let folder = HostileCatalogs.placeholders(count)
        Benchmark("catalog/placeholders/\(count / 1000)k", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(TranslationCatalog.load(folder: folder))
            }
        }
    }

    // One key of a String Catalog with `count` localizations.
    for count in [10_000, 40_000] {
        let folder = HostileCatalogs.localizations(count)
        Benchmark("catalog/localizations/\(count / 1000)k", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(TranslationCatalog.load(folder: folder))
            }
        }
    }

    // A 280 KB translation with 40,000 placeholders of several kinds, unknown ones included.
    let folder = HostileCatalogs.mixedPlaceholders()
    Benchmark("catalog/280KB-40k-placeholders", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(TranslationCatalog.load(folder: folder))
        }
    }
}
