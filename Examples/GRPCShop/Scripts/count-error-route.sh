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
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind > /dev/null || { echo "error: valgrind is not installed (apt-get install -y valgrind)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --scratch-path .build-grpc-release --product ErrorRouteCounts > "$work/build.log" 2>&1 \
    || { cat "$work/build.log" >&2; exit 1; }
# valgrind 3.19 cannot read Swift 6.3's debug information: count a copy without it (symbols stay).
bin="$work/ErrorRouteCounts"
objcopy --strip-debug "$(swift build -c release --scratch-path .build-grpc-release --show-bin-path)/ErrorRouteCounts" "$bin"

count() {   # count MODE N: instructions of a whole run
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$1" "$2" ${ACCEPT_LANGUAGE:+"$ACCEPT_LANGUAGE"} 2>&1 \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

modes=("$@")
[ ${#modes[@]} -gt 0 ] || modes=(interceptor grpc client)
"$bin" interceptor 1 ${ACCEPT_LANGUAGE:+"$ACCEPT_LANGUAGE"}
for mode in "${modes[@]}"; do
    small=$(count "$mode" 1000)
    large=$(count "$mode" 6000)
    echo "$mode: $(((large - small) / 5000)) instructions per error"
done
