/// Presents alerts as web pages: a complete, self-contained HTML5 page for a browser that hit an
/// error.
///
/// ```swift
/// let presenter = HTMLPresenter(home: "/", titleSuffix: "Shop", brand: .init(accentColor: "#0a7d4f"))
/// let page = presenter.responseBody(for: alert, to: ErrorRequest(method: "GET", target: "/orders/7", host: "shop.example"))
/// ```
///
/// On a server, ``AlertPipeline/response(for:to:writers:)`` answers with the page
/// when the request's `Accept` prefers `text/html` (what a browser sends for a navigation), with the
/// same status and headers as problem+json.
///
/// The page is the alert's anatomy, after Apple's Human Interface Guidelines:
/// - `lang` and `dir` from ``Alert/language``; a status line ("Error 404"), one heading with the
///   title, the message, the reason and the suggestion; the field problems as a list whose items say
///   their field and can be linked to (`#fe-field-items-1-price`); the reference ID, selectable, with
///   its label; the actions in the alert's order — destructive never the primary one, exactly one
///   cancel.
/// - Actions a browser can follow, as links: a recovery's own link (``AlertAction/href``); "Try
///   again" for a transient category (``ErrorCategory/isTransient``), an unexpected error
///   (``Alert/isUnexpected``, whose texts ask to try again) or a `retry` recovery, to the same URL,
///   for `GET` and `HEAD` only; Cancel (or OK) to the same-origin page the browser came from
///   (`Referer`, whose path and query alone are written — never its scheme or host, so it can never
///   lead elsewhere), else to `home`.
///   A recovery with neither link nor retry cannot be followed by a browser and is left out.
///   Only `http(s)` URLs and relative references are ever written (see ``AlertAction/href``).
/// - One inline `<style>` element, no script, no external asset: the page works under a strict
///   Content-Security-Policy (`contentSecurityPolicy` allows exactly that style by its hash, or pass
///   a nonce in ``ErrorRequest/styleNonce``); light and dark (`prefers-color-scheme`); readable from
///   320 px wide; the app's colours, font and corners through ``Brand``.
/// - Every text is HTML-escaped and every value from the error sits in an element of its own with
///   `dir="auto"`, so its direction cannot reorder the page around it; bidi embeddings, overrides and
///   isolates in it are shown as visible escapes (`\u{202E}`), as on the console. An unknown error's
///   own text is not in the alert, so it is not on the page.
///
/// Labels come from the alert's presenter texts (`html.*` keys: the status line, the reference ID's label,
/// the field problems' heading, "Try again", "Go back", "Go to the home page"), in the alert's language.
/// Texts are capped as by the JSON presenter (at the same limits).
public struct HTMLPresenter: AlertPresenter {
    /// Where the page's Cancel leads when the browser came from no page of the same site: a relative
    /// reference or an `http(s)` URL (`"/"` by default; an unsafe value counts as `"/"`).
    package var home: String {
        didSet { homeHref = LinkReference.validated(home) ?? "/" }
    }
    /// Added to the title in the page's `<title>` (`"Insufficient funds – Shop"`), or `nil`.
    package var titleSuffix: String?
    /// The colours, font and corners of the page.
    package var brand: Brand {
        didSet { styleSheet = brand == .standard ? .standard : StyleSheet(brand: brand) }
    }
    /// The largest sizes written: each text, identifier, the number of actions and field problems.
    package var limits: PresenterLimits
    /// Where ``present(_:)`` writes its page.
    package var output: TextOutput

    /// The style element's text and its hash.
    private(set) var styleSheet: StyleSheet
    /// ``home`` as the page's Cancel writes it: checked once (``LinkReference/validated(_:)``), `"/"` when
    /// unsafe, not on every page.
    private(set) var homeHref: String

    /// A presenter; every setting has a default.
    ///
    /// ```swift
    /// HTMLPresenter(home: "/", titleSuffix: "Shop", brand: .init(accentColor: "#0a7d4f", darkAccentColor: "#7dd3a8"))
    /// ```
    public init(
        home: String = "/", titleSuffix: String? = nil, brand: Brand = Brand(), output: TextOutput = .standardOutput
    ) {
        self.init(home: home, titleSuffix: titleSuffix, brand: brand, limits: .standard, output: output)
    }

    /// A presenter with caps of its own, for the library's tests.
    package init(
        home: String = "/", titleSuffix: String? = nil, brand: Brand = .standard, limits: PresenterLimits,
        output: TextOutput = .standardOutput
    ) {
        self.home = home
        homeHref = LinkReference.validated(home) ?? "/"
        self.titleSuffix = titleSuffix
        self.brand = brand
        self.limits = limits
        self.output = output
        styleSheet = brand == .standard ? .standard : StyleSheet(brand: brand)
    }

    /// The presenter with every default: what a server flow uses unless given another.
    package static let standard = HTMLPresenter()

    /// Writes the page for `alert` to `output` in one write, and answers
    /// `nil`: a page's actions are links the browser follows.
    public func present(_ alert: Alert) async -> String? {
        output.write(page(for: alert))
        return nil
    }

    /// The complete HTML5 page for `alert`: doctype, `lang` and `dir`, title, the style element and
    /// the alert (`fragment(for:request:headingLevel:)` with a level-1 heading) in `<main>`.
    ///
    /// - Parameters:
    ///   - alert: the alert to show.
    ///   - request: what the page's links are made from: the method and target (for "Try again"),
    ///     the host and `Referer` (for Cancel), a style nonce; its other fields are not read.
    package func page(for alert: Alert, request: ErrorRequest = ErrorRequest()) -> String {
        String(decoding: pageBytes(for: alert, request: request), as: UTF8.self)
    }

    /// The alert alone, `<section class="fe-alert">…</section>`, for an app that shows it in its own
    /// layout: no style element — include ``styleSheetText`` in the app's CSS (its rules are all under
    /// `.fe-alert` and the `--fe-*` variables) — and a heading of the level given (2 by default).
    package func fragment(for alert: Alert, request: ErrorRequest = ErrorRequest(), headingLevel: Int = 2) -> String {
        var writer = HTMLPageWriter(limits: limits, reservingCapacity: 2048)
        writer.writeFragment(alert, request: request, homeHref: homeHref, headingLevel: headingLevel)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The page as UTF-8 bytes: a response's body.
    package func pageBytes(for alert: Alert, request: ErrorRequest = ErrorRequest())
        -> [UInt8]
    {
        var writer = HTMLPageWriter(limits: limits, reservingCapacity: styleSheet.bytes.count + 2048)
        writer.writePage(alert, presenter: self, request: request)
        return writer.bytes
    }

    /// The CSS of the page's style element: for a `fragment(for:request:headingLevel:)` the app
    /// includes in its own style sheet.
    package var styleSheetText: String { styleSheet.text }

    /// The style element's hash as a CSP source expression, `'sha256-…'`, for an app that sends its
    /// own `Content-Security-Policy` with the page: `style-src 'sha256-…'`.
    package var styleHashSource: String { styleSheet.hashSource }

    /// The policy a page is served with (when no ``ErrorRequest/styleNonce`` is given): nothing may
    /// load or run but the page's own style element, the page cannot be framed, and no form or
    /// `<base>` works —
    /// `default-src 'none'; style-src 'sha256-…'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`.
    package var contentSecurityPolicy: String { styleSheet.contentSecurityPolicy }
}
