#!/usr/bin/env bash
# Throughput of the middleware against Hummingbird's own error handling, with wrk on loopback.
#
# Two release builds of the example server run side by side: one with FriendlyErrorsMiddleware, one
# without (`--without-friendly-errors`: Hummingbird answers the thrown HTTPError itself). For each
# route — `/bench/error` throws `HTTPError(.badRequest, message:)`, `/bench/ok` returns a string, and
# `error+lang` is `/bench/error` with a browser's `Accept-Language` — wrk loads each server in turn,
# alternating which goes first, for ROUNDS rounds of SECONDS each. Both servers log at `warning`
# (LOG_LEVEL), so the 400s, logged at `notice`, are not written.
#
# Besides requests per second, each run reports the server's CPU time per request (user + system,
# from /proc, in microseconds): on a machine shared with other work, it varies less than throughput.
# The servers' start, the checks and the wrk loop are Scripts/lib/example-server.sh's, shared with
# the Vapor integration's scripts.
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

swift build -c release --scratch-path .build-hb-release --product friendly-errors-hummingbird-example
bin="$(swift build -c release --scratch-path .build-hb-release --show-bin-path)/friendly-errors-hummingbird-example"

telemetry=()
[ "${TELEMETRY:-0}" = 1 ] && telemetry=(--telemetry)
source ../../Scripts/lib/example-server.sh
start_server friendly env LOG_LEVEL=warning "$bin" --port 0 "${telemetry[@]}"
start_server hummingbird env LOG_LEVEL=warning "$bin" --port 0 --without-friendly-errors "${telemetry[@]}"

# Both answer as expected before anything is measured.
request friendly "http://127.0.0.1:$port_friendly/bench/error"
expect_status friendly 400
expect_body friendly '"code":"http.400"'
request hummingbird "http://127.0.0.1:$port_hummingbird/bench/error"
expect_status hummingbird 400
[ "$failures" -eq 0 ] || exit 1

route_headers[error+lang]="Accept-Language: ja-JP,ja;q=0.9,en-US;q=0.8,en;q=0.7"
compare_throughput "$rounds" "$seconds" "$connections" friendly hummingbird \
    error=/bench/error ok=/bench/ok error+lang=/bench/error
