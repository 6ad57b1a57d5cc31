import Foundation
import FriendlyErrors
import FriendlyErrorsTesting
import Storage
import Testing

/// The catalog shipped as a resource (`resources: [.process("Localization")]`) loads from `Bundle.module`.
@Suite struct BundledCatalogTests {
    @Test func theCatalogShippedAsAResourceLoadsWithoutDiagnosticsInBothLanguages() {
        #expect(storageCatalog.diagnostics.isEmpty, "\(storageCatalog.diagnostics)")
        #expect(Set(storageCatalog.languages).isSuperset(of: ["en", "ja"]))
    }

    @Test func aJapaneseUserGetsTheBundledTranslation() {
        let alert = pipeline.alert(for: StorageError.diskFull(freeMB: 12, volume: "Data"), in: "ja-JP")
        #expect(alert.language == "ja")
        #expect(alert.title == "ディスクがいっぱいです")
        #expect(alert.message == "Data の空き容量は残り 12 MB です。")
    }

    @Test func anEnglishUserGetsTheBundledBaseText() {
        let alert = pipeline.alert(for: StorageError.diskFull(freeMB: 12, volume: "Data"), in: "en-US")
        #expect(alert.title == "Disk full")
        #expect(alert.message == "Only 12 MB are left on Data.")
    }
}
