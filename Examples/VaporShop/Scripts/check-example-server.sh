#!/usr/bin/env bash
# Starts the example app on a free loopback port and checks its answers with curl: a Japanese
# Accept-Language on Vapor's 404, a validation failure with three broken fields (400 with `errors`),
# a redirect passed through, Abort(.tooManyRequests) keeping its Retry-After, and an unknown error
# whose secret is absent from the body and the headers, whose log line carries the body's reference id and
# the error itself for the operator (`exception.type`, `exception.message`: the server kit's default). Problem bodies are validated against the core's JSON Schema when Python's
# jsonschema is installed. Stops the app on exit, whatever happens.
#
# Usage: Scripts/check-example-server.sh [scratch path, default .build-vapor]
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build-vapor}

swift build --scratch-path "$scratch" --product friendly-errors-vapor-example
bin="$(swift build --scratch-path "$scratch" --show-bin-path)/friendly-errors-vapor-example"

source ../../Scripts/lib/example-server.sh
# Port 0: the system picks a free port. Vapor's console logger writes to stdout.
start_server app env LOG_LEVEL=info "$bin" --port 0
base="http://127.0.0.1:$port_app"

request ja -H 'Accept-Language: ja' "$base/no/such/page"
expect_status ja 404
expect_problem ja
expect_header ja Content-Language ja
expect_body ja '"title":"見つかりません"'
expect_body ja '"code":"http.404"'

request invalid -X POST -H 'Content-Type: application/json' -H 'Accept-Language: ja' \
    -d '{"name":"A","email":"nope","age":5}' "$base/signup"
expect_status invalid 400
expect_problem invalid
expect_body invalid '"errors":[{"pointer":"#/name","code":"validation.count.tooShort","detail":"2文字以上で入力してください。"},'
expect_body invalid '{"pointer":"#/email","code":"validation.email","detail":"有効なメールアドレスを入力してください。"},'
expect_body invalid '{"pointer":"#/age","code":"validation.range.tooSmall","detail":"この値は13以上でなければなりません。"}]'

request redirect "$base/old-items"
expect_status redirect 301
expect_header redirect Location /items
[ -s "$work/redirect.body" ] && fail "redirect: a body was sent"

request ratelimited "$base/search"
expect_status ratelimited 429
expect_problem ratelimited
expect_header ratelimited Retry-After 30
expect_body ratelimited '"category":"rateLimited"'

request unknown "$base/reports"
expect_status unknown 500
expect_problem unknown
for secret in S3cr3t-Pa55 db.internal postgres:// ReportDatabaseFailure; do
    if grep -qF "$secret" "$work/unknown.body" "$work/unknown.headers"; then
        fail "unknown: '$secret' reached the client"
    fi
done
reference=$(sed -n 's/.*"referenceId":"\([^"]*\)".*/\1/p' "$work/unknown.body")
if [ -z "$reference" ]; then
    fail "unknown: no referenceId in the body"
else
    sleep 0.2   # the log line is written before the response, but the output may be buffered a moment
    grep -qF "error.reference_id: $reference" "$work/app.out" "$work/app.log" \
        || fail "unknown: no log line with reference $reference"
    cat "$work/app.out" "$work/app.log" | grep -F "error.reference_id: $reference" | grep -F "exception.type" \
        | grep -qF "S3cr3t-Pa55" || fail "unknown: the line with reference $reference does not carry the error"
fi

if [ "$failures" -ne 0 ]; then
    echo "the app's output:" >&2
    cat "$work/app.out" "$work/app.log" >&2
    echo "error: $failures check(s) of the example app failed" >&2
    exit 1
fi
echo "example app: all curl checks passed"
