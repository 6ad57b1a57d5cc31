#!/usr/bin/env bash
# Throughput of the middleware against Vapor's own ErrorMiddleware, with wrk on loopback.
#
# Two instances of one release build of the example app run side by side: one with
# FriendlyErrorsMiddleware in place of ErrorMiddleware, one without (`--without-friendly-errors`:
# Vapor's default ErrorMiddleware answers). For each route — `/bench/error` throws `Abort(.notFound)`,
# `/bench/ok` returns a string — wrk loads each app in turn, alternating which goes first, for ROUNDS
# rounds of SECONDS each. Both log at `error` (LOG_LEVEL), so neither writes a line per request: the
# middleware logs a 404 at `notice`, ErrorMiddleware an `Abort` at `warning` (Abort's DebuggableError
# default), RouteLoggingMiddleware every request at `info`.
#
# TELEMETRY=1 passes `--telemetry` to both apps: Prometheus's metrics factory and a no-op tracer bootstrapped
# (issue 36), so both count Vapor's own request metrics and the middleware its errors in a real registry.
#
# Usage: [TELEMETRY=1] [ROUTES="error …"] Scripts/throughput.sh [rounds, default 5]
#        [seconds, default 10] [connections, default 32]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
seconds=${2:-10}
connections=${3:-32}
command -v wrk > /dev/null || { echo "error: wrk is not installed (apt-get install -y wrk)" >&2; exit 1; }

swift build -c release --scratch-path .build-vapor-release --product friendly-errors-vapor-example
bin="$(swift build -c release --scratch-path .build-vapor-release --show-bin-path)/friendly-errors-vapor-example"

source ../../Scripts/lib/example-server.sh
telemetry=()
if [ "${TELEMETRY:-0}" = 1 ]; then
    telemetry=(--telemetry)
    echo "telemetry: Prometheus metrics factory, no-op tracer"
fi
start_server friendly env LOG_LEVEL=error "$bin" --port 0 ${telemetry[@]+"${telemetry[@]}"}
start_server vapor env LOG_LEVEL=error "$bin" --port 0 --without-friendly-errors ${telemetry[@]+"${telemetry[@]}"}

# Both answer as expected before anything is measured.
request friendly "http://127.0.0.1:$port_friendly/bench/error"
expect_status friendly 404
expect_body friendly '"code":"http.404"'
request vapor "http://127.0.0.1:$port_vapor/bench/error"
expect_status vapor 404
expect_body vapor '"reason":"Not Found"'
[ "$failures" -eq 0 ] || exit 1

compare_throughput "$rounds" "$seconds" "$connections" friendly vapor /bench/error /bench/ok
