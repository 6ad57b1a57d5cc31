import Foundation
import FriendlyErrors
import FriendlyErrorsAdapters
import Testing

/// Every other `Int` and `String` an app hands the library that reaches arithmetic or an output —
/// exit and HTTP statuses, `Retry-After`, header values, occurrences, the JSON presenter's limits, a
/// width, an alert's code and language — at `Int.min`, `Int.max`, negative, empty and a megabyte:
/// no trap, and every output keeps its own grammar (an exit status in 1…125, a status in 400–599, an
/// IMF-fixdate, one header line, JSON matching the schema).
struct ExtremeAppValuesTests {
    static let ints = [Int.min, Int.min + 1, -1, 0, 1, 99, 100, 399, 400, 599, 600, Int.max - 1, Int.max]
    static let statuses: [Int32] = [Int32.min, -1, 0, 1, 125, 126, 255, 256, Int32.max]
    static let megabyte = String(repeating: "x", count: 1 << 20)

    struct Failure: FriendlyError, ExitStatusProviding {
        var exitStatus: Int32
        var isExitRequest = false
        var headers: [ResponseHeader] = []
        var code: String { "app.failure" }
        var category: ErrorCategory { .unavailable }
        var responseHeaders: [ResponseHeader] { headers }
    }

    private func anAlert(_ change: (inout Alert) -> Void = { _ in }) -> Alert {
        var alert = Alert(
            code: "app.failure", category: .unavailable, title: "Unavailable", message: "Try again later.",
            actions: [AlertAction(id: "ok", label: "OK", role: .default)])
        change(&alert)
        return alert
    }

    @Test func exitStatusesStayInTheirRanges() async {
        for status in Self.statuses {
            #expect((1...125).contains(ErrorCategory("custom", httpStatus: 400, exitStatus: status).exitStatus))
            #expect((1...125).contains(anAlert { $0.exitStatus = status }.exitStatus))
            #expect((1...125).contains(AlertPipeline().alert(for: Failure(exitStatus: status)).exitStatus))
            let request = await FriendlyMain.exitStatus(presenter: RecordingNothing()) {
                throw Failure(exitStatus: status, isExitRequest: true)
            }
            #expect(request == ((0...255).contains(status) ? status : 1))
            let failure = await FriendlyMain.exitStatus(presenter: RecordingNothing()) {
                throw Failure(exitStatus: status)
            }
            #expect(failure == ((1...125).contains(status) ? status : 1))
        }
    }

    @Test func httpStatusesStayBetween400And599Everywhere() throws {
        let pipeline = AlertPipeline()
        for status in Self.ints {
            let expected = (400...599).contains(status) ? status : 503
            #expect(
                ErrorCategory("custom", httpStatus: status, exitStatus: 1).httpStatus
                    == ((400...599).contains(status) ? status : 500))
            #expect(anAlert { $0.httpStatus = status }.httpStatus == expected)
            let response = pipeline.response(for: Failure(exitStatus: 1), to: ErrorRequest(frameworkStatus: status))
            #expect(response.status == expected)
            let body = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            #expect(body["status"] as? Int == expected)
            #expect(
                ErrorResponse(status: status, headers: [], body: [], alert: anAlert()).status
                    == ((400...599).contains(status) ? status : 500))
        }
    }

    @Test func retryAfterSecondsAreADeltaOfDigits() {
        for seconds in Self.ints {
            let value = ResponseHeader.retryAfter(seconds: seconds).value
            #expect(!value.isEmpty && value.utf8.allSatisfy { (0x30...0x39).contains($0) }, "\(value)")
            #expect(value == String(max(0, seconds)))
        }
    }

    @Test func retryAfterDatesAreIMFFixdatesWhateverTheDate() {
        let dates = [
            Date.distantPast, Date.distantFuture, Date(timeIntervalSince1970: .infinity),
            Date(timeIntervalSince1970: -.infinity), Date(timeIntervalSince1970: .nan),
            Date(timeIntervalSince1970: 1e300), Date(timeIntervalSince1970: -1e300),
            Date(timeIntervalSince1970: Double(Int64.max)), Date(timeIntervalSince1970: -1),
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_792_567_680),
            Date(timeIntervalSince1970: 253_402_300_799), Date(timeIntervalSince1970: 253_402_300_800),
        ]
        let expected: [Int: String] = [
            0: "Thu, 01 Jan 1970 00:00:00 GMT", 2: "Fri, 31 Dec 9999 23:59:59 GMT",
            3: "Thu, 01 Jan 1970 00:00:00 GMT", 4: "Thu, 01 Jan 1970 00:00:00 GMT",
            5: "Fri, 31 Dec 9999 23:59:59 GMT", 6: "Thu, 01 Jan 1970 00:00:00 GMT",
            7: "Fri, 31 Dec 9999 23:59:59 GMT", 9: "Thu, 01 Jan 1970 00:00:00 GMT",
            11: "Fri, 31 Dec 9999 23:59:59 GMT", 12: "Fri, 31 Dec 9999 23:59:59 GMT",
        ]
        for (index, date) in dates.enumerated() {
            let value = ResponseHeader.retryAfter(date).value
            #expect(isIMFFixdate(value), "\(index): \(value)")
            if let expected = expected[index] { #expect(value == expected, "\(index)") }
        }
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`: RFC 9110's IMF-fixdate, a four-digit year.
    private func isIMFFixdate(_ value: String) -> Bool {
        let parts = value.split(separator: " ", omittingEmptySubsequences: false)
        let days = ["Mon,", "Tue,", "Wed,", "Thu,", "Fri,", "Sat,", "Sun,"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let digits = { (text: Substring, count: Int) in
            text.count == count && text.allSatisfy(\.isASCII) && Int(text) != nil
        }
        guard parts.count == 6, days.contains(String(parts[0])), digits(parts[1], 2), months.contains(String(parts[2])),
            digits(parts[3], 4), parts[5] == "GMT"
        else { return false }
        let time = parts[4].split(separator: ":", omittingEmptySubsequences: false)
        return time.count == 3 && time.allSatisfy { digits($0, 2) }
    }

    @Test func headerValuesOfAMegabyteStayOneLine() {
        let hostile = String(repeating: "a\r\nSet-Cookie: b=1\u{0}\u{7F}é", count: (1 << 20) / 20)
        let headers = [
            ResponseHeader.wwwAuthenticate(hostile), .location(hostile), .allow([hostile, ""]),
            ResponseHeader(name: hostile, value: hostile), ResponseHeader(name: "Vary", value: hostile),
            ResponseHeader(name: "\r\n", value: "x"),
        ]
        let response = AlertPipeline().response(
            for: Failure(exitStatus: 1, headers: headers), to: ErrorRequest(acceptLanguage: "en;q=\(Self.megabyte)"))
        for header in response.headers {
            #expect(!header.name.isEmpty)
            #expect(header.name.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") })
            #expect(header.value.utf8.allSatisfy { $0 == 0x09 || (0x20...0x7E).contains($0) })
        }
    }

    @Test(.enabled(if: PythonJSON.isAvailable, PythonJSON.missingMessage))
    func handMadeAlertsWithExtremeValuesMatchTheSchema() async throws {
        var alerts: [Alert] = []
        for count in Self.ints { alerts.append(anAlert { $0.occurrences = count }) }
        alerts.append(anAlert { $0.language = "" })
        alerts.append(anAlert { $0.language = "ja\r\nX-Evil: 1" })
        alerts.append(anAlert { $0.language = "x-" + Self.megabyte })
        alerts.append(anAlert { $0.language = "123" })
        alerts.append(anAlert { $0.language = "zh-Hant-TW" })
        alerts.append(
            anAlert {
                $0.code = ""
                $0.title = ""
                $0.referenceID = ""
                $0.actions = [AlertAction(id: "", label: "", role: .default)]
                $0.fieldProblems = [FieldProblem("limit", code: "", message: .verbatim(""))]
            })
        alerts.append(
            anAlert {
                $0.code = Self.megabyte
                $0.title = Self.megabyte
                $0.message = Self.megabyte
                $0.debugDetail = Self.megabyte
                $0.location = FileLocation(file: Self.megabyte, line: Int.max, column: Int.max, length: Int.max)
            })
        var limits = PresenterLimits()
        limits.maximumTextBytes = Int.min
        limits.maximumDebugDetailBytes = Int.min
        limits.maximumIdentifierBytes = Int.min
        limits.maximumActions = Int.min
        limits.maximumFieldProblems = Int.min
        #expect(
            limits
                == PresenterLimits(
                    maximumTextBytes: 16, maximumDebugDetailBytes: 16, maximumIdentifierBytes: 16, maximumActions: 1,
                    maximumFieldProblems: 1))
        var lines: [UInt8] = []
        for presenter in [JSONPresenter(revealsFilePaths: true), JSONPresenter(limits: limits, revealsFilePaths: true)]
        {
            for alert in alerts {
                let captured = CapturedOutput()
                _ = await JSONPresenter(
                    typeBaseURI: "https://errors.example.com", limits: presenter.limits, output: captured.output,
                    revealsFilePaths: true
                ).present(alert)
                lines += Array(captured.text.utf8)
                lines += ErrorResponse(alert: alert, contentLanguage: alert.language, writer: presenter).body
                lines.append(0x0A)
            }
        }
        let results = try PythonJSON.parse(jsonLines: lines)
        #expect(results.count == alerts.count * 4)
        for result in results {
            #expect(result.parseError == nil)
            #expect(result.schemaErrors.isEmpty, "\(result.schemaErrors)")
        }
        let languages = try ["", "ja\r\nX-Evil: 1", "x-" + Self.megabyte, "123", "zh-Hant-TW", "en-", "a-b"].map {
            language in
            let body = JSONPresenter().body(for: anAlert { $0.language = language })
            return try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])["language"]
                as? String
        }
        #expect(languages == ["und", "und", "und", "und", "zh-Hant-TW", "und", "und"])
    }

    @Test func theConsoleTakesAnyWidthOccurrencesAndAMegabyteMessage() async {
        for width in [ConsolePresenter.Width.columns(Int.min), .columns(1), .columns(Int.max), .unlimited] {
            for count in [Int.min, -1, 0, 2, Int.max] {
                let captured = CapturedOutput()
                let alert = anAlert {
                    $0.occurrences = count
                    $0.message = Self.megabyte + " " + Self.megabyte
                }
                _ = await consolePresenter(captured, width: width).present(alert)
                #expect(captured.text.hasPrefix("error: Unavailable"))
                #expect(captured.text.contains(count > 1 ? "\(count)" : "Unavailable"))
            }
        }
        // COLUMNS as the environment gives it.
        for columns in ["-9223372036854775808", "9223372036854775807", "99999999999999999999999", "0"] {
            let captured = CapturedOutput()
            let presenter = ConsolePresenter(
                output: captured.output, input: .lines([]), options: .init(color: .never, interactivity: .never),
                environment: ["COLUMNS": columns])
            _ = await presenter.present(anAlert())
            #expect(captured.text.hasPrefix("error: Unavailable"))
        }
    }

    @Test(.enabled(if: PythonJSON.isAvailable, PythonJSON.missingMessage))
    func theToolExplainsAnAppsCodeWithMegabyteTextsAsValidJSON() throws {
        let huge = String(repeating: "é", count: 1 << 19)
        let root = try makeTemporaryFolder([
            "en.lproj/App.strings": """
            "app.huge.title" = "\(huge)";
            "app.huge.message" = "a\\r\\nb\\u2028</script>";
            "app.huge.action.\(String(repeating: "x", count: 100_000))" = "\(huge)";

            """
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let json = try ToolRunner.run(["explain", "--format", "json", "--catalog", root, "app.huge"])
        #expect(json.status == 0, "\(json.standardError.prefix(300))")
        let results = try PythonJSON.parse(jsonLines: Array(json.standardOutput.utf8))
        #expect(results.count == 1)
        for parsed in results { #expect(parsed.schemaErrors.isEmpty, "\(parsed.schemaErrors)") }
        #expect(json.standardOutput.utf8.count < 16 * 1024)

        let console = try ToolRunner.run(["explain", "--catalog", root, "app.huge"], environment: ["COLUMNS": "40"])
        #expect(console.status == 0)
        #expect(!console.standardOutput.contains("\r"))
        #expect(console.standardOutput.hasPrefix("error: éé"), "\(console.standardOutput.prefix(300))")
    }
}

/// A presenter that shows nothing and answers "dismissed".
private struct RecordingNothing: AlertPresenter {
    func present(_ alert: Alert) async -> String? { nil }
}
