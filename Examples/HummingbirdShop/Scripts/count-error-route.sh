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
source ../../Scripts/lib/error-route-counts.sh
build_error_route_counts .build-hb-release
modes=("$@")
[ ${#modes[@]} -gt 0 ] || modes=(friendly hummingbird)
count_error_route request "${modes[@]}"
