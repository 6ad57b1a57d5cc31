/// A pipeline installed in ``AlertPresentationSystem`` (bootstrapped, or a task's override), with
/// what Foundation bridging reads (`localizedDescription` and the other `LocalizedError` texts of a
/// ``FriendlyError``) prepared once: the catalog's lookups and the process language's chain.
///
/// Foundation asks an error for three or four texts each time it describes it; reading this shared
/// object costs one reference, where reading ``AlertPresentationSystem/pipeline`` copies the whole
/// pipeline and negotiating the process language again would cost more than the lookup.
final class InstalledPipeline: Sendable {
    let pipeline: AlertPipeline
    let localizer: AlertLocalizer
    /// ``LanguagePreference/process`` negotiated over the pipeline's catalog, as ordinals.
    let processChain: LanguageChain

    init(_ pipeline: AlertPipeline) {
        self.pipeline = pipeline
        localizer = AlertLocalizer(catalog: pipeline.catalog)
        processChain = pipeline.catalog.languageOrdinals(for: .process)
    }

    /// `AlertPipeline()`, for a process that installed none.
    static let standard = InstalledPipeline(AlertPipeline())
}
