import Synchronization

/// The chain a kept ``LanguagePreference`` was last negotiated to, and by which negotiator: a server
/// gets the same `Accept-Language` header again and again (``LanguagePreference/acceptLanguage(_:)``
/// keeps the preferences of recent headers), so negotiating it once per catalog spares walking a
/// browser's four or five tags on every response. Kept under a lock held inline.
final class NegotiatedChain: Sendable {
    private let last = Mutex<(negotiator: Int, chain: [Int])?>(nil)

    /// The chain `negotiator` (a ``LanguageNegotiator/serial``) gives, negotiated with `negotiate` the
    /// first time or when another negotiator asked last.
    func chain(by negotiator: Int, _ negotiate: () -> [Int]) -> [Int] {
        if let known = last.withLock({ last in last.flatMap { $0.negotiator == negotiator ? $0.chain : nil } }) {
            return known
        }
        let chain = negotiate()
        last.withLock { $0 = (negotiator, chain) }
        return chain
    }
}
