import Foundation
import Testing

@testable import FriendlyErrors

/// The problem details objects and JSON Lines the JSON presenter writes.
@Suite struct JSONPresenterTests {
    let presenter = JSONPresenter(typeBaseURI: "https://errors.example.com/")
    let instance = "urn:uuid:00000000-0000-4000-8000-000000000000"

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func domainErrorGivesTheDocumentedObjectExactly() {
        let alert = serverPipeline.alert(for: InsufficientFunds(missingCredits: 42), in: "en")
        let expected =
            #"{"type":"https://errors.example.com/account/insufficient-funds","title":"Insufficient funds","#
            + #""status":402,"detail":"You need 42 more credits.","#
            + #""instance":"urn:uuid:00000000-0000-4000-8000-000000000000","#
            + #""code":"account.insufficientFunds","category":"paymentRequired","severity":"error","#
            + #""reason":"Your balance is lower than the price.","suggestion":"Top up your account, then try again.","#
            + #""actions":[{"id":"cancel","title":"Cancel","role":"cancel"},"#
            + #"{"id":"topUp","title":"Top up","role":"default"}],"language":"en"}"#
        #expect(text(presenter.body(for: alert, instance: instance)) == expected)
    }

    @Test func japaneseObjectKeepsCodesIdsAndTypeAndTranslatesTexts() {
        let alert = serverPipeline.alert(for: InsufficientFunds(missingCredits: 42), in: "ja-JP")
        let expected =
            #"{"type":"https://errors.example.com/account/insufficient-funds","title":"残高が不足しています","#
            + #""status":402,"detail":"あと42クレジット必要です。","code":"account.insufficientFunds","#
            + #""category":"paymentRequired","severity":"error","reason":"残高が価格より少なくなっています。","#
            + #""suggestion":"チャージしてから、もう一度お試しください。","#
            + #""actions":[{"id":"cancel","title":"キャンセル","role":"cancel"},"#
            + #"{"id":"topUp","title":"チャージする","role":"default"}],"language":"ja"}"#
        #expect(text(presenter.body(for: alert)) == expected)
    }

    @Test func unexpectedErrorGivesGenericTextsAReferenceIdAndAboutBlank() throws {
        let alert = AlertPipeline().alert(for: LeakyError(), in: "en")
        let referenceID = try #require(alert.referenceID)
        let expected =
            #"{"type":"about:blank","title":"Something went wrong","status":500,"#
            + #""detail":"An unexpected error occurred.","code":"unexpected","category":"unknown","#
            + #""severity":"error","#
            + #""suggestion":"Please try again. If the problem continues, contact support and mention the reference.","#
            + #""referenceId":"\#(referenceID)","actions":[{"id":"ok","title":"OK","role":"default"}],"language":"en"}"#
        #expect(text(presenter.body(for: alert)) == expected)
    }

    @Test func titleIsTheSameForEveryOccurrenceWhileDetailDescribesEach() {
        let first = serverPipeline.alert(for: InsufficientFunds(missingCredits: 1), in: "en")
        let second = serverPipeline.alert(for: InsufficientFunds(missingCredits: 500), in: "en")
        let japanese = serverPipeline.alert(for: InsufficientFunds(missingCredits: 1), in: "ja")
        #expect(first.title == second.title)
        #expect(first.message != second.message)
        #expect(presenter.type(for: first) == presenter.type(for: second))
        #expect(presenter.type(for: first) == presenter.type(for: japanese))
        #expect(japanese.title != first.title)
    }

    @Test func typeIsAboutBlankWithoutABaseURI() {
        let alert = serverPipeline.alert(for: InsufficientFunds(missingCredits: 1), in: "en")
        #expect(JSONPresenter().type(for: alert) == "about:blank")
        #expect(JSONPresenter(typeBaseURI: "").type(for: alert) == "about:blank")
    }

    @Test func typeBaseWithoutTrailingSlashGetsOne() {
        let alert = serverPipeline.alert(for: InsufficientFunds(missingCredits: 1), in: "en")
        #expect(
            JSONPresenter(typeBaseURI: "https://errors.example.com/v1").type(for: alert)
                == "https://errors.example.com/v1/account/insufficient-funds")
    }

    @Test(arguments: [
        ("account.insufficientFunds", "account/insufficient-funds"),
        ("file.notFound", "file/not-found"),
        ("URLError.timedOut", "url-error/timed-out"),
        ("http.404", "http/404"),
        ("storage.diskFull2", "storage/disk-full2"),
        ("a b/c?d#e", "a%20b%2Fc%3Fd%23e"),
        ("..", "//"),
        ("ünïcode", "%C3%BCn%C3%AFcode"),
    ])
    func typePathIsBuiltFromTheCode(code: String, path: String) {
        #expect(ProblemType.path(forCode: code) == path)
    }

    @Test func statusIsTheErrorsOwnWhenItHasOneInRangeElseTheCategorys() {
        #expect(serverPipeline.alert(for: FrameworkHTTPError(statusCode: 404)).httpStatus == 404)
        #expect(serverPipeline.alert(for: FrameworkHTTPError(statusCode: 418)).httpStatus == 418)
        for outOfRange in [0, -1, 200, 302, 600, 99999] {
            let alert = serverPipeline.alert(for: FrameworkHTTPError(statusCode: outOfRange))
            #expect(alert.httpStatus == 400, "status \(outOfRange) falls back to invalidInput's 400")
        }
        let oddCategory = ErrorCategory("odd", httpStatus: 302, exitStatus: 1)
        #expect(oddCategory.httpStatus == 500)
    }

    @Test func absentValuesAreLeftOutNeverNull() {
        let alert = Alert(code: "plain", category: .notFound, title: "Not here", message: "Gone.", actions: [])
        let body = text(presenter.body(for: alert))
        #expect(!body.contains("null"))
        #expect(
            body
                == #"{"type":"https://errors.example.com/plain","title":"Not here","status":404,"detail":"Gone.","#
                + #""code":"plain","category":"notFound","severity":"error","actions":[],"language":"en"}"#)
    }

    @Test func occurrencesAppearOnlyForACoalescedBurst() {
        var alert = serverPipeline.alert(for: InsufficientFunds(missingCredits: 1), in: "en")
        #expect(!text(presenter.body(for: alert)).contains("occurrences"))
        alert.occurrences = 3
        #expect(text(presenter.body(for: alert)).contains(#""language":"en","occurrences":3}"#))
    }

    @Test func bodyIsAPureFunctionOfAlertAndInstance() {
        let alert = serverPipeline.alert(for: InsufficientFunds(missingCredits: 7), in: "en")
        #expect(presenter.body(for: alert, instance: instance) == presenter.body(for: alert, instance: instance))
    }

    @Test func newInstanceIsAFreshLowercaseUUIDURN() {
        let first = JSONPresenter.newInstance()
        let second = JSONPresenter.newInstance()
        #expect(first != second)
        #expect(first.hasPrefix("urn:uuid:"))
        #expect(first.count == "urn:uuid:".count + 36)
        #expect(first == first.lowercased())
    }

    @Test func presentWritesOneLineWithAFreshInstanceAndAnswersDismissed() async {
        let lines = LockedLines()
        let presenter = JSONPresenter(output: TextOutput { lines.append($0) })
        var alert = serverPipeline.alert(for: InsufficientFunds(missingCredits: 3), in: "en")
        alert.message = "line one\nline two\r\n\u{2028}\u{2029}end"
        let response = await presenter.present(alert)
        #expect(response == nil)
        let written = lines.all
        #expect(written.count == 1, "one write per alert")
        let line = written.first ?? ""
        #expect(line.hasSuffix("}\n"))
        #expect(line.utf8.filter { $0 == 0x0A || $0 == 0x0D }.count == 1, "only the record's own newline")
        #expect(!line.contains("\u{2028}") && !line.contains("\u{2029}"))
        #expect(line.contains(#""instance":"urn:uuid:"#))
    }

    @Test func pipelinePresentingThroughTheJSONPresenterWritesALineAndRunsNoRecovery() async {
        let lines = LockedLines()
        let presenter = JSONPresenter(output: TextOutput { lines.append($0) })
        let result = await AlertPresentationSystem.withPresenter(presenter) {
            await serverPipeline.present(InsufficientFunds(missingCredits: 5), in: "ja")
        }
        #expect(result.chosenActionID == nil)
        #expect(result.outcome == nil)
        #expect(lines.all.count == 1)
        #expect(lines.all.first?.hasPrefix(#"{"type":"about:blank","title":"残高が不足しています","status":402,"#) == true)
    }

    @Test func defaultOutputIsStandardOutput() {
        #expect(JSONPresenter().output.fileDescriptor == 1)
    }
}

/// Collects what a ``TextOutput`` writes, behind the library's pthread lock.
final class LockedLines: Sendable {
    private let storage = LockedValue<[String]>([])
    func append(_ line: String) { storage.withLock { $0.append(line) } }
    var all: [String] { storage.withLock { $0 } }
}

extension JSONPresenterTests {
    @Test func instancesAreDistinctVersion4UUIDs() throws {
        let instances = (0..<2000).map { _ in JSONPresenter.newInstance() }
        #expect(Set(instances).count == instances.count)
        for instance in instances {
            let uuid = try #require(UUID(uuidString: String(instance.dropFirst("urn:uuid:".count))))
            #expect("urn:uuid:" + uuid.uuidString.lowercased() == instance)
            let bytes = uuid.uuid
            #expect(bytes.6 >> 4 == 4, "version 4")
            #expect(bytes.8 >> 6 == 0b10, "RFC 9562 variant")
        }
    }
}
