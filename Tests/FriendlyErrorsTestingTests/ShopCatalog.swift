import Foundation
import FriendlyErrors
import FriendlyErrorsTesting

/// A sample app catalog with one planted defect of each kind the checker finds, and its fixed
/// twin: `ShopError.all(.defective)` with `ShopCatalog.strings(.defective)`, or `.fixed` for both.
enum Variant: Sendable {
    case defective, fixed
}

enum ShopError: FriendlyError {
    case cartEmpty(Variant)
    case couponInvalid(Variant)
    case couponExpired(Variant)
    case paymentDeclined(Variant)
    case outOfStock(Variant)
    case addressInvalid(Variant)
    case limitReached(Variant, limit: Int)
    case priceChanged(Variant, price: String)
    case syncFailed(Variant)
    case checkoutFailed(Variant)

    static func all(_ variant: Variant) -> [ShopError] {
        [
            .cartEmpty(variant), .couponInvalid(variant), .couponExpired(variant), .paymentDeclined(variant),
            .outOfStock(variant), .addressInvalid(variant), .limitReached(variant, limit: 5),
            .priceChanged(variant, price: "$5"), .syncFailed(variant), .checkoutFailed(variant),
        ]
    }

    var variant: Variant {
        switch self {
        case .cartEmpty(let variant), .couponInvalid(let variant), .couponExpired(let variant),
            .paymentDeclined(let variant), .outOfStock(let variant), .addressInvalid(let variant),
            .limitReached(let variant, _), .priceChanged(let variant, _), .syncFailed(let variant),
            .checkoutFailed(let variant):
            variant
        }
    }

    var code: String {
        switch self {
        case .cartEmpty: "shop.cartEmpty"
        case .couponInvalid: "shop.couponInvalid"
        // Defect: a copied case that kept the code of the case it was copied from.
        case .couponExpired(let variant): variant == .defective ? "shop.couponInvalid" : "shop.couponExpired"
        case .paymentDeclined: "shop.paymentDeclined"
        case .outOfStock: "shop.outOfStock"
        case .addressInvalid: "shop.addressInvalid"
        case .limitReached: "shop.limitReached"
        case .priceChanged: "shop.priceChanged"
        case .syncFailed: "shop.syncFailed"
        case .checkoutFailed: "shop.checkoutFailed"
        }
    }

    var message: LocalizableText {
        switch self {
        // Defect: the catalog's text has %lld, but the code forgot to pass the limit.
        case .limitReached(let variant, let limit):
            variant == .defective ? LocalizableText() : .arguments(.integer(limit))
        case .priceChanged(_, let price): .arguments(.string(price))
        default: LocalizableText()
        }
    }

    var category: ErrorCategory { .invalidInput }

    var recoveries: [Recovery] {
        switch self {
        case .cartEmpty:
            [Recovery(id: "browse", label: LocalizableText()) { .done }]
        case .couponInvalid:
            [Recovery(id: "removeCoupon", label: LocalizableText(), isDestructive: true) { .recovered }]
        case .checkoutFailed(let variant):
            // Defect: two recoveries with one id; the pipeline silently drops the second.
            variant == .defective ? [.retry(), .retry(label: LocalizableText(key: "action.continue"))] : [.retry()]
        default:
            []
        }
    }
}

enum ShopCatalog {
    static func strings(_ variant: Variant) -> TranslationCatalog {
        let defective = variant == .defective
        var english = [
            "shop.cartEmpty.title": "Your cart is empty",
            "shop.cartEmpty.message": "Add something to your cart first.",
            "shop.cartEmpty.action.browse": "Browse the shop",
            "shop.couponInvalid.title": "Invalid coupon",
            "shop.couponInvalid.message": "This coupon can’t be used.",
            "shop.couponInvalid.action.removeCoupon": "Remove the coupon",
            "shop.couponExpired.title": "Coupon expired",
            "shop.couponExpired.message": "This coupon has expired.",
            "shop.paymentDeclined.title": "Payment declined",
            "shop.paymentDeclined.message": "Your bank declined the payment.",
            "shop.outOfStock.title": "Out of stock",
            "shop.outOfStock.message": "This item is sold out.",
            "shop.addressInvalid.title": "Invalid address",
            "shop.addressInvalid.message": "The address can’t be used for delivery.",
            "shop.addressInvalid.suggestion": "Check the postcode.",
            "shop.limitReached.title": "Limit reached",
            "shop.limitReached.message": "You can order at most %lld items.",
            "shop.priceChanged.title": "Price changed",
            "shop.priceChanged.message": "The price is now %@.",
            "shop.syncFailed.title": "Cart not synced",
            "shop.syncFailed.message": "Your cart couldn’t be saved to your account.",
            "shop.checkoutFailed.title": "Checkout failed",
            "shop.checkoutFailed.message": "The order wasn’t placed.",
        ]
        var japanese = [
            "shop.cartEmpty.title": "カートは空です",
            "shop.cartEmpty.message": "まず商品をカートに追加してください。",
            "shop.cartEmpty.action.browse": "ショップを見る",
            "shop.couponInvalid.title": "無効なクーポン",
            "shop.couponInvalid.message": "このクーポンは使用できません。",
            "shop.couponInvalid.action.removeCoupon": "クーポンを削除",
            "shop.couponExpired.title": "クーポンの期限切れ",
            "shop.couponExpired.message": "このクーポンは期限が切れています。",
            "shop.paymentDeclined.title": "支払いが拒否されました",
            "shop.paymentDeclined.message": "銀行が支払いを拒否しました。",
            "shop.outOfStock.title": "在庫切れ",
            "shop.outOfStock.message": "この商品は売り切れです。",
            "shop.addressInvalid.title": "無効な住所",
            "shop.addressInvalid.message": "この住所には配送できません。",
            "shop.addressInvalid.suggestion": "郵便番号を確認してください。",
            "shop.limitReached.title": "上限に達しました",
            "shop.limitReached.message": "注文できるのは最大 %lld 個です。",
            "shop.priceChanged.title": "価格が変わりました",
            "shop.priceChanged.message": "現在の価格は %@ です。",
            "shop.syncFailed.title": "カートを同期できません",
            "shop.syncFailed.message": "カートをアカウントに保存できませんでした。",
            "shop.checkoutFailed.title": "注文できませんでした",
            "shop.checkoutFailed.message": "注文は確定されませんでした。",
        ]
        if defective {
            english["shop.paymentDeclined.title"] = nil  // no title in any language
            japanese["shop.paymentDeclined.title"] = nil
            japanese["shop.outOfStock.message"] = ""  // empty
            japanese["shop.cartEmpty.title"] = nil  // not translated
            japanese["shop.addressInvalid.suggestion"] = "shop.addressInvalid.suggestion"  // the key as text
            japanese["shop.priceChanged.message"] = "現在の価格は %d です。"  // %d where the base has %@
            english["shop.syncFailed.message"] = "The operation couldn’t be completed."  // Foundation's wording
        }
        return TranslationCatalog(strings: ["en": english, "ja": japanese])
    }

    /// The app's own change to every alert; the defective one adds a second Cancel.
    static func adjustment(_ variant: Variant) -> @Sendable (Alert) -> Alert {
        guard variant == .defective else { return { $0 } }
        return { alert in
            guard alert.code == "shop.checkoutFailed" else { return alert }
            var copy = alert
            copy.actions.append(AlertAction(id: "close", label: "Close", role: .cancel))
            return copy
        }
    }

    static func checker(_ variant: Variant) -> CatalogChecker {
        CatalogChecker(catalog: strings(variant), languages: ["en", "ja"]).adjustingAlerts(adjustment(variant))
    }
}
