/// The chains a kept ``LanguagePreference`` was negotiated to, by negotiator: a server gets the same
/// `Accept-Language` header again and again (``LanguagePreference/acceptLanguage(_:)`` keeps the
/// preferences of recent headers), so negotiating it once per catalog spares walking a browser's four
/// or five tags on every response.
///
/// The chains of the first ``slotCount`` negotiators that ask are kept, each published once
/// (``PublishedOnce``): a chain already kept is read without a lock (issue 35); a negotiator asking
/// when every slot is another's negotiates every time.
final class NegotiatedChain: Sendable {
    static let slotCount = 4
    private let slots = (0..<NegotiatedChain.slotCount).map { _ in
        PublishedOnce<(negotiator: Int, chain: LanguageChain)>()
    }

    /// The chain `negotiator` (a ``LanguageNegotiator/serial``) gives, negotiated with `negotiate` the
    /// first time.
    func chain(by negotiator: Int, _ negotiate: () -> LanguageChain) -> LanguageChain {
        for slot in slots {
            let kept = slot.valueIfComputed ?? slot.value { (negotiator, negotiate()) }
            if kept.negotiator == negotiator { return kept.chain }
        }
        return negotiate()
    }
}
