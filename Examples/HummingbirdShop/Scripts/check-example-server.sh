#!/usr/bin/env bash
# Starts the example server on a free loopback port and checks its answers with curl: a Japanese
# Accept-Language, Hummingbird's 404, a 413 for a too-large body, a 405 with Allow, a 429 with
# Retry-After, a 422 with field problems in `errors`, a redirect passed through, and an unknown error
# whose secret is absent from the body and the headers, and whose log line carries the body's reference id,
# `error.type=unexpected` and the error itself for the operator (`exception.type`, `exception.message`: the
# server kit's default `logging: .standard`). Problem bodies are validated against the core's JSON Schema when Python's
# jsonschema is installed. Stops the server on exit, whatever happens.
#
# Usage: Scripts/check-example-server.sh [scratch path, default .build-hb]
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build-hb}

swift build --scratch-path "$scratch" --product friendly-errors-hummingbird-example
bin="$(swift build --scratch-path "$scratch" --show-bin-path)/friendly-errors-hummingbird-example"

source ../../Scripts/lib/example-server.sh
# Port 0: the system picks a free port; the server prints it once it accepts connections.
start_server server "$bin" --port 0
base="http://127.0.0.1:$port_server"

request ja -X POST -H 'Accept-Language: ja' -H 'Content-Type: application/json' \
    -d '{"items":[{"price":5,"quantity":1}]}' "$base/orders"
expect_status ja 402
expect_problem ja
expect_header ja Content-Language ja
expect_body ja '"title":"残高が不足しています"'
expect_body ja '"detail":"あと42クレジット必要です。"'

request notfound "$base/no/such/page"
expect_status notfound 404
expect_problem notfound
expect_body notfound '"code":"http.404"'

request toolarge -X POST --data-binary "$(head -c 4096 /dev/zero | tr '\0' x)" "$base/upload"
expect_status toolarge 413
expect_problem toolarge
expect_body toolarge '"status":413'

request notallowed -X DELETE "$base/items"
expect_status notallowed 405
expect_problem notallowed
expect_header notallowed Allow "GET, HEAD"

request ratelimited "$base/search"
expect_status ratelimited 429
expect_problem ratelimited
expect_header ratelimited Retry-After 30

request invalid -X POST -H 'Content-Type: application/json' \
    -d '{"items":[{"price":5,"quantity":1},{"price":-1,"quantity":0}]}' "$base/orders"
expect_status invalid 422
expect_problem invalid
expect_body invalid '"errors":[{"pointer":"#/items/1/price","code":"order.price.negative","detail":"The price must be 0 or more."},{"pointer":"#/items/1/quantity"'

request redirect "$base/old-items"
expect_status redirect 301
expect_header redirect Location /items

request unknown "$base/reports"
expect_status unknown 500
expect_problem unknown
for secret in S3cr3t-Pa55 db.internal postgres:// ReportDatabaseFailure; do
    if grep -qF "$secret" "$work/unknown.body" "$work/unknown.headers"; then fail "unknown: '$secret' reached the client"; fi
done
reference=$(sed -n 's/.*"referenceId":"\([^"]*\)".*/\1/p' "$work/unknown.body")
if [ -z "$reference" ]; then
    fail "unknown: no referenceId in the body"
else
    sleep 0.2   # the log line is written before the response, but stderr may be buffered a moment
    grep -F "error.reference_id=$reference" "$work/server.log" | grep -qF "error.type=unexpected" \
        || { cat "$work/server.log" >&2; fail "unknown: no log line with reference $reference and error.type"; }
    grep -F "error.reference_id=$reference" "$work/server.log" | grep -F "exception.type=" | grep -qF "S3cr3t-Pa55" \
        || fail "unknown: the line with reference $reference does not carry the error's type and text"
fi

if [ "$failures" -ne 0 ]; then
    echo "the server's log:" >&2
    cat "$work/server.log" >&2
    echo "error: $failures check(s) of the example server failed" >&2
    exit 1
fi
echo "example server: all curl checks passed"
