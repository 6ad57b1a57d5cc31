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
        let unit = "%@ "
        let folder = HostileCatalogs.folder(
            "placeholders-\(count)",
            files: [
                "en.lproj/App.strings": "\"k\" = \"\(String(repeating: unit, count: count))\";\n",
                "ja.lproj/App.strings": "\"k\" = \"\(String(repeating: unit, count: count))\";\n",
            ])
        Benchmark("catalog/placeholders/\(count / 1000)k", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(TranslationCatalog.load(folder: folder))
            }
        }
    }

    // One key of a String Catalog with `count` localizations.
    for count in [10_000, 40_000] {
        let folder = HostileCatalogs.folder(
            "localizations-\(count)", files: ["App.xcstrings": HostileCatalogs.xcstrings(localizations: count)])
        Benchmark("catalog/localizations/\(count / 1000)k", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(TranslationCatalog.load(folder: folder))
            }
        }
    }

    // A 280 KB translation with 40,000 placeholders of several kinds, unknown ones included.
    let unit = "%lld%y "  // 7 bytes: an integer placeholder and an unknown one
    let text = String(repeating: unit, count: 40_000)
    let folder = HostileCatalogs.folder(
        "280kb",
        files: ["en.lproj/App.strings": "\"k\" = \"\(text)\";\n", "ja.lproj/App.strings": "\"k\" = \"\(text)\";\n"])
    Benchmark("catalog/280KB-40k-placeholders", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(TranslationCatalog.load(folder: folder))
        }
    }
}

enum HostileCatalogs {
    /// A new folder holding `files` (relative path → contents); its path.
    static func folder(_ name: String, files: [String: String]) -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fe-bench-\(getpid())-\(name)")
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(contents.utf8).write(to: url)
        }
        return root.path
    }

    /// A String Catalog with one key localized `count` times (languages `x-0`, `x-1`, …, and `en`).
    static func xcstrings(localizations count: Int) -> String {
        var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"k\" : {\n      \"localizations\" : {\n"
        text += "        \"en\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%@ files\" } }"
        for index in 0..<count {
            text +=
                ",\n        \"x-\(index)\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%@ f\(index)\" } }"
        }
        return text + "\n      }\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"
    }
}
