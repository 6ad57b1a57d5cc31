import Foundation
import FriendlyErrors

// Threads sharing one `AlertPipeline` (with an app catalog layered over the built-in one) against one
// thread, kind by kind and on the mix of the seven input kinds, next to the same threads doing private
// arithmetic as a control (issue 35). Run with Benchmarks/scaling.sh; see Benchmarks/README.md.
//
//     Scaling [--threads 1,2,4] [--rounds 5] [--alerts 200000] [--kinds mix,URLError,…] [--language en]
//     Scaling --lifetime 200        # issue 45: 200 new pipelines, each with a loaded catalog, 1,100 alerts
//                                   # each, then dropped: RSS growth, failing above 10 MB
//     Scaling --first-alerts 10000  # issue 45: the slowest of a new pipeline's first 10,000 alerts,
//                                   # failing at 1 ms of the thread's CPU or more
//
// For each kind and thread count T, a round runs, one after the other: the control on 1 thread, the
// alerts on 1 thread, the control on T threads, the alerts on T threads. Every thread does the same
// fixed amount of work, all start together (a barrier), and the time is from the start to the last
// thread's end. A round's pair (alerts on T ÷ alerts on 1, as throughputs) counts only when the
// control's ratio in the same round is ≥ 1.9 × (for T = 2; ≥ 0.95 × min(T, cores) in general): both
// cores were the benchmark's own. Reported: the median alerts/s of one thread, the median of the
// counted ratios, their range, how many rounds counted (and the median of all rounds), and the CPU time
// an alert takes on one thread divided by what it takes with T threads (each thread's own CPU clock):
// near 1 when threads sharing the pipeline do not slow each other, whatever else the machine runs.

#if canImport(Glibc)
    import Glibc
#endif

@inline(never) func sink<T>(_ value: T) { withExtendedLifetime(value) {} }

enum AppError: FriendlyError {
    case simple
    var code: String { "bench.simple" }
    var message: LocalizableText { "The benchmark failed." }
    var category: ErrorCategory { .ioFailure }
}

struct UnknownError: Error { var secret = "postgres://admin:hunter2@db/prod" }

struct Key: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

/// The seven input kinds of issue 35. Each thread makes its own errors (as each request of a server
/// throws its own), boxed as `any Error` as a `catch` has them: what the threads share is the pipeline.
let kinds: [(name: String, make: @Sendable () -> any Error)] = [
    ("FriendlyError", { AppError.simple }),
    ("URLError", { URLError(.notConnectedToInternet) }),
    ("CocoaError", { CocoaError(.fileNoSuchFile) }),
    ("POSIXError", { POSIXError(.EACCES) }),
    (
        "DecodingError",
        {
            DecodingError.keyNotFound(
                Key(stringValue: "price"),
                .init(codingPath: [Key(stringValue: "items"), Key(intValue: 2)], debugDescription: "\(Int.random(in: 0...9))"))
        }
    ),
    ("UnknownStruct", { UnknownError(secret: "postgres://admin:hunter2@db/prod?\(Int.random(in: 0...9))") }),
    ("NSError", { NSError(domain: "com.example.unknown", code: 7) }),
]

/// An app catalog in English and Japanese for the app error's code, written to a temporary folder.
func appCatalog() -> TranslationCatalog {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("fe-scaling-\(getpid())")
    let files = [
        "en.lproj/App.strings":
            "\"bench.simple.title\" = \"Benchmark failed\";\n\"bench.simple.message\" = \"The benchmark failed after %@ tries.\";\n",
        "ja.lproj/App.strings":
            "\"bench.simple.title\" = \"ベンチマーク失敗\";\n\"bench.simple.message\" = \"ベンチマークは %@ 回の試行後に失敗しました。\";\n",
    ]
    for (path, contents) in files {
        let url = root.appendingPathComponent(path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(contents.utf8).write(to: url)
    }
    defer { try? FileManager.default.removeItem(at: root) }
    return TranslationCatalog.load(folder: root.path)
}

// MARK: Options

var threadCounts = [1, 2, ProcessInfo.processInfo.activeProcessorCount]
var rounds = 5
var alertsPerThread = 200_000
var selectedKinds: [String]? = nil
var language = "en"
var lifetimePipelines: Int? = nil
var firstAlerts: Int? = nil
var arguments = CommandLine.arguments.dropFirst()
while let option = arguments.popFirst() {
    let value = arguments.popFirst() ?? ""
    switch option {
    case "--threads": threadCounts = value.split(separator: ",").compactMap { Int($0) }
    case "--rounds": rounds = Int(value) ?? rounds
    case "--alerts": alertsPerThread = Int(value) ?? alertsPerThread
    case "--kinds": selectedKinds = value.split(separator: ",").map(String.init)
    case "--language": language = value
    case "--lifetime": lifetimePipelines = Int(value) ?? 200
    case "--first-alerts": firstAlerts = Int(value) ?? 10_000
    default:
        FileHandle.standardError.write(
            Data(
                "usage: Scaling [--threads 1,2,4] [--rounds N] [--alerts N] [--kinds mix,URLError,…] [--language en] | --lifetime N | --first-alerts N\n"
                    .utf8))
        exit(64)
    }
}
threadCounts = Array(Set(threadCounts.filter { $0 > 1 })).sorted()
let cores = ProcessInfo.processInfo.activeProcessorCount

// MARK: Running threads together

/// The calling thread's CPU time, in seconds.
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Runs `body(thread)` on `count` new threads started together: the seconds from the start to the last
/// end, and the CPU seconds the threads used in all.
func timeThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> (wall: Double, cpu: Double) {
    final class Start: @unchecked Sendable {
        var barrier = pthread_barrier_t()
        init(_ parties: Int) { pthread_barrier_init(&barrier, nil, UInt32(parties)) }
        deinit { pthread_barrier_destroy(&barrier) }
    }
    let start = Start(count + 1)
    let end = Start(count + 1)
    final class CPU: @unchecked Sendable {
        var seconds: [Double]
        init(_ count: Int) { seconds = Array(repeating: 0, count: count) }
    }
    let cpu = CPU(count)
    var threads: [Thread] = []
    for index in 0..<count {
        let thread = Thread {
            pthread_barrier_wait(&start.barrier)
            let began = threadCPUSeconds()
            body(index)
            cpu.seconds[index] = threadCPUSeconds() - began
            pthread_barrier_wait(&end.barrier)
        }
        thread.stackSize = 1 << 20
        threads.append(thread)
        thread.start()
    }
    pthread_barrier_wait(&start.barrier)
    let began = DispatchTime.now().uptimeNanoseconds
    pthread_barrier_wait(&end.barrier)
    let ended = DispatchTime.now().uptimeNanoseconds
    return (Double(ended - began) / 1e9, cpu.seconds.reduce(0, +))
}

/// Private arithmetic: each thread its own state on its own stack, nothing shared.
@inline(never) func control(_ iterations: Int, seed: UInt64) -> UInt64 {
    var x = seed | 1
    for _ in 0..<iterations {
        x ^= x << 13
        x ^= x >> 7
        x ^= x << 17
    }
    return x
}

// MARK: New pipelines (issue 45)

/// The process's resident set, in bytes (`/proc/self/statm`'s second field, in pages).
func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

/// The repository's `Localization` folder: every built-in text in every language, a real catalog of
/// some size for an app to load.
let localizationFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../../Localization").standardizedFileURL.path

/// 1,100 alerts of the seven kinds in turn, English and Japanese, from `pipeline`.
func presentMany(_ pipeline: AlertPipeline, _ count: Int) {
    let errors = kinds.map { $0.make() }
    for number in 0..<count {
        sink(pipeline.alert(for: errors[number % errors.count], in: number % 2 == 0 ? "en" : "ja"))
    }
}

/// `pipelines` pipelines, each over its own `TranslationCatalog.load(folder:)` and with a rule that
/// captures an object of 1 MiB, make 1,100 alerts each and are dropped: the RSS after against before
/// (one such pipeline made and dropped first, so that the process's own lazily made values count in
/// both). Exits 1 above 10 MB of growth.
func lifetime(_ pipelines: Int) -> Never {
    final class Captured: Sendable { let bytes = [UInt8](repeating: 7, count: 1 << 20) }
    func oneCycle() {
        let captured = Captured()
        let pipeline = AlertPipeline().addingCatalog(TranslationCatalog.load(folder: localizationFolder))
            .registering(UnknownError.self) { _ in
                withExtendedLifetime(captured) { Classification(code: "bench.unknown", category: .internal) }
            }
        presentMany(pipeline, 1_100)
    }
    oneCycle()
    let before = residentBytes()
    let started = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<pipelines { oneCycle() }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    let after = residentBytes()
    let growth = Double(after - before) / 1_048_576
    print(
        "\(pipelines) pipelines × 1,100 alerts, each with a loaded catalog (\(localizationFolder)) and a rule "
            + "capturing 1 MiB, dropped: RSS \(format(Double(before) / 1_048_576, 1)) → "
            + "\(format(Double(after) / 1_048_576, 1)) MB (growth \(format(growth, 1)) MB, limit 10 MB; \(format(seconds, 1)) s)")
    exit(growth > 10 ? 1 : 0)
}

/// The slowest of the first `count` alerts of a new pipeline (an app catalog over the built-in one, the
/// seven kinds in turn): each alert timed by the thread's CPU clock (what the alert did, whatever else
/// the machine runs) and by the wall clock. Twice: the process's first pipeline, then a second new one.
/// Exits 1 when an alert took 1 ms of CPU or more.
func firstAlertsOfNewPipelines(_ count: Int) -> Never {
    var worstCPU = 0.0
    for which in ["the process's first pipeline", "a second new pipeline"] {
        let pipeline = AlertPipeline().addingCatalog(appCatalog())
        let errors = kinds.map { $0.make() }
        var cpu: [Double] = []
        var wall: [Double] = []
        cpu.reserveCapacity(count)
        wall.reserveCapacity(count)
        for number in 0..<count {
            let error = errors[number % errors.count]
            let wallStart = DispatchTime.now().uptimeNanoseconds
            let cpuStart = threadCPUSeconds()
            sink(pipeline.alert(for: error, in: "en"))
            cpu.append(threadCPUSeconds() - cpuStart)
            wall.append(Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9)
        }
        let slowest = cpu.indices.max { cpu[$0] < cpu[$1] }!
        let sorted = cpu.sorted()
        worstCPU = max(worstCPU, cpu[slowest])
        print(
            "\(which): slowest of the first \(count) alerts \(format(cpu[slowest] * 1e6, 1)) µs of CPU (alert #\(slowest + 1), "
                + "\(kinds[slowest % kinds.count].name)); 99.9th percentile \(format(sorted[count * 999 / 1000] * 1e6, 1)) µs, "
                + "median \(format(sorted[count / 2] * 1e6, 1)) µs; wall clock: slowest \(format(wall.max()! * 1e6, 1)) µs")
    }
    exit(worstCPU >= 0.001 ? 1 : 0)
}

if let lifetimePipelines { lifetime(lifetimePipelines) }
if let firstAlerts { firstAlertsOfNewPipelines(firstAlerts) }

// MARK: The measurement

let pipeline = AlertPipeline().addingCatalog(appCatalog())
let preference = LanguagePreference(stringLiteral: language)
// Warm: every kind once on this thread (templates read, chains negotiated).
for _ in 0..<2 { for (_, make) in kinds { sink(pipeline.alert(for: make(), in: preference)) } }

/// The makers of the errors a thread presents in turn: one kind, or the seven mixed.
func makers(for kind: String) -> [@Sendable () -> any Error] {
    kind == "mix" ? kinds.map(\.make) : kinds.filter { $0.name == kind }.map(\.make)
}

// About as long as the same number of alerts on one thread: ≈ 2 ns an iteration here.
let controlIterations = alertsPerThread * 150

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func format(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }

print("cores: \(cores), alerts per thread: \(alertsPerThread), rounds: \(rounds), language: \(language)")
print("kind             threads  1-thread alerts/s  ratio (median, range)   control ratio (median)  counted           CPU/alert 1 ÷ T")
for kind in selectedKinds ?? (["mix"] + kinds.map(\.name)) {
    let list = makers(for: kind)
    guard !list.isEmpty else {
        print("unknown kind \(kind)")
        continue
    }
    let perThread = alertsPerThread
    let tag = language
    let run: @Sendable (Int) -> Void = { thread in
        // The thread's own errors, and its own copy of the preference (a request's).
        let errors = list.map { $0() }
        let preference = LanguagePreference(stringLiteral: tag)
        let count = errors.count
        var next = thread % count
        for _ in 0..<perThread {
            sink(pipeline.alert(for: errors[next], in: preference))
            next += 1
            if next == count { next = 0 }
        }
    }
    for threads in threadCounts {
        var single: [Double] = []
        var ratios: [Double] = []
        var allRatios: [Double] = []
        var controls: [Double] = []
        var cpuRatios: [Double] = []
        let needed = threads >= cores ? 0.95 * Double(cores) : 0.95 * Double(threads)
        for _ in 0..<rounds {
            let control1 = timeThreads(1) { sink(control(controlIterations, seed: UInt64($0 + 1))) }
            let alerts1 = timeThreads(1, run)
            let controlN = timeThreads(threads) { sink(control(controlIterations, seed: UInt64($0 + 1))) }
            let alertsN = timeThreads(threads, run)
            // Throughput ratio: T threads' work in its time against one thread's in its own.
            let controlRatio = Double(threads) * control1.wall / controlN.wall
            let ratio = Double(threads) * alerts1.wall / alertsN.wall
            // CPU time per alert on one thread against with T threads: 1 when sharing costs nothing.
            cpuRatios.append(Double(threads) * alerts1.cpu / alertsN.cpu)
            single.append(Double(alertsPerThread) / alerts1.wall)
            controls.append(controlRatio)
            allRatios.append(ratio)
            if controlRatio >= needed { ratios.append(ratio) }
        }
        let counted = ratios.isEmpty ? "—" : "\(format(median(ratios))) (\(format(ratios.min()!))–\(format(ratios.max()!)))"
        print(
            kind.padding(toLength: 16, withPad: " ", startingAt: 0)
                + " \(threads)".padding(toLength: 9, withPad: " ", startingAt: 0)
                + format(median(single) / 1e6, 3).padding(toLength: 6, withPad: " ", startingAt: 0) + " M"
                + String(repeating: " ", count: 11)
                + counted.padding(toLength: 24, withPad: " ", startingAt: 0)
                + format(median(controls)).padding(toLength: 24, withPad: " ", startingAt: 0)
                + "\(ratios.count)/\(rounds) (all: \(format(median(allRatios))))".padding(toLength: 18, withPad: " ", startingAt: 0)
                + format(median(cpuRatios)))
        fflush(nil)
    }
}
