import FriendlyErrors
import FriendlyErrorsTesting
import Testing

struct CatalogTextTests {
    @Test func oneTextInOneLanguageWithoutAnAlert() {
        let checker = ShopCatalog.checker(.fixed)
        #expect(checker.text("shop.cartEmpty.message", language: "ja") == "まず商品をカートに追加してください。")
        #expect(checker.text("shop.cartEmpty.message", language: "en") == "Add something to your cart first.")
    }

    @Test func placeholdersAreFilledByTheSafeFormatter() {
        let checker = ShopCatalog.checker(.fixed)
        #expect(checker.text("shop.limitReached.message", language: "ja", arguments: [5]) == "注文できるのは最大 5 個です。")
    }

    @Test func aLanguageWithoutTheKeyGivesTheBaseLanguagesText() {
        let checker = ShopCatalog.checker(.fixed)
        #expect(checker.text("shop.cartEmpty.message", language: "fr") == "Add something to your cart first.")
        #expect(checker.text("action.ok", language: "ja") == "OK")
        #expect(checker.text("shop.noSuchKey", language: "ja") == nil)
    }
}
