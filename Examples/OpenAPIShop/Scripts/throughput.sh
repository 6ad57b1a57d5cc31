#!/usr/bin/env bash
# Throughput of the middleware against swift-openapi-runtime's own ErrorHandlingMiddleware, with wrk on
# loopback.
#
# Two release builds of the example service run side by side: one with FriendlyErrorsServerMiddleware, one
# with the runtime's ErrorHandlingMiddleware instead (`--without-friendly-errors`). For each route —
# `/bench/error` throws an `HTTPResponseConvertible` 400 with a small JSON body it encodes itself (the
# runtime sends that; the middleware its own problem+json), `bare-error` one with no body at all (the runtime
# sends the status alone), `/bench/ok` returns a string, and `error+lang` is `/bench/error` with a browser's
# `Accept-Language`, and `own-error` asks each server for the same failure thrown its own app's way (the
# middleware `/bench/bare-error`, whose error gives its status and leaves the body to the catalog; the runtime
# `/bench/error`, whose error must encode its body itself, because the runtime computes an
# `HTTPResponseConvertible`'s body before any middleware runs) — wrk loads each server in turn, alternating which
# goes first, for ROUNDS rounds of SECONDS each. Both servers log at `warning` (LOG_LEVEL), so the 400s,
# logged at `notice`, are not written. Each run also reports the server's CPU time per request (user +
# system, from /proc). The servers' start and the wrk loop are Scripts/lib/example-server.sh's.
#
# TELEMETRY=1 starts both servers with `--telemetry`: a real metrics factory (Prometheus) and the no-op tracer
# bootstrapped before the router is made, so each error the middleware answers is counted for real.
#
# Usage: [TELEMETRY=1] [ROUTES="error …"] Scripts/throughput.sh [rounds, default 3]
#        [seconds, default 10] [connections, default 32]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
seconds=${2:-10}
connections=${3:-32}
command -v wrk > /dev/null || { echo "error: wrk is not installed (apt-get install -y wrk)" >&2; exit 1; }

swift build -c release --scratch-path .build-openapi-release --product friendly-errors-openapi-example
bin="$(swift build -c release --scratch-path .build-openapi-release --show-bin-path)/friendly-errors-openapi-example"

telemetry=()
[ "${TELEMETRY:-0}" = 1 ] && telemetry=(--telemetry)
source ../../Scripts/lib/example-server.sh
start_server friendly env LOG_LEVEL=warning "$bin" --port 0 "${telemetry[@]}"
start_server runtime env LOG_LEVEL=warning "$bin" --port 0 --without-friendly-errors "${telemetry[@]}"

# Both answer as expected before anything is measured.
request friendly "http://127.0.0.1:$port_friendly/bench/error"
expect_status friendly 400
expect_body friendly '"code":"http.400"'
request friendly "http://127.0.0.1:$port_friendly/bench/bare-error"
expect_status friendly 400
expect_body friendly '"code":"http.400"'
request runtime "http://127.0.0.1:$port_runtime/bench/error"
expect_status runtime 400
expect_body runtime '"title":"Bad Request"'
[ "$failures" -eq 0 ] || exit 1

route_headers[error+lang]="Accept-Language: ja-JP,ja;q=0.9,en-US;q=0.8,en;q=0.7"
compare_throughput "$rounds" "$seconds" "$connections" friendly runtime \
    error=/bench/error bare-error=/bench/bare-error ok=/bench/ok error+lang=/bench/error \
    "own-error=/bench/bare-error|/bench/error"
