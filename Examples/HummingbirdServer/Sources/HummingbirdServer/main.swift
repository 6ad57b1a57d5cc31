import ProblemServer

// Try it: curl -i -X POST -H 'Accept-Language: ja' http://127.0.0.1:8080/orders
try await buildShopApplication().runService()
