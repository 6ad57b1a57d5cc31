#!/usr/bin/env bash
# Instructions per request on the throughput benchmark's routes, counted by callgrind, through Vapor's own
# responder chain in process (router, RouteLoggingMiddleware, the error middleware, the route; no socket):
# `GET /bench/error` (the route throws `Abort(.notFound)`) answered by FriendlyErrorsMiddleware, against
# Vapor's own ErrorMiddleware, and `GET /bench/ok` with each.
#
# Instruction counts do not depend on what else the machine runs, so they compare changes when wrk's
# figures cannot. Per request: (instructions for 6,000 requests - for 1,000) / 5,000, which leaves
# out start-up and first-use costs.
#
# Usage: [TELEMETRY=1] [ACCEPT_LANGUAGE=ja] Scripts/count-error-route.sh [mode ...]
# (modes: friendly vapor ok ok-vapor, default friendly vapor; see Sources/ErrorRouteCounts/main.swift).
# TELEMETRY=1 bootstraps Prometheus's metrics factory and a no-op tracer first; ACCEPT_LANGUAGE sends that header.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind > /dev/null || { echo "error: valgrind is not installed (apt-get install -y valgrind)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --scratch-path .build-vapor-release --product ErrorRouteCounts > "$work/build.log" 2>&1 \
    || { cat "$work/build.log" >&2; exit 1; }
# valgrind 3.19 cannot read Swift 6.3's debug information: count a copy without it (symbols stay).
bin="$work/ErrorRouteCounts"
objcopy --strip-debug "$(swift build -c release --scratch-path .build-vapor-release --show-bin-path)/ErrorRouteCounts" "$bin"

extra=()
[ "${TELEMETRY:-0}" = 1 ] && extra+=(--telemetry)
[ -n "${ACCEPT_LANGUAGE:-}" ] && extra+=("$ACCEPT_LANGUAGE")

count() {   # count MODE N: instructions of a whole run
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$1" "$2" ${extra[@]+"${extra[@]}"} 2>&1 \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

modes=("$@")
[ ${#modes[@]} -gt 0 ] || modes=(friendly vapor)
for mode in "${modes[@]}"; do
    small=$(count "$mode" 1000)
    large=$(count "$mode" 6000)
    echo "$mode: $(((large - small) / 5000)) instructions per request"
done
