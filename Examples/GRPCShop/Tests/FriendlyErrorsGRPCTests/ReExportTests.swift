import FriendlyErrorsGRPC
import Testing

/// One import is enough: the integration re-exports the core.
@Suite struct ReExportTests {
    @Test func theCoreComesWithTheIntegration() {
        let alert = AlertPipeline().alert(for: CancellationError())
        #expect(alert.category == .cancelled)
    }
}
