import Foundation
import FriendlyErrors
import Testing

/// Every classification has a log level: a client's mistake is not an operator's error.
@Suite struct LogLevelTests {
    @Test func defaultsFollowStatusSeverityAndCancellation() {
        let pipeline = serverPipeline
        #expect(pipeline.classify(FrameworkHTTPError(statusCode: 404)).logLevel == .notice)
        #expect(pipeline.classify(InsufficientFunds(missingCredits: 1)).logLevel == .notice)
        #expect(pipeline.classify(LeakyError()).logLevel == .error)
        #expect(pipeline.classify(CancellationError()).logLevel == .debug)
        #expect(Classification(code: "c", category: .unavailable).logLevel == .error)
        #expect(Classification(code: "c", category: .unavailable, severity: .warning).logLevel == .warning)
        #expect(Classification(code: "c", category: .notFound, severity: .info).logLevel == .info)
        #expect(Classification(code: "c", category: .internal, httpStatus: 404).logLevel == .notice)
    }

    @Test func aRuleOverridesTheDefault() {
        let pipeline = AlertPipeline().registering(FrameworkHTTPError.self) { _ in
            var classification = Classification(code: "quiet", category: .internal)
            classification.logLevel = .info
            return classification
        }
        #expect(pipeline.classify(FrameworkHTTPError(statusCode: 500)).logLevel == .info)
        #expect(Classification(code: "c", category: .internal, logLevel: .critical).logLevel == .critical)
    }

    @Test func levelsAreOrderedAsSwiftLogs() {
        #expect(
            LogLevel.allCases.map(\.rawValue) == ["trace", "debug", "info", "notice", "warning", "error", "critical"])
        #expect(LogLevel.allCases.sorted() == LogLevel.allCases)
    }

    @Test func observersSeeTheLevelAndTheCallersContext() {
        let seen = Box<[ClassificationEvent]>([])
        let pipeline = AlertPipeline().observing { event in seen.mutate { $0.append(event) } }
        let context = ClassificationContext(
            metadata: ["request.id": "r-1", "request.method": "GET", "request.path": "/items"], frameworkStatus: 404)
        _ = pipeline.alert(for: LeakyError(), in: "en", context: context)
        #expect(seen.value.count == 1)
        #expect(seen.value.first?.logLevel == .notice)
        #expect(seen.value.first?.context.metadata == context.metadata)
        #expect(seen.value.first?.classification.code == "http.404")
    }
}
