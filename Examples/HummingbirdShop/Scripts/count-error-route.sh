#!/usr/bin/env bash
# Instructions per request on the throughput benchmark's error route, counted by callgrind: what the
# middleware does from the route's throw to the response it hands Hummingbird, against what Hummingbird
# does itself for the same error, and the middleware around a route that returns.
#
# Instruction counts do not depend on what else the machine runs, so they compare changes when wrk's
# figures cannot. Per request: (instructions for 6,000 requests - for 1,000) / 5,000, which leaves
# out start-up and first-use costs.
#
# Usage: Scripts/count-error-route.sh [mode ...] (default: friendly hummingbird; see
# Sources/ErrorRouteCounts/main.swift). ACCEPT_LANGUAGE=ja sends that header. TELEMETRY=1 counts with a
# Prometheus metrics factory and the no-op tracer bootstrapped first (as the server's `--telemetry`).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind > /dev/null || { echo "error: valgrind is not installed (apt-get install -y valgrind)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --scratch-path .build-hb-release --product ErrorRouteCounts > "$work/build.log" 2>&1 \
    || { cat "$work/build.log" >&2; exit 1; }
# valgrind 3.19 cannot read Swift 6.3's debug information: count a copy without it (symbols stay).
bin="$work/ErrorRouteCounts"
objcopy --strip-debug "$(swift build -c release --scratch-path .build-hb-release --show-bin-path)/ErrorRouteCounts" "$bin"

count() {   # count MODE N: instructions of a whole run
    TELEMETRY=${TELEMETRY:-0} valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$1" "$2" ${ACCEPT_LANGUAGE:+"$ACCEPT_LANGUAGE"} 2>&1 \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

modes=("$@")
[ ${#modes[@]} -gt 0 ] || modes=(friendly hummingbird)
for mode in "${modes[@]}"; do
    small=$(count "$mode" 1000)
    large=$(count "$mode" 6000)
    echo "$mode: $(((large - small) / 5000)) instructions per request"
done
