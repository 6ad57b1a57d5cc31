#!/usr/bin/env bash
# Starts the example service (generated from Sources/ExampleService/openapi.yaml at build time, on the
# Hummingbird transport) on a free loopback port and checks its answers with curl: an app error in
# Japanese, field problems, an HTTPResponseConvertible error with its header, a body that does not decode
# (400 with a pointer into it), a wrong Content-Type (the runtime's 415), a success, and an unknown error
# whose secret is absent from the body and the headers, whose log line carries the body's reference id and
# the error itself for the operator (`exception.type`, `exception.message`). Every problem body is validated against the JSON Schema and the OpenAPI component
# (Scripts/validate-problem.py, which also checks that the two match). Stops the server on exit.
#
# Usage: Scripts/check-example-server.sh [scratch path, default .build-openapi]
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build-openapi}

swift build --scratch-path "$scratch" --product friendly-errors-openapi-example
bin="$(swift build --scratch-path "$scratch" --show-bin-path)/friendly-errors-openapi-example"

source ../../Scripts/lib/example-server.sh
# Port 0: the system picks a free port; the server prints it once it accepts connections.
start_server server "$bin" --port 0
base="http://127.0.0.1:$port_server"
json=(-H 'Content-Type: application/json')

request ja -X POST -H 'Accept-Language: ja' "${json[@]}" -d '{"items":[{"price":50,"quantity":3}]}' "$base/orders"
expect_status ja 402
expect_problem ja
expect_header ja Content-Language ja
expect_body ja '"title":"残高が不足しています"'
expect_body ja '"detail":"あと50クレジット必要です。"'
expect_body ja '{"id":"topUp","title":"チャージする","role":"default"}'

request invalid -X POST "${json[@]}" -d '{"items":[{"price":5,"quantity":1},{"price":-1,"quantity":0}]}' "$base/orders"
expect_status invalid 422
expect_problem invalid
expect_body invalid '"errors":[{"pointer":"#/items/1/price","code":"order.price.negative","detail":"The price must be 0 or more."},{"pointer":"#/items/1/quantity"'

request ratelimited "$base/search?q=plum"
expect_status ratelimited 429
expect_problem ratelimited
expect_header ratelimited Retry-After 30

request malformed -X POST "${json[@]}" -d '{"items":[{"price":"five","quantity":1}]}' "$base/orders"
expect_status malformed 400
expect_problem malformed
expect_body malformed '"errors":[{"pointer":"#/items/0/price"'

request notjson -X POST "${json[@]}" -d '{"items":' "$base/orders"
expect_status notjson 400
expect_problem notjson

request mediatype -X POST -H 'Content-Type: text/plain' -d 'hello' "$base/orders"
expect_status mediatype 415
expect_problem mediatype

request created -X POST "${json[@]}" -d '{"items":[{"price":5,"quantity":2}]}' "$base/orders"
expect_status created 201
expect_body created '"total" : 10'

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
    grep -qF "error.reference_id=$reference" "$work/server.log" \
        || { cat "$work/server.log" >&2; fail "unknown: no log line with reference $reference"; }
    # The server kit logs a 5xx's error with its reference ID (`logging: .standard`, the default).
    grep -F "error.reference_id=$reference" "$work/server.log" | grep -F "exception.type=" | grep -qF "S3cr3t-Pa55" \
        || fail "unknown: the line with reference $reference does not carry the error's type and text"
fi

# Every problem body against the JSON Schema and the OpenAPI component, and the component against both.
python3 Scripts/validate-problem.py "$work"/{ja,invalid,ratelimited,malformed,notjson,mediatype,unknown}.body \
    || fail "the problem bodies or the component"

if [ "$failures" -ne 0 ]; then
    echo "the server's log:" >&2
    cat "$work/server.log" >&2
    echo "error: $failures check(s) of the example service failed" >&2
    exit 1
fi
echo "example service: all curl checks passed"
