import Foundation
import FriendlyErrorsAdapters
import Testing

@testable import FriendlyErrors

/// Problem responses made from a kept template are the bodies the presenter writes, with a fresh
/// instance each.
@Suite struct ProblemBodyTemplateTests {
    /// Alerts of every shape the presenter writes: texts that need escaping, actions, field
    /// problems, a location, a debug detail.
    static let alerts: [Alert] = {
        var escaped = serverPipeline.alert(for: InsufficientFunds(missingCredits: 7), in: "en")
        escaped.message = "Quote \" backslash \\ </script> \u{1B}[31m \u{2028} tab\t and ünïcode 👋🏽"
        escaped.title = "Title with \"quotes\""
        var located = escaped
        located.location = FileLocation(file: "/srv/app/config.toml", line: 3, column: 7, length: 4)
        located.debugDetail = "debug \n detail"
        located.occurrences = 3
        return [
            serverPipeline.alert(for: InsufficientFunds(missingCredits: 42), in: "en"),
            serverPipeline.alert(for: InsufficientFunds(missingCredits: 42), in: "ja"),
            AlertPipeline().addingCatalog(orderCatalog).alert(for: InvalidOrder(), in: "ja"),
            serverPipeline.alert(for: TooManyRequests(seconds: 30), in: "en"),
            serverPipeline.alert(for: FrameworkHTTPError(statusCode: 404), in: "en"),
            escaped, located,
        ]
    }()

    static let presenters: [JSONPresenter] = [
        JSONPresenter(),
        JSONPresenter(typeBaseURI: "https://errors.example.com/v1"),
        JSONPresenter(typeBaseURI: "https://errors.example.com/", revealsFilePaths: true),
        JSONPresenter(limits: PresenterLimits(maximumTextBytes: 24, maximumFieldProblems: 1)),
    ]

    @Test func bodyFromATemplateIsWhatThePresenterWritesWithTheSameInstance() {
        for presenter in Self.presenters {
            for alert in Self.alerts {
                let template = presenter.template(for: alert)
                let body = template.body()
                // The fresh instance is where the placeholder was: a body is as long as its template.
                let value = (template.instance.lowerBound + 1)..<(template.instance.upperBound - 1)
                let instance = String(decoding: body[value], as: UTF8.self)
                #expect(instance != ProblemBodyTemplate.placeholderInstance)
                #expect(Self.isVersion4UUIDURN(instance), "\(instance)")
                #expect(body == presenter.body(for: alert, instance: instance))
            }
        }
    }

    /// Whether `text` is `urn:uuid:` and a version 4, RFC 9562 variant UUID in lowercase.
    static func isVersion4UUIDURN(_ text: String) -> Bool {
        text.wholeMatch(of: /urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil
    }

    @Test func templateBodiesAndFreshInstancesAreVersion4UUIDs() {
        let template = JSONPresenter().template(for: Self.alerts[0])
        for _ in 0..<200 {
            let body = template.body()
            let value = (template.instance.lowerBound + 1)..<(template.instance.upperBound - 1)
            #expect(Self.isVersion4UUIDURN(String(decoding: body[value], as: UTF8.self)))
            #expect(Self.isVersion4UUIDURN(JSONPresenter.newInstance()))
        }
    }

    @Test func everyResponseForTheSameAlertHasItsOwnInstanceAndOtherwiseTheSameBody() throws {
        let presenter = JSONPresenter(typeBaseURI: "https://errors.example.com/")
        let alert = serverPipeline.alert(for: InsufficientFunds(missingCredits: 42), in: "en")
        let bodies = (0..<3).map { _ in ErrorResponse(alert: alert, contentLanguage: "en", writer: presenter).body }
        let instances = try bodies.map { body in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
            return try #require(object["instance"] as? String)
        }
        #expect(Set(instances).count == 3)
        for (body, instance) in zip(bodies, instances) {
            #expect(body == presenter.body(for: alert, instance: instance))
        }
    }

    @Test func concurrentResponsesForMoreAlertsThanAreKeptGetTheirOwnBodies() async throws {
        let presenter = JSONPresenter(typeBaseURI: "https://errors.example.com/")
        // More distinct alerts than templates are kept, so tasks replace each other's templates.
        let alerts = (0..<(ProblemBodyTemplate.capacity + 4)).map { credits in
            serverPipeline.alert(for: InsufficientFunds(missingCredits: credits), in: credits % 2 == 0 ? "en" : "ja")
        }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<100 {
                        let alert = alerts[(task * 7 + round) % alerts.count]
                        let body = ErrorResponse(alert: alert, contentLanguage: alert.language, writer: presenter).body
                        let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
                        let instance = object?["instance"] as? String ?? ""
                        if body != presenter.body(for: alert, instance: instance) { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test func categoriesOfTheSameNameWithOtherStatusesGetTheirOwnStatus() {
        for status in [409, 410, 409] {
            let alert = Alert(
                code: "app.gone", category: ErrorCategory("custom", httpStatus: status, exitStatus: 1), title: "Gone",
                message: "Gone.", actions: [])
            let body = ErrorResponse(alert: alert, contentLanguage: "en", writer: JSONPresenter()).bodyText
            #expect(body.contains(#""status":\#(status),"#))
        }
    }

    @Test func presentersWithOtherSettingsGetTheirOwnBody() {
        let alert = serverPipeline.alert(for: InsufficientFunds(missingCredits: 42), in: "en")
        for base in ["https://a.example/", "https://b.example/", "https://a.example/"] {
            let body = ErrorResponse(alert: alert, contentLanguage: "en", writer: JSONPresenter(typeBaseURI: base))
            #expect(body.bodyText.hasPrefix(#"{"type":"\#(base)account/insufficient-funds","#))
        }
    }

    @Test func cappedIdentifiersLeaveTheInstanceWhole() throws {
        let presenter = JSONPresenter(limits: PresenterLimits(maximumIdentifierBytes: 16))
        let alert = serverPipeline.alert(for: InsufficientFunds(missingCredits: 42), in: "en")
        let body = ErrorResponse(alert: alert, contentLanguage: "en", writer: presenter).body
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        let instance = try #require(object["instance"] as? String)
        // A cut instance would break the schema's pattern (issue 23): the library's own 45 bytes stay whole.
        #expect(instance.hasPrefix("urn:uuid:") && instance.utf8.count == 45)
        #expect(body == presenter.body(for: alert, instance: instance))
    }

    @Test func unexpectedErrorsKeepTheirOwnReferenceID() throws {
        let first = AlertPipeline().response(for: LeakyError(), to: ErrorRequest())
        let second = AlertPipeline().response(for: LeakyError(), to: ErrorRequest())
        let firstID = try #require(first.alert.referenceID)
        let secondID = try #require(second.alert.referenceID)
        #expect(firstID != secondID)
        #expect(first.bodyText.contains(#""referenceId":"\#(firstID)""#))
        #expect(second.bodyText.contains(#""referenceId":"\#(secondID)""#))
    }
}
