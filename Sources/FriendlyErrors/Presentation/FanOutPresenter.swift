/// Presents every alert with several presenters in turn — a terminal and a log file, a response and
/// a metrics sink — and answers with the first action any of them chose.
///
/// ```swift
/// AlertPresentationSystem.bootstrap(FanOutPresenter(ConsolePresenter(), JSONPresenter(output: logFile)))
/// ```
public struct FanOutPresenter: AlertPresenter {
    /// The presenters, in the order they present.
    package let presenters: [any AlertPresenter]

    /// A presenter that presents with each of `presenters`, in order.
    package init(_ presenters: [any AlertPresenter]) {
        self.presenters = presenters
    }

    /// A presenter that presents with each of `presenters`, in order.
    public init(_ presenters: any AlertPresenter...) {
        self.init(presenters)
    }

    public func present(_ alert: Alert) async -> String? {
        var chosen: String?
        for presenter in presenters {
            let answer = await presenter.present(alert)
            if chosen == nil, let id = answer, alert.action(id: id) != nil {
                chosen = id
            }
        }
        return chosen
    }
}
