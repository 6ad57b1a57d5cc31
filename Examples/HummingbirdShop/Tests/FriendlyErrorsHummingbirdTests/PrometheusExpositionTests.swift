@testable import ExampleServer
import FriendlyErrorsHummingbird
import FriendlyErrorsServerKit
import HTTPTypes
import Hummingbird
import Prometheus
import Testing

/// What an operator scrapes when swift-prometheus is the metrics backend: the kit's counter, named with
/// OpenTelemetry's dots (`friendly_errors.errors`, `error.type`…), must come out as valid Prometheus text.
/// swift-prometheus (2.4.1) rewrites a name that Prometheus' text format does not allow, each dot becoming `_`,
/// so nothing needs configuring: the series is `friendly_errors_errors{error_type="…",…}`.
struct PrometheusExpositionTests {
    /// The registry's exposition after a 409 and a 500 answered by the middleware.
    static func exposition() async throws -> String {
        let registry = PrometheusCollectorRegistry()
        let app = TestApp(
            pipeline: AlertPipeline().addingCatalog(shopCatalog),
            options: FriendlyErrorsServerOptions(metricsFactory: PrometheusMetricsFactory(registry: registry))
        ) { router in
            router.put("/orders/7") { _, _ -> String in throw HTTPError(.conflict) }
            router.get("/reports") { _, _ -> String in throw ReportDatabaseFailure() }
        }
        #expect(try await app.send(.put, "/orders/7").status == 409)
        #expect(try await app.send(.get, "/reports").status == 500)
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Whether `name` is a metric name of Prometheus' text format (`[a-zA-Z_:][a-zA-Z0-9_:]*`), or a label
    /// name (the same without `:`).
    static func isValidName(_ name: Substring, colon: Bool) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "_" || (colon && scalar == ":")
        }
    }

    /// A sample line, `name{label="value",…} number`, parsed: nil when it is not valid text-format.
    static func sample(_ line: Substring) -> (name: Substring, labels: [Substring: Substring], value: Double)? {
        guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
            return nil
        }
        let series = line[..<space]
        guard let brace = series.firstIndex(of: "{") else {
            return isValidName(series, colon: true) ? (series, [:], value) : nil
        }
        let name = series[..<brace]
        guard isValidName(name, colon: true), series.last == "}" else { return nil }
        var labels: [Substring: Substring] = [:]
        var rest = series[series.index(after: brace)..<series.index(before: series.endIndex)]
        while !rest.isEmpty {
            // label="value" (the value's `\`, `"` and line feed escaped), then `,` or the end.
            guard let equals = rest.firstIndex(of: "="), isValidName(rest[..<equals], colon: false),
                rest[rest.index(after: equals)...].first == "\""
            else { return nil }
            var index = rest.index(equals, offsetBy: 2)
            var escaped = false
            while index < rest.endIndex, escaped || rest[index] != "\"" {
                escaped = !escaped && rest[index] == "\\"
                index = rest.index(after: index)
            }
            guard index < rest.endIndex else { return nil }
            labels[rest[..<equals]] = rest[rest.index(equals, offsetBy: 2)..<index]
            rest = rest[rest.index(after: index)...]
            if rest.first == "," { rest = rest.dropFirst() } else if !rest.isEmpty { return nil }
        }
        return (name, labels, value)
    }

    @Test func a409AndA500AreValidPrometheusTextWithDotsMadeUnderscores() async throws {
        let text = try await Self.exposition()
        let lines = text.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            if line.hasPrefix("# TYPE ") || line.hasPrefix("# HELP ") {
                let name = line.dropFirst(7).prefix { $0 != " " }
                #expect(Self.isValidName(name, colon: true), "\(line)")
            } else {
                #expect(Self.sample(line) != nil, "not a valid sample line: \(line)")
            }
        }
        let samples = lines.compactMap(Self.sample)
        #expect(lines.contains("# TYPE friendly_errors_errors counter"))
        let conflict = try #require(samples.first { $0.labels["http_response_status_code"] == "409" })
        #expect(conflict.name == "friendly_errors_errors")
        #expect(conflict.labels["error_type"] == "http.409")
        #expect(conflict.labels["error_category"] == "conflict")
        #expect(conflict.labels["friendly_errors_medium"] == "http")
        #expect(conflict.value == 1)
        let failure = try #require(samples.first { $0.labels["http_response_status_code"] == "500" })
        #expect(failure.labels["error_type"] == "unexpected")
        #expect(failure.labels["error_category"] == "unknown")
        #expect(failure.value == 1)
        #expect(!text.contains(ReportDatabaseFailure.secret), "nothing of the error's own text")
    }
}
