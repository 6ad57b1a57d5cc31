import ExampleService
import FriendlyErrorsGRPC
import GRPCCore
import GRPCNIOTransportHTTP2
import Testing

/// The interceptor is made where servers are set up: at the top of `main`, on the main actor, in an actor.
@Suite struct CallSitesTests {
    @MainActor @Test func onTheMainActor() {
        let interceptor = FriendlyErrorsInterceptor(domain: "shop.example.com")
        let server = GRPCServer(
            transport: .http2NIOPosix(address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext),
            services: [ShopService()], interceptors: [interceptor])
        _ = server
        #expect(interceptor.domain == "shop.example.com")
    }

    actor ServerOwner {
        var interceptors: [any ServerInterceptor] = []
        func install(_ pipeline: AlertPipeline) {
            interceptors.append(FriendlyErrorsInterceptor(domain: "shop.example.com", pipeline: pipeline))
        }
    }

    @Test func inAnActor() async {
        let owner = ServerOwner()
        await owner.install(AlertPipeline().addingCatalog(shopCatalog))
        #expect(await owner.interceptors.count == 1)
    }
}
