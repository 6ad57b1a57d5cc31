public import Foundation

extension AlertPipeline {
    /// The pipeline that shows the texts of a foreign `LocalizedError` type — its description,
    /// failure reason and recovery suggestion — everywhere, server responses included, under a stable
    /// code of the app's choosing instead of the type's name.
    ///
    /// Server responses show no other library's `LocalizedError` text: list here the types whose
    /// texts were written for the people who read the response.
    ///
    /// ```swift
    /// let pipeline = AlertPipeline()
    ///     .showingTexts(of: PaymentProviderError.self, code: "payment.declined")
    /// ```
    public func showingTexts<E: LocalizedError>(of type: E.Type, code: String) -> AlertPipeline {
        var copy = self
        copy.userFacingTypes[ObjectIdentifier(type)] = code
        copy.rebuildChain()
        return copy
    }
}
