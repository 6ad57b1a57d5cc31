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
source ../../Scripts/lib/error-route-counts.sh
build_error_route_counts .build-vapor-release
[ "${TELEMETRY:-0}" != 1 ] || driver_arguments+=(--telemetry)
modes=("$@")
[ ${#modes[@]} -gt 0 ] || modes=(friendly vapor)
count_error_route request "${modes[@]}"
