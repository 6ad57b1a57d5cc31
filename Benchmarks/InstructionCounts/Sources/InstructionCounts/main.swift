import Foundation
import FriendlyErrors

// Runs one operation of Benchmarks/Benchmarks (same fixtures: Fixtures.swift) a given number of times:
//
//     InstructionCounts <operation> <count>
//     InstructionCounts --list
//
// Everything an operation needs is made before its loop, so the difference between two counts is
// the loop alone (Benchmarks/count-instructions.sh).

/// Keeps a value alive without letting the optimizer see through it.
@inline(never) func sink<T>(_ value: T) { withExtendedLifetime(value) {} }

/// An operation by name: `prepare` makes what it reads (files), `run` calls it the given number of times.
struct Operation {
    var name: String
    var prepare: () -> Void = {}
    var run: (Int) -> Void
}

var operations: [Operation] = []

/// Adds an operation whose body runs in a plain loop.
@MainActor func add(_ name: String, prepare: @escaping () -> Void = {}, _ body: @escaping () -> Void) {
    operations.append(Operation(name: name, prepare: prepare, run: { count in for _ in 0..<count { body() } }))
}

let pipeline = AlertPipeline()
for (language, preference) in [("en", LanguagePreference("en")), ("ja", LanguagePreference("ja"))] {
    for (name, error) in Fixtures.errors {
        add("alert/\(name)/\(language)") { sink(pipeline.alert(for: error, in: preference)) }
    }
}

let japanJapanese = LanguagePreference("ja-JP")
add("alert/tag/ja-JP/prebuilt") { sink(pipeline.alert(for: Fixtures.AppError.simple, in: japanJapanese)) }
add("alert/tag/ja-JP/literal") { sink(pipeline.alert(for: Fixtures.AppError.simple, in: "ja-JP")) }
add("alert/tag/ja_JP/literal") { sink(pipeline.alert(for: Fixtures.AppError.simple, in: "ja_JP")) }

let bridged: any Error = Fixtures.AppError.simple
add("bridging/localizedDescription") { sink(bridged.localizedDescription) }

for count in [1, 1_000] {
    let registered = Fixtures.registering(Fixtures.UnknownError.self, count: count, into: pipeline)
    add("rules/\(count)") { sink(registered.alert(for: Fixtures.UnknownError(), in: "en")) }
}

/// A catalog load; the folder is written by `prepare`, only for the operation that reads it.
@MainActor func addCatalog(_ name: String, folder make: @escaping () -> String) {
    nonisolated(unsafe) var folder = ""
    add(name, prepare: { folder = make() }) { sink(TranslationCatalog.load(folder: folder)) }
}
let catalogData = Fixtures.stringsFile(keys: 10_000)
addCatalog("catalog/10k/TranslationCatalog.load") {
    HostileCatalogs.folder("10k", files: ["en.lproj/Big.strings": String(decoding: catalogData, as: UTF8.self)])
}
add("catalog/10k/PropertyListSerialization") {
    sink(try? PropertyListSerialization.propertyList(from: catalogData, options: [], format: nil))
}
for count in [10_000, 40_000] {
    addCatalog("catalog/placeholders/\(count / 1000)k") { HostileCatalogs.placeholders(count) }
    addCatalog("catalog/localizations/\(count / 1000)k") { HostileCatalogs.localizations(count) }
}
addCatalog("catalog/280KB-40k-placeholders") { HostileCatalogs.mixedPlaceholders() }

// A new pipeline over a loaded catalog and its first 1,000 alerts: what a pipeline made per test, tenant or
// request costs before it is warm (issue 35's warm-up marked its storage at the 1,000th alert; issue 45
// removed that, so this is the pipeline and 1,000 alerts, `alert/FriendlyError/en`, alone). Named
// `catalog/…` to be run 1 and 6 times.
let english = LanguagePreference("en")
@MainActor func addWarmup(_ name: String, folder make: (() -> String)?) {
    nonisolated(unsafe) var catalog: TranslationCatalog? = nil
    add(name, prepare: { catalog = make.map { TranslationCatalog.load(folder: $0()) } }) {
        let warmed = catalog.map { AlertPipeline().addingCatalog($0) } ?? AlertPipeline()
        for _ in 0..<1_000 { sink(warmed.alert(for: Fixtures.AppError.simple, in: english)) }
    }
}
addWarmup("catalog/warmup/builtIn", folder: nil)
addWarmup("catalog/warmup/10k") {
    HostileCatalogs.folder("warmup-10k", files: ["en.lproj/Big.strings": String(decoding: catalogData, as: UTF8.self)])
}
addWarmup("catalog/warmup/placeholders/10k") { HostileCatalogs.placeholders(10_000) }

let jsonAlert = pipeline.alert(for: Fixtures.AppError.withArguments(count: 3, volume: "Backup"), in: "en")
let referencedAlert = withOwnReference(jsonAlert)
let json = JSONPresenter()
let encoder = JSONEncoder()
let codable = Fixtures.ProblemDetails(jsonAlert)
add("json/problem+json/JSONPresenter") {
    sink(problemDetails(json, for: referencedAlert))
}
add("json/problem+json/JSONEncoder") { sink(try? encoder.encode(codable)) }
// A server's body for the same alert (`ErrorBodyWriter.responseBody`): a fresh instance in this thread's template.
let untracedRequest = ErrorRequest()
add("json/problem+json/responseBody") { sink(json.responseBody(for: jsonAlert, to: untracedRequest)) }
// With a trace ID (`traceId`): written whole, no template.
let tracedRequest = ErrorRequest(traceID: "4bf92f3577b34da6a3ce929d0e0e4736")
add("json/problem+json/responseBody/traced") { sink(json.responseBody(for: jsonAlert, to: tracedRequest)) }
// The same alert as a web page (issue 25: within 2 × the problem+json body).
let html = HTMLPresenter()
add("html/page/HTMLPresenter") { sink(htmlPage(html, for: referencedAlert)) }

let console = ConsolePresenter(
    output: TextOutput { sink($0) },
    color: false, width: 80, interactive: false, environment: [:])
/// Runs jobs at once on the thread that enqueues them. The console operations run in a task that
/// prefers it, so they never leave the main thread: callgrind crashes following the render onto a
/// thread of the cooperative pool.
final class InlineExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        job.runSynchronously(on: asUnownedTaskExecutor())
    }
}
let inline = InlineExecutor()
for language in ["en", "ja"] {
    let alert = pipeline.alert(for: CocoaError(.fileNoSuchFile), in: LanguagePreference(stringLiteral: language))
    operations.append(
        Operation(name: "console/render/80/\(language)") { count in
            // Nothing in `present` waits (nobody is asked), so the task has finished when this returns.
            Task(executorPreference: inline) {
                for _ in 0..<count { sink(await console.present(alert)) }
            }
        })
}

// A client reading a typical problem body (issue 38): a Japanese answer with a suggestion, three
// actions (two links) and a field problem, as this library's servers write it, next to Foundation
// reading the same body into a plain Codable struct and into a dictionary.
let receivedBody = Array(
    ##"{"type":"https://errors.example.com/payment/declined","title":"支払いが拒否されました","status":403,"detail":"カードが拒否されました。","instance":"urn:uuid:9b2c5a44-0000-4000-8000-000000000000","code":"payment.declined","category":"permissionDenied","severity":"error","suggestion":"ウォレットにチャージしてください。","actions":[{"id":"cancel","title":"キャンセル","role":"cancel"},{"id":"topUp","title":"チャージ","role":"default","href":"/wallet/top-up"},{"id":"help","title":"ヘルプ","role":"default","href":"https://help.example.com/payments"}],"errors":[{"pointer":"#/card/number","code":"payment.card.invalid","detail":"カード番号が正しくありません。"}],"language":"ja"}"##
        .utf8)
let receivedData = Data(receivedBody)
let receivedHeaders = [("Content-Type", "application/problem+json"), ("Content-Language", "ja")]
let receivedURL = URL(string: "https://shop.example.com/api/orders/7")
struct ReceivedProblem: Decodable {
    struct Action: Decodable {
        var id: String
        var title: String
        var role: String
        var href: String?
    }
    struct FieldError: Decodable {
        var pointer: String?
        var field: String?
        var code: String
        var detail: String
    }
    var type: String
    var title: String
    var status: Int
    var detail: String
    var instance: String?
    var code: String
    var category: String
    var severity: String
    var reason: String?
    var suggestion: String?
    var referenceId: String?
    var actions: [Action]
    var errors: [FieldError]?
    var language: String
}
let decoder = JSONDecoder()
add("client/problem+json/RemoteProblem") {
    sink(RemoteProblem(status: 403, headers: receivedHeaders, body: receivedBody, requestURL: receivedURL))
}
add("client/problem+json/JSONDecoder") { sink(try? decoder.decode(ReceivedProblem.self, from: receivedData)) }
add("client/problem+json/JSONSerialization") { sink(try? JSONSerialization.jsonObject(with: receivedData)) }
let received = RemoteProblem(status: 403, headers: receivedHeaders, body: receivedBody, requestURL: receivedURL)
add("client/alert/RemoteProblem") { sink(pipeline.alert(for: received, in: "en")) }

let arguments = CommandLine.arguments
if arguments.count == 2, arguments[1] == "--list" {
    for operation in operations { print(operation.name) }
    exit(0)
}
guard arguments.count == 3, let count = Int(arguments[2]), count >= 0,
    let operation = operations.first(where: { $0.name == arguments[1] })
else {
    FileHandle.standardError.write(Data("usage: InstructionCounts <operation> <count> | --list\n".utf8))
    exit(64)
}
operation.prepare()
operation.run(count)
