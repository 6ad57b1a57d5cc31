import Foundation
import FriendlyErrors

/// The errors the benchmarks classify: one of each family the pipeline knows.
enum Fixtures {
    enum AppError: FriendlyError {
        case simple
        case withArguments(count: Int, volume: String)

        var code: String {
            switch self {
            case .simple: "bench.simple"
            case .withArguments: "bench.withArguments"
            }
        }

        var message: LocalizableText {
            switch self {
            case .simple: "The benchmark failed."
            case .withArguments(let count, let volume): "\(count) files could not be copied to \(volume)."
            }
        }

        var category: ErrorCategory { .ioFailure }
    }

    struct UnknownError: Error {
        var secret = "postgres://admin:hunter2@db/prod"
    }

    struct CodingKeyPath: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init(intValue: Int) {
            self.stringValue = "\(intValue)"
            self.intValue = intValue
        }
    }

    static let errors: [(name: String, error: any Error)] = [
        ("FriendlyError", AppError.simple),
        ("FriendlyError+2args", AppError.withArguments(count: 3, volume: "Backup")),
        ("URLError.notConnected", URLError(.notConnectedToInternet)),
        ("CocoaError.fileNoSuchFile", CocoaError(.fileNoSuchFile)),
        ("POSIXError.EACCES", POSIXError(.EACCES)),
        (
            "DecodingError",
            DecodingError.keyNotFound(
                CodingKeyPath(stringValue: "price"),
                .init(codingPath: [CodingKeyPath(stringValue: "items"), CodingKeyPath(intValue: 2)], debugDescription: ""))
        ),
        ("UnknownStruct", UnknownError()),
        ("NSError.unknownDomain", NSError(domain: "com.example.unknown", code: 7)),
        ("LocalizedError.foreign", ForeignLocalizedError()),
    ]

    /// Another library's `LocalizedError`, whose texts the pipeline shows in a command-line tool's alerts.
    struct ForeignLocalizedError: LocalizedError {
        var errorDescription: String? { "The archive could not be opened." }
        var failureReason: String? { "Its table of contents is damaged." }
        var recoverySuggestion: String? { "Download the archive again." }
    }

    /// Distinct concrete types to register rules for: Level<Level<…<UnknownError>…>>.
    struct Level<Inner>: Error {}

    static func registering<T: Error>(_ type: T.Type, count: Int, into pipeline: AlertPipeline) -> AlertPipeline {
        let registered = pipeline.registering(type) { _ in Classification(code: "rule.\(count)", category: .internal) }
        guard count > 1 else { return registered }
        return registering(Level<T>.self, count: count - 1, into: registered)
    }

    /// A `.strings` file of `count` keys, as an app's catalog would be.
    static func stringsFile(keys count: Int) -> Data {
        var text = "/* A generated catalog */\n"
        for index in 0..<count {
            text += "\"screen\(index / 10).item\(index).title\" = \"Title number \(index) with “quotes” and \\\"escapes\\\"\";\n"
        }
        return Data(text.utf8)
    }

    /// The fields the JSON presenter writes, as a Codable value for JSONEncoder to compare with.
    struct ProblemDetails: Encodable {
        struct Action: Encodable {
            var id: String
            var title: String
            var role: String
        }
        var type = "about:blank"
        var title: String
        var status: Int
        var detail: String
        var instance = "urn:uuid:9b2c5a44-0000-4000-8000-000000000000"
        var code: String
        var category: String
        var severity: String
        var reason: String?
        var suggestion: String?
        var referenceId: String?
        var actions: [Action]
        var language: String

        init(_ alert: Alert) {
            title = alert.title
            status = alert.httpStatus
            detail = alert.message
            code = alert.code
            category = alert.category.name
            severity = alert.severity.rawValue
            reason = alert.reason
            suggestion = alert.suggestion
            referenceId = alert.referenceID
            actions = alert.actions.map { Action(id: $0.id, title: $0.label, role: $0.role.rawValue) }
            language = alert.language
        }
    }
}

/// The problem details object the JSON presenter writes for `alert`, written whole: give it an alert
/// with its own reference ID (``withOwnReference(_:)``), which no later response repeats, so the
/// server's per-thread template (`json/problem+json/responseBody`) does not apply. Public API only:
/// benchmarks reach nothing an app can't (issue 46).
@inline(__always)
func problemDetails(_ writer: JSONPresenter, for alert: Alert) -> [UInt8] {
    writer.responseBody(for: alert, to: ErrorRequest())
}

/// `alert` with a reference ID of its own, as an unexpected error's alert carries.
func withOwnReference(_ alert: Alert) -> Alert {
    var alert = alert
    alert.referenceID = "R-7K4Q-2M9X"
    return alert
}

/// The web page for `alert`, as a response's body, through the same public route as
/// ``problemDetails(_:for:)``, so the two renders of one alert compare (issue 25: a page within
/// 2 × a problem+json body).
@inline(__always)
func htmlPage(_ presenter: HTMLPresenter, for alert: Alert) -> [UInt8] {
    presenter.responseBody(for: alert, to: ErrorRequest())
}

/// Valid but hostile catalogs (issue 12), written to temporary folders.
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


    /// A folder of one key whose base text and translation each hold `count` `%@` placeholders.
    static func placeholders(_ count: Int) -> String {
        let unit = "%@ "
        return folder(
            "placeholders-\(count)",
            files: [
                "en.lproj/App.strings": "\"k\" = \"\(String(repeating: unit, count: count))\";\n",
                "ja.lproj/App.strings": "\"k\" = \"\(String(repeating: unit, count: count))\";\n",
            ])
    }

    /// A folder holding a String Catalog of one key with `count` localizations.
    static func localizations(_ count: Int) -> String {
        folder("localizations-\(count)", files: ["App.xcstrings": xcstrings(localizations: count)])
    }

    /// A folder holding a 280 KB translation (and base text) of 40,000 `%lld%y` units: 40,000 integer
    /// and 40,000 unknown placeholders.
    static func mixedPlaceholders() -> String {
        let unit = "%lld%y "  // 7 bytes: an integer placeholder and an unknown one
        let text = String(repeating: unit, count: 40_000)
        return folder(
            "280kb",
            files: ["en.lproj/App.strings": "\"k\" = \"\(text)\";\n", "ja.lproj/App.strings": "\"k\" = \"\(text)\";\n"])
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
