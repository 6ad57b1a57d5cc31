extension AlertPipeline {
    /// The alert for `error`, in the best of the catalog's languages for `preference`: the one way
    /// to turn an error into an ``Alert``.
    ///
    /// ```swift
    /// pipeline.alert(for: error)                                            // the process language
    /// pipeline.alert(for: error, in: "ja-JP")                               // a tag as written
    /// pipeline.alert(for: error, in: LanguagePreference(Locale(identifier: "de_CH")))
    /// pipeline.alert(for: error, in: .acceptLanguage(acceptLanguageHeader)) // a server's request
    /// ```
    ///
    /// A server answers a request with ``response(for:to:writers:)``, which does this and the rest of the
    /// response (status, headers, body, the log's observation) in one call.
    ///
    /// - Parameters:
    ///   - error: any error.
    ///   - preference: the languages wanted: the process language (``LanguagePreference/process``,
    ///     the default), a tag, a request's ``LanguagePreference/acceptLanguage(_:)``, or a list of tags.
    ///   - context: the circumstances (see ``ClassificationContext``): whom the alert is for, metadata
    ///     for the observers, a framework's own status and headers.
    public func alert(
        for error: any Error, in preference: LanguagePreference = .process,
        context: ClassificationContext = .processUser
    ) -> Alert {
        // The thread's number found once, for its copies of the classifier chain and of the catalog's index.
        let threadNumber = ThreadNumber.current
        let classification = classify(error, context: context, threadNumber: threadNumber)
        if classification.textLanguage != nil { return alert(inTextLanguageOf: classification) }
        return AlertLocalizer(catalog: catalog, threadNumber: threadNumber).alert(
            for: classification, chain: catalog.languageOrdinals(for: preference), row: knownRow(of: classification))
    }

    /// The alert for a classification this pipeline made, in the languages of `preference`: for the
    /// library's own entry points, which look at the classification (its log level) first.
    package func alert(localizing classification: Classification, in preference: LanguagePreference) -> Alert {
        alert(localizing: classification, in: preference, threadNumber: ThreadNumber.current)
    }

    /// ``alert(localizing:in:)`` on the thread numbered `threadNumber` (``ThreadNumber/current``), which
    /// the caller found for the classification too.
    func alert(localizing classification: Classification, in preference: LanguagePreference, threadNumber: Int)
        -> Alert
    {
        if classification.textLanguage != nil { return alert(inTextLanguageOf: classification) }
        return AlertLocalizer(catalog: catalog, threadNumber: threadNumber).alert(
            for: classification, chain: catalog.languageOrdinals(for: preference), row: knownRow(of: classification))
    }

    /// The alert for a classification whose texts are already in one language (a ``RemoteProblem``'s):
    /// in that language, whatever was asked for, so that the labels around the texts are in it too.
    /// When the catalog does not offer it, the labels are in the catalog's base language and the
    /// alert keeps the texts' language as its own.
    @inline(never)
    private func alert(inTextLanguageOf classification: Classification) -> Alert {
        let language = classification.textLanguage ?? ""
        var alert = AlertLocalizer(catalog: catalog).alert(
            for: classification, chain: catalog.languageOrdinals(forTag: language), row: knownRow(of: classification))
        let primary = { (tag: String) in tag.lowercased().split(separator: "-").first.map(String.init) ?? "" }
        if primary(alert.language) != primary(language) { alert.language = language }
        return alert
    }
}
