#!/usr/bin/env bash
# Issues 44 and 47 end to end: the example tool `ShopClient` (Sources/ShopClient, a tool on FriendlyMain)
# calls a refused loopback port through URLSession.friendlyData and through the client generated from
# openapi.yaml (FriendlyErrorsClientMiddleware, URLSessionTransport), with LANG=ja_JP.UTF-8 and LANG=C:
# "Couldn't connect" in Japanese and English, exit 69 (EX_UNAVAILABLE), and no text of the transport or the
# runtime's wrapper (NSURLErrorDomain, ClientError's "Client encountered an error"). Then the example shop
# on loopback, through operations documented as text/plain and application/octet-stream alone: the
# server's own alert (its title and message, in the user's language), never the status's generic one.
# Prints each run's output and exit status. Stops the server on exit.
#
# Usage: Scripts/check-client.sh [scratch path, default .build-openapi]
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build-openapi}
started=$SECONDS

swift build --scratch-path "$scratch" --product friendly-errors-openapi-example
swift build --scratch-path "$scratch" --product ShopClient
bin="$(swift build --scratch-path "$scratch" --show-bin-path)"

source ../../Scripts/lib/example-server.sh

# A loopback port nobody listens on: bound by the system, then closed.
refused=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')

# run NAME LANG EXPECTED-STATUS TOOL-ARGS...: the tool with LANG (and nothing that outranks it), its
# terminal output in $work/NAME.out
run() {
    local name=$1 lang=$2 expected=$3
    shift 3
    local status=0
    LANG=$lang LANGUAGE= LC_ALL= LC_MESSAGES= "$bin/ShopClient" "$@" < /dev/null > "$work/$name.out" 2>&1 || status=$?
    echo "--- $name (LANG=$lang, shop-client $*): exit $status"
    cat "$work/$name.out"
    [ "$status" = "$expected" ] || fail "$name: exit status $status, expected $expected"
}
expect_out() { grep -qF -- "$2" "$work/$1.out" || fail "$1: no '$2' in the output"; }
expect_no() { ! grep -qF -- "$2" "$work/$1.out" || fail "$1: '$2' in the output"; }
# expect_refused NAME: the catalog's "Couldn't connect" in the run's language, nothing of the transport's.
expect_refused() {
    case $2 in
        ja) expect_out "$1" "接続できませんでした"; expect_out "$1" "サーバーに接続を拒否されました。" ;;
        en) expect_out "$1" "Couldn’t connect"; expect_out "$1" "The server refused the connection." ;;
    esac
    expect_no "$1" "NSURLErrorDomain"
    expect_no "$1" "Client encountered"
    expect_no "$1" "Transport threw"
    expect_no "$1" "Something went wrong"
    expect_no "$1" $'\e'
}

# A refused connection, through each way of calling, in each language: exit 69.
run url-ja ja_JP.UTF-8 69 url "http://127.0.0.1:$refused/items"
expect_refused url-ja ja
run url-c C 69 url "http://127.0.0.1:$refused/items"
expect_refused url-c en
run openapi-ja ja_JP.UTF-8 69 openapi "http://127.0.0.1:$refused" items
expect_refused openapi-ja ja
run openapi-c C 69 openapi "http://127.0.0.1:$refused" items
expect_refused openapi-c en

start_server shop "$bin/friendly-errors-openapi-example" --port 0
base="http://127.0.0.1:$port_shop"

# A success through the generated client.
run items C 0 openapi "$base" items
expect_out items "plum"

# An operation documented as text/plain alone: the generated client asks for text/plain, the middleware adds
# application/problem+json, and the server's 402 arrives as its problem (a category the client does not
# know, paymentRequired: the status's, invalid input, exit 64).
run receipt-ja ja_JP.UTF-8 64 openapi "$base" latest-receipt
expect_out receipt-ja "お支払いが拒否されました"
expect_out receipt-ja "カードが拒否されました。代金は引き落とされていません。"
expect_no receipt-ja "支払いが必要です"
run receipt-c C 64 openapi "$base" latest-receipt
expect_out receipt-c "Payment declined"
expect_out receipt-c "Your card was declined. No money was taken."
expect_no receipt-c "Payment required"

# An operation documented as application/octet-stream alone: the server's 503 (unavailable, exit 69).
run export-ja ja_JP.UTF-8 69 openapi "$base" export-orders
expect_out export-ja "メンテナンスのためエクスポートを停止中です"
expect_out export-ja "注文のエクスポートは数分後に再開します。"
run export-c C 69 openapi "$base" export-orders
expect_out export-c "Exports paused for maintenance"

# The same 402 through URLSession.friendlyData.
run url-receipt-ja ja_JP.UTF-8 64 url "$base/receipts/latest"
expect_out url-receipt-ja "お支払いが拒否されました"

echo "client end to end: $((SECONDS - started)) s, $failures failure(s)"
[ "$failures" -eq 0 ]
