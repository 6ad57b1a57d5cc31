import Foundation
public import FriendlyErrors

/// An item the shop does not sell: an app error, answered `NOT_FOUND`.
public struct ItemNotFound: FriendlyError {
    /// The item asked for.
    public var item: String

    /// An item that is not there.
    public init(item: String) { self.item = item }

    public var code: String { "shop.itemNotFound" }
    public var title: LocalizableText { "Item not found" }
    public var message: LocalizableText { "The shop has no item “\(item)”." }
    public var suggestion: LocalizableText { "Check the item's number in the catalog." }
    public var category: ErrorCategory { .notFound }
    /// A link: a gRPC client gets it as an AIP-193 `Help` link.
    public var recoveries: [Recovery] {
        [.link(id: "catalog", label: "Open the catalog", href: "https://shop.example.com/catalog")]
    }
}

/// An order whose fields failed validation: `INVALID_ARGUMENT` with a `BadRequest` violation per field.
public struct InvalidOrder: FriendlyError {
    /// An order with a negative price and a quantity of zero in its first item.
    public init() {}

    public var code: String { "order.invalid" }
    public var title: LocalizableText { "Invalid order" }
    public var message: LocalizableText { "Correct the marked fields, then send the order again." }
    public var category: ErrorCategory { .invalidData }
    public var fieldProblems: [FieldProblem] {
        [
            FieldProblem("/items/0/price", code: "order.price.negative", message: "The price must be 0 or more."),
            FieldProblem(
                "/items/0/quantity", code: "order.quantity.tooSmall", message: "The quantity must be 1 or more."),
        ]
    }
}

/// Too many searches: `RESOURCE_EXHAUSTED` with `RetryInfo` from its `Retry-After`.
public struct TooManySearches: FriendlyError {
    /// How long the client should wait.
    public var retryAfterSeconds: Int

    /// A limit that lifts after `retryAfterSeconds`.
    public init(retryAfterSeconds: Int = 30) { self.retryAfterSeconds = retryAfterSeconds }

    public var code: String { "search.rateLimited" }
    public var title: LocalizableText { "Too many searches" }
    public var message: LocalizableText { "You searched too often. Wait a moment, then search again." }
    public var category: ErrorCategory { .rateLimited }
    public var responseHeaders: [ResponseHeader] { [.retryAfter(seconds: retryAfterSeconds)] }
}

/// The shop's storage for orders is full: `RESOURCE_EXHAUSTED`, the code rate limiting has too, so a client
/// that read only the status code would say "Too many requests".
public struct StorageFull: FriendlyError {
    /// Storage that is full.
    public init() {}

    public var code: String { "shop.storageFull" }
    public var title: LocalizableText { "Order storage full" }
    public var message: LocalizableText { "The shop cannot take more orders until space is freed." }
    public var category: ErrorCategory { .insufficientStorage }
}

/// An error nobody classified, holding what must never leave the server.
public struct ReportDatabaseFailure: Error, CustomStringConvertible {
    /// A credential, as careless error messages contain them.
    public static let secret = "postgres://report:S3cr3t-Pa55@db.internal/reports"

    /// A failure that names its database.
    public init() {}

    public var description: String { "could not connect to \(Self.secret)" }
}

/// The shop's texts in English, Japanese, German and French; keys follow the codes.
public let shopCatalog = TranslationCatalog(strings: [
    "en": [
        "shop.itemNotFound.action.catalog": "Open the catalog"
    ],
    "ja": [
        "shop.itemNotFound.action.catalog": "カタログを開く",
        "shop.itemNotFound.title": "商品が見つかりません",
        "shop.itemNotFound.message": "「%@」という商品はありません。",
        "shop.itemNotFound.suggestion": "カタログで商品番号を確かめてください。",
        "order.invalid.title": "注文が無効です",
        "order.invalid.message": "印の付いた項目を直してから、もう一度注文を送ってください。",
        "order.price.negative.message": "価格は0以上でなければなりません。",
        "order.quantity.tooSmall.message": "数量は1以上でなければなりません。",
        "search.rateLimited.title": "検索が多すぎます",
        "search.rateLimited.message": "検索の回数が多すぎます。少し待ってから、もう一度検索してください。",
        "shop.storageFull.title": "注文の保存領域がいっぱいです",
        "shop.storageFull.message": "空きができるまで、ショップは新しい注文を受け付けられません。",
    ],
    "de": [
        "shop.itemNotFound.action.catalog": "Katalog öffnen",
        "shop.itemNotFound.title": "Artikel nicht gefunden",
        "shop.itemNotFound.message": "Der Shop führt keinen Artikel „%@“.",
        "shop.itemNotFound.suggestion": "Prüfen Sie die Artikelnummer im Katalog.",
        "order.invalid.title": "Ungültige Bestellung",
        "order.invalid.message": "Korrigieren Sie die markierten Felder und senden Sie die Bestellung erneut.",
        "order.price.negative.message": "Der Preis muss 0 oder mehr betragen.",
        "order.quantity.tooSmall.message": "Die Menge muss mindestens 1 betragen.",
        "search.rateLimited.title": "Zu viele Suchen",
        "search.rateLimited.message": "Sie haben zu oft gesucht. Warten Sie kurz und suchen Sie dann erneut.",
    ],
    "fr": [
        "shop.itemNotFound.action.catalog": "Ouvrir le catalogue",
        "shop.itemNotFound.title": "Article introuvable",
        "shop.itemNotFound.message": "La boutique n’a pas d’article « %@ ».",
        "shop.itemNotFound.suggestion": "Vérifiez le numéro de l’article dans le catalogue.",
        "order.invalid.title": "Commande non valide",
        "order.invalid.message": "Corrigez les champs signalés, puis envoyez à nouveau la commande.",
        "order.price.negative.message": "Le prix doit être supérieur ou égal à 0.",
        "order.quantity.tooSmall.message": "La quantité doit être d’au moins 1.",
        "search.rateLimited.title": "Trop de recherches",
        "search.rateLimited.message": "Vous avez cherché trop souvent. Patientez un instant, puis recommencez.",
    ],
])
