import Foundation
import FriendlyErrors
import FriendlyErrorsTesting
import Testing

struct AlertSnapshotsTests {
    static func temporaryFolder() -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("snapshots-\(UUID().uuidString)").path
    }

    @Test func rendersEachCaseForTheConsoleAndAsJSONInEveryLanguage() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let snapshots = AlertSnapshots(checker: ShopCatalog.checker(.fixed), folder: folder)
        let paths = try await snapshots.write([ShopError.couponInvalid(.fixed)])
        #expect(
            paths.map { ($0 as NSString).lastPathComponent } == [
                "shop.couponInvalid.en.console.txt", "shop.couponInvalid.en.json",
                "shop.couponInvalid.ja.console.txt", "shop.couponInvalid.ja.json",
            ])
        let console = try String(contentsOfFile: folder + "/shop.couponInvalid.en.console.txt", encoding: .utf8)
        #expect(console.hasPrefix("error: Invalid coupon\n  This coupon can’t be used.\n"))
        #expect(console.contains("1) Remove the coupon"))
        #expect(!console.contains("\u{1B}"))
        let json = try #require(FileManager.default.contents(atPath: folder + "/shop.couponInvalid.ja.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["title"] as? String == "無効なクーポン")
        #expect(object["status"] as? Int == 400)
        #expect(object["code"] as? String == "shop.couponInvalid")
        let actions = try #require(object["actions"] as? [[String: String]])
        #expect(actions.map { $0["id"] } == ["removeCoupon", "cancel"])
        #expect(actions.map { $0["role"] } == ["destructive", "cancel"])
    }

    @Test func recordsMissingSnapshotsThenComparesAndShowsDifferingLines() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let snapshots = AlertSnapshots(checker: ShopCatalog.checker(.fixed), folder: folder)
        let errors: [any FriendlyError] = [ShopError.cartEmpty(.fixed)]
        await #expect(throws: AlertSnapshotMismatch.self) { try await snapshots.expectMatching(errors) }
        try await snapshots.expectMatching(errors)

        let path = folder + "/shop.cartEmpty.en.console.txt"
        let original = try String(contentsOfFile: path, encoding: .utf8)
        try Data(original.replacingOccurrences(of: "Your cart is empty", with: "Cart empty").utf8)
            .write(to: URL(fileURLWithPath: path))
        do {
            try await snapshots.expectMatching(errors)
            Issue.record("expected a mismatch")
        } catch let mismatch as AlertSnapshotMismatch {
            #expect(
                mismatch.description == """
                    \(path): the snapshot differs (set FRIENDLY_ERRORS_RECORD_SNAPSHOTS=1 to re-record):
                      line 1 - error: Cart empty
                      line 1 + error: Your cart is empty
                    """)
        }
    }
}
