/// The actions of an alert that a browser can follow, each with its link, in the alert's order.
enum PageActions {
    /// The followable actions of `alert`, in the Human Interface Guidelines' order (``AlertAction/orderedActions(for:cancel:ok:)``):
    /// each recovery with a link of its own; a `retry` recovery, and for a transient category or an
    /// unexpected error (whose texts ask to try again) a "Try again" of the page's own, to the
    /// request's URL for `GET` and `HEAD`; then exactly one cancel, to the same-origin page the browser
    /// came from or to `homeHref` (the presenter's home, checked). A recovery with neither is left out;
    /// at most `maximum` actions, the cancel always among them.
    static func actions(
        for alert: Alert, request: ErrorRequest, homeHref: String, texts: PresenterTexts, maximum: Int
    ) -> [AlertAction] {
        let retry = retryHref(request)
        var recoveries: [AlertAction] = []
        for action in alert.actions where action.role != .cancel && action.id != AlertAction.okID {
            guard recoveries.count < maximum - 1 else { break }
            if action.href != nil {
                recoveries.append(action)
            } else if action.id == retryID, let retry {
                recoveries.append(AlertAction(id: retryID, label: action.label, role: action.role, checkedHref: retry))
            }
        }
        // An unexpected error's texts ask to try again (`unexpected.suggestion`): the page offers it.
        if alert.category.isTransient || alert.isUnexpected, let retry, recoveries.count < maximum - 1,
            !recoveries.contains(where: { $0.id == retryID })
        {
            let label = texts.text("html.tryAgain") ?? "Try again"
            recoveries.append(AlertAction(id: retryID, label: label, role: .default, checkedHref: retry))
        }
        let back = backHref(request)
        let cancelLabel =
            back != nil ? texts.text("html.goBack") ?? "Go back" : texts.text("html.goHome") ?? "Go to the home page"
        let cancel = AlertAction(
            id: AlertAction.cancelID, label: cancelLabel, role: .cancel,
            checkedHref: back ?? homeHref)
        return AlertAction.orderedActions(for: recoveries, cancel: cancel, ok: cancel)
    }

    static let retryID = "retry"

    /// The request's own URL (path and query) for "Try again": only for `GET` and `HEAD`, only a
    /// target that starts with one `/`.
    static func retryHref(_ request: ErrorRequest) -> String? {
        guard let target = request.target else { return nil }
        let method = request.method
        guard method == "GET" || method == "HEAD" || method.uppercased() == "GET" || method.uppercased() == "HEAD"
        else {
            return nil
        }
        guard target.hasPrefix("/"), !target.hasPrefix("//") else { return nil }
        return LinkReference.validated(target)
    }

    /// The path and query of `request.referer` when it is an `http(s)` URL of the request's host
    /// and port, and another page than the one that failed; `nil` otherwise. The scheme and host are
    /// never written: the link stays on the site whatever the header says.
    static func backHref(_ request: ErrorRequest) -> String? {
        guard let referer = request.referer, let host = request.host?.lowercased(), !host.isEmpty,
            LinkReference.isSafe(referer)
        else { return nil }
        let lowered = referer.lowercased()
        let schemeLength: Int
        if lowered.hasPrefix("https://") {
            schemeLength = 8
        } else if lowered.hasPrefix("http://") {
            schemeLength = 7
        } else {
            return nil
        }
        let rest = referer.utf8.dropFirst(schemeLength)
        let authorityEnd = rest.firstIndex {
            $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        }
        let authority = String(decoding: rest[..<(authorityEnd ?? rest.endIndex)], as: UTF8.self).lowercased()
        guard authority == host else { return nil }
        var path = authorityEnd.map { String(decoding: rest[$0...], as: UTF8.self) } ?? "/"
        if let fragment = path.firstIndex(of: "#") { path = String(path[..<fragment]) }
        if !path.hasPrefix("/") { path = "/" + path }
        guard !path.hasPrefix("//"), path != request.target, let safe = LinkReference.validated(path) else {
            return nil
        }
        return safe
    }
}
