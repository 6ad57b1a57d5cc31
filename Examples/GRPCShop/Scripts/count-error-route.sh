#!/usr/bin/env bash
# Instructions per error RPC, counted by callgrind without a transport: what FriendlyErrorsInterceptor does
# from the handler's throw to the RPCError it hands grpc-swift (google.rpc.Status serialized), against
# grpc-swift's own answer to a plain RPCError, and the client's share (RemoteProblem reading the status).
#
# Instruction counts do not depend on what else the machine runs, so they compare changes when the
# benchmark's rates cannot. Per error: (instructions for 6,000 errors - for 1,000) / 5,000, which leaves
# out start-up and first-use costs.
#
# Usage: Scripts/count-error-route.sh [mode ...] (default: interceptor grpc client; see
# Sources/ErrorRouteCounts/main.swift). ACCEPT_LANGUAGE=ja sends that metadata; TELEMETRY=1 counts with a
# real metrics factory (Prometheus) and a no-op tracer, as GRPCErrorBenchmark --telemetry.
#
# The whole RPC, transport and client included (HTTP/2 on loopback, one call at a time, a few minutes):
#   Scripts/count-error-route.sh rpc-grpc rpc-details rpc-interceptor [rpc-unique]
# These counts vary by a few thousand instructions per RPC between runs (the event loops' wake-ups).
set -euo pipefail
cd "$(dirname "$0")/.."
source ../../Scripts/lib/error-route-counts.sh
build_error_route_counts .build-grpc-release
"$bin" interceptor 1 ${ACCEPT_LANGUAGE:+"$ACCEPT_LANGUAGE"}
modes=("$@")
[ ${#modes[@]} -gt 0 ] || modes=(interceptor grpc client)
count_error_route error "${modes[@]}"
