#!/usr/bin/env bash
# Proves the release step: writes a release of HEAD with file:// URLs (Scripts/release.sh) into a
# temporary folder, then, from a consumer package whose only dependency lines are
# `.package(url: "file://…", from: VERSION)` — no path dependency anywhere — resolves every
# integration's package, builds and runs an argument-parser command that throws (its exit status and
# alert checked) and a Hummingbird server on loopback that answers a thrown error with problem+json
# (checked with curl and Python's json).
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

echo "-- the consumer: every dependency by URL"
mkdir -p "$work/consumer/Sources/Tool" "$work/consumer/Sources/Server"
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
        // Each other integration's library resolves and its product can be named; CI builds Tool and Server.
        .target(name: "Others", dependencies: [
            .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
            .product(name: "FriendlyErrorsVapor", package: "swift-friendly-errors-vapor"),
            .product(name: "FriendlyErrorsGRPC", package: "swift-friendly-errors-grpc"),
            .product(name: "FriendlyErrorsOpenAPI", package: "swift-friendly-errors-openapi"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
EOF
mkdir -p "$work/consumer/Sources/Others"
echo "// Only resolved, never built in this check." > "$work/consumer/Sources/Others/Others.swift"
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
cat > "$work/consumer/Sources/Server/main.swift" <<'EOF'
import Foundation
import FriendlyErrorsHummingbird
import Hummingbird

struct OutOfStock: FriendlyError {
    var code: String { "shop.outOfStock" }
    var category: ErrorCategory { .conflict }
    var title: LocalizableText { "Out of stock" }
    var message: LocalizableText { "This item is sold out." }
}

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
swift package --package-path "$work/consumer" --scratch-path "$scratch" resolve
if grep -rn 'path:' "$work/consumer/Package.swift" "$work"/repos/*/Package.swift; then
    echo "error: a path dependency in the released packages or the consumer (above)" >&2
    exit 1
fi
swift package --package-path "$work/consumer" --scratch-path "$scratch" show-dependencies

echo "-- the argument-parser command that throws"
swift build --package-path "$work/consumer" --scratch-path "$scratch" --product Tool
bin=$(swift build --package-path "$work/consumer" --scratch-path "$scratch" --show-bin-path)
set +e
NO_COLOR=1 "$bin/Tool" < /dev/null 2> "$work/tool.err"
status=$?
set -e
cat "$work/tool.err"
[ "$status" -eq 69 ] || { echo "error: the command exited $status, not 69 (EX_UNAVAILABLE)" >&2; exit 1; }
grep -qx "error: The sync server is down" "$work/tool.err" || { echo "error: no alert headline" >&2; exit 1; }

echo "-- the Hummingbird server answering a thrown error"
swift build --package-path "$work/consumer" --scratch-path "$scratch" --product Server
"$bin/Server" > "$work/server.out" 2> "$work/server.log" < /dev/null &
server_pid=$!
port=
for _ in $(seq 1 300); do
    port=$(sed -n 's/^listening on \([0-9]*\)$/\1/p' "$work/server.out")
    [ -n "$port" ] && break
    kill -0 "$server_pid" 2> /dev/null || { cat "$work/server.out" "$work/server.log" >&2; echo "error: the server exited" >&2; exit 1; }
    sleep 0.1
done
[ -n "$port" ] || { echo "error: the server did not start within 30 s" >&2; exit 1; }
status=$(curl -sS --max-time 10 -o "$work/body" -D "$work/headers" -w '%{http_code}' "http://127.0.0.1:$port/buy")
cat "$work/headers" "$work/body"; echo
[ "$status" = 409 ] || { echo "error: status $status, expected 409" >&2; exit 1; }
grep -qi '^content-type: application/problem+json' "$work/headers" || { echo "error: not problem+json" >&2; exit 1; }
python3 - "$work/body" <<'PY'
import json, sys
body = json.load(open(sys.argv[1], encoding="utf-8"))
assert body["code"] == "shop.outOfStock", body
assert body["status"] == 409 and body["title"] == "Out of stock", body
print("problem+json:", body["code"], body["status"], body["title"])
PY
echo "release $version installs by URL: every integration resolves; the command and the server work"
