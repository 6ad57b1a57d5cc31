import Benchmark
import Foundation
import FriendlyErrors

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        timeUnits: .nanoseconds,
        warmupIterations: 10,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )

    let pipeline = AlertPipeline()

    // alert(for:) for each error family, in the base language and in Japanese.
    for (language, preference) in [("en", LanguagePreference("en")), ("ja", LanguagePreference("ja"))] {
        for (name, error) in Fixtures.errors {
            Benchmark("alert/\(name)/\(language)") { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(pipeline.alert(for: error, in: preference))
                }
            }
        }
    }

    // A tag as the caller writes it against a preference built once: the tag costs no more.
    let japanJapanese = LanguagePreference("ja-JP")
    Benchmark("alert/tag/ja-JP/prebuilt") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(pipeline.alert(for: Fixtures.AppError.simple, in: japanJapanese))
        }
    }
    Benchmark("alert/tag/ja-JP/literal") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(pipeline.alert(for: Fixtures.AppError.simple, in: "ja-JP"))
        }
    }
    Benchmark("alert/tag/ja_JP/literal") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(pipeline.alert(for: Fixtures.AppError.simple, in: "ja_JP"))
        }
    }

    // Foundation's view of a FriendlyError: one text, not a whole alert.
    let bridged: any Error = Fixtures.AppError.simple
    Benchmark("bridging/localizedDescription") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(bridged.localizedDescription)
        }
    }

    // One registered type rule against a thousand: dispatch is one dictionary lookup either way.
    for count in [1, 1_000] {
        let registered = Fixtures.registering(Fixtures.UnknownError.self, count: count, into: pipeline)
        Benchmark("rules/\(count)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(registered.alert(for: Fixtures.UnknownError(), in: "en"))
            }
        }
    }

    // Loading a 10,000-key catalog: our parser against Foundation's property-list reader.
    let catalogData = Fixtures.stringsFile(keys: 10_000)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fe-bench-\(getpid())")
    let lproj = folder.appendingPathComponent("en.lproj")
    try? FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
    try? catalogData.write(to: lproj.appendingPathComponent("Big.strings"))
    let catalogConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, scalingFactor: .one,
        maxDuration: .seconds(3), maxIterations: 200)
    Benchmark("catalog/10k/TranslationCatalog.load", configuration: catalogConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(TranslationCatalog.load(folder: folder.path))
        }
    }
    Benchmark("catalog/10k/PropertyListSerialization", configuration: catalogConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? PropertyListSerialization.propertyList(from: catalogData, options: [], format: nil))
        }
    }

    hostileCatalogBenchmarks()

    // Encoding one alert as problem+json: our writer against JSONEncoder on a Codable of the same fields.
    let jsonAlert = pipeline.alert(for: Fixtures.AppError.withArguments(count: 3, volume: "Backup"), in: "en")
    let referencedAlert = withOwnReference(jsonAlert)
    let json = JSONPresenter()
    let encoder = JSONEncoder()
    let codable = Fixtures.ProblemDetails(jsonAlert)
    Benchmark("json/problem+json/JSONPresenter") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(problemDetails(json, for: referencedAlert))
        }
    }
    Benchmark("json/problem+json/JSONEncoder") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? encoder.encode(codable))
        }
    }
    // The same alert as a web page (issue 25: within 2 × the problem+json body).
    let html = HTMLPresenter()
    Benchmark("html/page/HTMLPresenter") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(htmlPage(html, for: referencedAlert))
        }
    }

    // Rendering one alert for a terminal at 80 columns.
    let console = ConsolePresenter(
        output: TextOutput { blackHole($0) },
        color: false, width: 80, interactive: false, environment: [:])
    for language in ["en", "ja"] {
        let alert = pipeline.alert(for: CocoaError(.fileNoSuchFile), in: LanguagePreference(stringLiteral: language))
        Benchmark("console/render/80/\(language)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(await console.present(alert))
            }
        }
    }

    // Throughput of alert(for:) from one task and from two: no lock on the read path.
    let operations = 200_000
    // Made once, as a server makes one per request, not per alert: this measures `alert(for:)`.
    let english = LanguagePreference("en")
    for tasks in [1, 2] {
        Benchmark(
            "throughput/\(tasks)-task",
            configuration: .init(
                metrics: [.wallClock, .throughput], timeUnits: .milliseconds, scalingFactor: .one,
                maxDuration: .seconds(5), maxIterations: 20)
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<tasks {
                        group.addTask {
                            for _ in 0..<(operations / tasks) {
                                blackHole(pipeline.alert(for: Fixtures.AppError.simple, in: english))
                            }
                        }
                    }
                }
            }
        }
    }
}
