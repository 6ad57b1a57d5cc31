#!/usr/bin/env bash
# Proves the release step: writes a release of HEAD with file:// URLs (Scripts/release.sh) into a
# temporary folder, checks that every released repository carries the root's LICENSE, then, from a
# consumer package whose only dependency lines are `.package(url: "file://…", from: VERSION)` — no path
# dependency anywhere — builds and uses every integration: an argument-parser command that throws (its
# exit status and alert checked); a server on loopback per server integration (Hummingbird, Vapor, and
# OpenAPI on swift-openapi-hummingbird's transport), each answering a thrown error with problem+json
# (checked with curl and Python's json); and a gRPC call through both interceptors (the server's
# FriendlyErrorsInterceptor, the client's FriendlyErrorsClientInterceptor), whose alert the client
# prints in English and Japanese. The consumer builds Vapor, gRPC and OpenAPI once more, in its own
# folder: the script prints how long its build took.
#
# Usage: Scripts/check-release.sh [VERSION, default 0.1.0] [scratch path for the consumer's build]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
version=${1:-0.1.0}
work=$(mktemp -d)
scratch=${2:-$work/consumer/.build}
server_pid=
cleanup() {
    [ -z "$server_pid" ] || { kill "$server_pid" 2> /dev/null || true; wait "$server_pid" 2> /dev/null || true; }
    rm -rf "$work"
}
trap cleanup EXIT

echo "-- the release step (file:// URLs)"
Scripts/release.sh "$version" "$work/repos" --url-prefix "file://$work/repos/" 2> "$work/release.log" \
    || { cat "$work/release.log" >&2; exit 1; }
grep -v "^warning: the work tree has uncommitted changes" "$work/release.log" >&2 || true
(cd "$work/repos" && for repo in *; do
    printf '%s: tag %s, %s\n' "$repo" "$(git -C "$repo" describe --tags)" "$(git -C "$repo" ls-tree --name-only HEAD | tr '\n' ' ')"
done)
# Seven repositories, each with the root's license, committed.
repos=(swift-friendly-errors swift-friendly-errors-server-kit swift-friendly-errors-hummingbird swift-friendly-errors-vapor
    swift-friendly-errors-grpc swift-friendly-errors-openapi swift-friendly-errors-argument-parser)
for repo in "${repos[@]}"; do
    [ -d "$work/repos/$repo/.git" ] || { echo "error: the release wrote no repository $repo" >&2; exit 1; }
    if ! git -C "$work/repos/$repo" show "HEAD:LICENSE" 2> /dev/null | cmp -s - "$root/LICENSE"; then
        echo "error: $repo's release holds no LICENSE, or not the root's" >&2
        exit 1
    fi
done
# The core's repository ships every library of the root package: the integrations take FriendlyErrorsAdapters
# from it by URL, beside FriendlyErrors.
core_products=$(swift package --package-path "$work/repos/swift-friendly-errors" dump-package \
    | python3 -c 'import json, sys; print(" ".join(sorted(p["name"] for p in json.load(sys.stdin)["products"] if "library" in p["type"])))')
for product in FriendlyErrors FriendlyErrorsAdapters FriendlyErrorsTesting FriendlyErrorsURLSession; do
    case " $core_products " in *" $product "*) ;; *) echo "error: the released core has no library $product ($core_products)" >&2; exit 1 ;; esac
done
echo "the released core's libraries: $core_products"
echo "every released repository (${#repos[@]}) carries the root's LICENSE ($(head -c 200 LICENSE | grep -m1 -o 'Apache License'), $(wc -l < LICENSE) lines)"

echo "-- the consumer: every dependency by URL"
for target in Tool Server VaporServer OpenAPIServer RPC; do mkdir -p "$work/consumer/Sources/$target"; done
url() { echo "file://$work/repos/$1"; }
cat > "$work/consumer/Package.swift" <<EOF
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "consumer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "$(url swift-friendly-errors)", from: "$version"),
        .package(url: "$(url swift-friendly-errors-hummingbird)", from: "$version"),
        .package(url: "$(url swift-friendly-errors-vapor)", from: "$version"),
        .package(url: "$(url swift-friendly-errors-grpc)", from: "$version"),
        .package(url: "$(url swift-friendly-errors-openapi)", from: "$version"),
        .package(url: "$(url swift-friendly-errors-argument-parser)", from: "$version"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird.git", from: "2.1.0"),
        .package(url: "https://github.com/grpc/grpc-swift-2.git", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-protobuf.git", from: "2.4.1"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport.git", from: "2.9.2"),
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0"),
    ],
    targets: [
        .executableTarget(name: "Tool", dependencies: [
            .product(name: "FriendlyErrorsArgumentParser", package: "swift-friendly-errors-argument-parser"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "Server", dependencies: [
            .product(name: "FriendlyErrorsHummingbird", package: "swift-friendly-errors-hummingbird"),
            .product(name: "Hummingbird", package: "hummingbird"),
        ]),
        .executableTarget(name: "VaporServer", dependencies: [
            .product(name: "FriendlyErrorsVapor", package: "swift-friendly-errors-vapor"),
            .product(name: "Vapor", package: "vapor"),
        ]),
        .executableTarget(name: "OpenAPIServer", dependencies: [
            .product(name: "FriendlyErrorsOpenAPI", package: "swift-friendly-errors-openapi"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
            .product(name: "Hummingbird", package: "hummingbird"),
        ]),
        .executableTarget(name: "RPC", dependencies: [
            .product(name: "FriendlyErrorsGRPC", package: "swift-friendly-errors-grpc"),
            .product(name: "GRPCCore", package: "grpc-swift-2"),
            .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
            .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
            .product(name: "SwiftProtobuf", package: "swift-protobuf"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
EOF
cat > "$work/consumer/Sources/Tool/Tool.swift" <<'EOF'
import ArgumentParser
import FriendlyErrorsArgumentParser

enum SyncError: FriendlyError {
    case serverDown
    var code: String { "sync.serverDown" }
    var category: ErrorCategory { .unavailable }
    var title: LocalizableText { "The sync server is down" }
    var message: LocalizableText { "Nothing was uploaded." }
}

@main struct Tool: AsyncParsableCommand {
    @OptionGroup(title: "Console") var console: ConsoleOptions

    mutating func run() async throws {
        try await withFriendlyErrors(console) {
            throw SyncError.serverDown
        }
    }
}
EOF
# The error every server throws: 409 Conflict, answered as problem+json.
out_of_stock='struct OutOfStock: FriendlyError {
    var code: String { "shop.outOfStock" }
    var category: ErrorCategory { .conflict }
    var title: LocalizableText { "Out of stock" }
    var message: LocalizableText { "This item is sold out." }
}'
cat > "$work/consumer/Sources/Server/main.swift" <<EOF
import Foundation
import FriendlyErrorsHummingbird
import Hummingbird

$out_of_stock

let router = Router()
router.add(middleware: FriendlyErrorsMiddleware(pipeline: AlertPipeline()))
router.get("/buy") { _, _ -> String in throw OutOfStock() }
let app = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: 0)),
    onServerRunning: { channel in
        FileHandle.standardOutput.write(Data("listening on \(channel.localAddress?.port ?? 0)\n".utf8))
    }
)
try await app.runService()
EOF
cat > "$work/consumer/Sources/VaporServer/main.swift" <<EOF
import Foundation
import FriendlyErrorsVapor
import Vapor

$out_of_stock

/// Serves `app` on 127.0.0.1, a port the system picks, printing it (Examples/VaporShop's `serve`).
func serve(_ app: Application) async throws {
    let server = app.http.server.shared
    try await server.start(address: .hostname("127.0.0.1", port: 0))
    FileHandle.standardOutput.write(Data("listening on \(server.localAddress?.port ?? 0)\n".utf8))
    try await server.onShutdown.get()
}

let app = try await Application.make(Environment(name: "production", arguments: [CommandLine.arguments[0]]))
app.middleware.replaceErrorMiddleware(with: FriendlyErrorsMiddleware(pipeline: AlertPipeline()))
app.get("buy") { _ -> String in throw OutOfStock() }
try await serve(app)
try await app.asyncShutdown()
EOF
# An operation registered as generated code registers it (no generator needed): through the middleware.
cat > "$work/consumer/Sources/OpenAPIServer/main.swift" <<EOF
import Foundation
import FriendlyErrorsOpenAPI
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime

$out_of_stock

let router = Router()
let middleware = FriendlyErrorsServerMiddleware(pipeline: AlertPipeline())
router.register(
    { request, body, metadata in
        try await middleware.intercept(request, body: body, metadata: metadata, operationID: "buy") { _, _, _ in
            throw OutOfStock()
        }
    }, method: .get, path: "/buy")
let app = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: 0)),
    onServerRunning: { channel in
        FileHandle.standardOutput.write(Data("listening on \(channel.localAddress?.port ?? 0)\n".utf8))
    }
)
try await app.runService()
EOF
# A gRPC server with FriendlyErrorsInterceptor and a client with FriendlyErrorsClientInterceptor, in one
# process on loopback: the client's alert in English and in Japanese, from the server's catalog.
cat > "$work/consumer/Sources/RPC/main.swift" <<EOF
import FriendlyErrorsGRPC
import GRPCCore
import GRPCNIOTransportHTTP2
import GRPCProtobuf
import SwiftProtobuf

$out_of_stock

struct Shop: RegistrableRPCService {
    static let buy = MethodDescriptor(service: ServiceDescriptor(package: "consumer", service: "Shop"), method: "Buy")

    func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
        router.registerHandler(
            forMethod: Self.buy, deserializer: ProtobufDeserializer<Google_Protobuf_StringValue>(),
            serializer: ProtobufSerializer<Google_Protobuf_StringValue>()
        ) { request, _ in
            _ = try await ServerRequest(stream: request)
            throw OutOfStock()
        }
    }
}

let catalog = TranslationCatalog(strings: [
    "en": ["shop.outOfStock.title": "Out of stock", "shop.outOfStock.message": "This item is sold out."],
    "ja": ["shop.outOfStock.title": "在庫切れ", "shop.outOfStock.message": "この商品は売り切れです。"],
])
let server = GRPCServer(
    transport: .http2NIOPosix(address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext),
    services: [Shop()],
    interceptors: [FriendlyErrorsInterceptor(domain: "shop.example.com", pipeline: AlertPipeline().addingCatalog(catalog))])
let pipeline = AlertPipeline().unwrappingGRPCClientErrors()
try await withThrowingDiscardingTaskGroup { group in
    group.addTask { try await server.serve() }
    guard let port = try await server.listeningAddress?.ipv4?.port else { fatalError("the server is not listening") }
    for language in ["en", "ja"] {
        do {
            try await withGRPCClient(
                transport: .http2NIOPosix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext),
                interceptors: [FriendlyErrorsClientInterceptor(language: LanguagePreference(stringLiteral: language))]
            ) { client in
                _ = try await client.unary(
                    request: ClientRequest(message: Google_Protobuf_StringValue("book")), descriptor: Shop.buy,
                    serializer: ProtobufSerializer<Google_Protobuf_StringValue>(),
                    deserializer: ProtobufDeserializer<Google_Protobuf_StringValue>(), options: .defaults
                ) { try \$0.message }
            }
            print("\(language): no error")
        } catch {
            let alert = pipeline.alert(for: error, in: LanguagePreference(stringLiteral: language))
            print("\(language): \((error as? RPCError)?.code.description ?? "not an RPCError") \(alert.code): \(alert.message)")
        }
    }
    server.beginGracefulShutdown()
}
EOF
swift package --package-path "$work/consumer" --scratch-path "$scratch" resolve
if grep -rn 'path:' "$work/consumer/Package.swift" "$work"/repos/*/Package.swift; then
    echo "error: a path dependency in the released packages or the consumer (above)" >&2
    exit 1
fi
swift package --package-path "$work/consumer" --scratch-path "$scratch" show-dependencies

echo "-- the consumer's build: every integration, and Hummingbird, Vapor, gRPC, OpenAPI's runtime again"
build_start=$SECONDS
swift build --package-path "$work/consumer" --scratch-path "$scratch"
echo "the consumer built in $((SECONDS - build_start)) s"
bin=$(swift build --package-path "$work/consumer" --scratch-path "$scratch" --show-bin-path)

echo "-- the argument-parser command that throws"
set +e
NO_COLOR=1 "$bin/Tool" < /dev/null 2> "$work/tool.err"
status=$?
set -e
cat "$work/tool.err"
[ "$status" -eq 69 ] || { echo "error: the command exited $status, not 69 (EX_UNAVAILABLE)" >&2; exit 1; }
grep -qx "error: The sync server is down" "$work/tool.err" || { echo "error: no alert headline" >&2; exit 1; }

# check_server PRODUCT: starts the server, asks GET /buy, expects the 409 problem+json of OutOfStock.
check_server() {
    echo "-- $1 answering a thrown error"
    "$bin/$1" > "$work/server.out" 2> "$work/server.log" < /dev/null &
    server_pid=$!
    port=
    for _ in $(seq 1 300); do
        port=$(sed -n 's/^listening on \([0-9]*\)$/\1/p' "$work/server.out")
        [ -n "$port" ] && break
        kill -0 "$server_pid" 2> /dev/null || { cat "$work/server.out" "$work/server.log" >&2; echo "error: $1 exited" >&2; exit 1; }
        sleep 0.1
    done
    [ -n "$port" ] || { echo "error: $1 did not start within 30 s" >&2; exit 1; }
    status=$(curl -sS --max-time 10 -o "$work/body" -D "$work/headers" -w '%{http_code}' "http://127.0.0.1:$port/buy")
    cat "$work/headers" "$work/body"; echo
    kill "$server_pid" 2> /dev/null || true
    wait "$server_pid" 2> /dev/null || true
    server_pid=
    [ "$status" = 409 ] || { echo "error: $1: status $status, expected 409" >&2; exit 1; }
    grep -qi '^content-type: application/problem+json' "$work/headers" || { echo "error: $1: not problem+json" >&2; exit 1; }
    python3 - "$work/body" "$1" <<'PY'
import json, sys
body = json.load(open(sys.argv[1], encoding="utf-8"))
assert body["code"] == "shop.outOfStock", body
assert body["status"] == 409 and body["title"] == "Out of stock", body
print(sys.argv[2], "problem+json:", body["code"], body["status"], body["title"])
PY
}
check_server Server          # Hummingbird
check_server VaporServer     # Vapor
check_server OpenAPIServer   # OpenAPI, on swift-openapi-hummingbird's transport

echo "-- a gRPC call through both interceptors (server and client), in English and Japanese"
"$bin/RPC" < /dev/null > "$work/rpc.out" 2> "$work/rpc.log" || { cat "$work/rpc.out" "$work/rpc.log" >&2; echo "error: RPC failed" >&2; exit 1; }
cat "$work/rpc.out"
grep -qx "en: aborted shop.outOfStock: This item is sold out." "$work/rpc.out" \
    && grep -qx "ja: aborted shop.outOfStock: この商品は売り切れです。" "$work/rpc.out" \
    || { cat "$work/rpc.log" >&2; echo "error: the gRPC client did not show the server's alert in both languages" >&2; exit 1; }
echo "release $version installs by URL: every integration builds and answers; every repository has the LICENSE"
