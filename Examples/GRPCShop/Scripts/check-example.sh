#!/usr/bin/env bash
# Starts the example shop server on a free loopback port and calls it with the example client over
# HTTP/2: an app error in Japanese, field problems, a rate-limited error in a stream, and an unknown
# error whose secret is absent from everything the client received, and whose log line carries the same
# reference ID, `error.type=unexpected` and the error itself for the operator (`exception.type`,
# `exception.message`: the server kit's default `logging: .standard`). Stops the server on exit, whatever happens.
#
# Usage: Scripts/check-example.sh [scratch path, default .build-grpc]
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build-grpc}

swift build --scratch-path "$scratch" --product friendly-errors-grpc-example-server
swift build --scratch-path "$scratch" --product friendly-errors-grpc-example-client
bin="$(swift build --scratch-path "$scratch" --show-bin-path)"

source ../../Scripts/lib/example-server.sh
start_server shop "$bin/friendly-errors-grpc-example-server" --port 0

# call NAME CLIENT-ARGS...: the client's output in $work/NAME.out
call() {
    local name=$1
    shift
    "$bin/friendly-errors-grpc-example-client" --port "$port_shop" "$@" > "$work/$name.out" 2>&1 \
        || { cat "$work/$name.out"; fail "$name: the client failed"; }
}
expect_line() { grep -qxF -- "$2" "$work/$1.out" || { cat "$work/$1.out"; fail "$1: no line '$2'"; }; }

call ja --language ja itemNotFound
expect_line ja "code: notFound"
expect_line ja "message: The shop has no item “A-42”."
expect_line ja "ErrorInfo: SHOP_ITEM_NOT_FOUND @ shop.example.com [category=notFound, code=shop.itemNotFound, title=商品が見つかりません]"
expect_line ja "LocalizedMessage (ja): 「A-42」という商品はありません。"
expect_line ja "  https://shop.example.com/catalog (カタログを開く)"

call invalid --language "fr-CH, fr;q=0.9, de;q=0.8" invalidOrder
expect_line invalid "code: invalidArgument"
expect_line invalid "  items[0].price ORDER_PRICE_NEGATIVE: Le prix doit être supérieur ou égal à 0."

# RESOURCE_EXHAUSTED, as rate limiting is: ErrorInfo's category tells a client it is full storage (issue 47).
call storage --language ja storageFull
expect_line storage "code: resourceExhausted"
expect_line storage "ErrorInfo: SHOP_STORAGE_FULL @ shop.example.com [category=insufficientStorage, code=shop.storageFull, title=注文の保存領域がいっぱいです]"

call stream --stream rateLimited
expect_line stream "received: item 2"
expect_line stream "code: resourceExhausted"
expect_line stream "RetryInfo: 30.0 seconds"

call unknown databaseFailure
expect_line unknown "code: unknown"
reference=$(sed -n 's/^RequestInfo: //p' "$work/unknown.out")
[ -n "$reference" ] || fail "unknown: no RequestInfo"
if grep -q "S3cr3t" "$work/unknown.out"; then fail "unknown: the client received the secret"; fi
sleep 0.2   # the log line is written after the status
grep "error.reference_id=$reference" "$work/shop.log" | grep -qF "error.type=unexpected" \
    || { cat "$work/shop.log"; fail "unknown: no log line with reference $reference and error.type"; }
grep "error.reference_id=$reference" "$work/shop.log" | grep -F "exception.type=" | grep -qF "S3cr3t" \
    || fail "unknown: the line with reference $reference does not carry the error's type and text"

[ "$failures" -eq 0 ] || { echo "error: $failures check(s) of the example failed" >&2; exit 1; }
echo "the example server and client answered as expected"
