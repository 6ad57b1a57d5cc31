// libFuzzer target: hostile Accept-Language headers and locale names never crash, and negotiation
// always answers with one of the catalog's own languages.
private let negotiator = LanguageNegotiator(
    availableLanguages: ["en", "de", "es", "fr", "ja", "ko", "pt-BR", "zh-Hans", "zh-Hant"], baseLanguage: "en")

func fuzzAcceptLanguage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let header = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = AcceptLanguage.parse(header)
    _ = LanguageTag(header)?.fallbackChain
    let chain = negotiator.chain(for: .acceptLanguage(header))
    guard chain.last == "en", chain.allSatisfy(negotiator.availableLanguages.contains) else {
        fatalError("negotiated \(chain) for \(header.debugDescription)")
    }
    _ = LanguagePreference.process(environment: ["LANG": header, "LANGUAGE": header])
    return 0
}
