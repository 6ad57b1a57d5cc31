#!/usr/bin/env bash
# Threads sharing one AlertPipeline against one thread, kind by kind and on the mix, beside a control of
# private arithmetic (issue 35). Wall-clock: run it on a quiet machine; see Benchmarks/README.md.
#
#   Benchmarks/scaling.sh                                   # 1, 2 and the core count; 5 rounds
#   Benchmarks/scaling.sh --threads 2,3 --rounds 9 --kinds mix,URLError
#   Benchmarks/scaling.sh --perf --kinds mix                # under `perf record`: who calls the atomics
#
# Builds Benchmarks/InstructionCounts's Scaling target in release, scratch path .build-scaling at the root
# (SCALING_SCRATCH for another).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="${SCALING_SCRATCH:-$root/.build-scaling}"
swift build -c release --package-path "$root/Benchmarks/InstructionCounts" --scratch-path "$scratch" --product Scaling >&2
driver="$scratch/release/Scaling"
if [ "${1:-}" = "--perf" ]; then
    shift
    command -v perf > /dev/null || { echo "error: perf is not installed" >&2; exit 1; }
    data="$scratch/scaling.perf.data"
    # `perf c2c record` names the shared cache lines where the CPU exposes memory sampling (Intel PEBS,
    # AMD IBS); on this project's VM it answers "memory events not supported", so the CPU clock is
    # sampled instead, with call graphs: the callers of swift_retain/swift_release are the shared counts.
    if perf c2c record -o "$data" -- true > /dev/null 2>&1; then
        perf c2c record -o "$data" -- "$driver" --threads 2 --rounds 1 "$@"
        perf c2c report -i "$data" --stdio | head -80
    else
        echo "perf c2c: memory events not supported here; sampling the CPU clock instead" >&2
        perf record -q -o "$data" -e cpu-clock -g -- "$driver" --threads 2 --rounds 1 "$@" > /dev/null
        perf report -i "$data" --no-children --sort symbol --stdio 2> /dev/null | grep -v '^#' | grep '%' | head -40
    fi
    exit 0
fi
exec "$driver" "$@"
