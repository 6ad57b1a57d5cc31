#!/usr/bin/env bash
# Per alert, the reference-count writes on objects that another thread also writes (issue 45): two
# threads share one pipeline in Scaling, each making its own errors; shared-counts.c, preloaded, wraps the
# runtime's retain/release entry points, notes each object whose count a call changed, and at exit counts
# the writes of one thread on objects the other also wrote. Every such write is an atomic on a cache line
# both cores want: the cost that wall-clock scaling shows on a quiet machine, counted on a busy one.
#
#   Benchmarks/SharedCounts/shared-counts.sh                    # every kind and the mix
#   Benchmarks/SharedCounts/shared-counts.sh --types URLError   # and the shared objects' types
#   SCALING_SCRATCH=…  another build of Scaling (as Benchmarks/scaling.sh)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
scratch="${SCALING_SCRATCH:-$root/.build-scaling}"
swift build -c release --package-path "$root/Benchmarks/InstructionCounts" --scratch-path "$scratch" --product Scaling >&2
shim="$scratch/shared-counts.so"
cc -O2 -shared -fPIC -o "$shim" "$here/shared-counts.c" -ldl -lpthread
types=""
if [ "${1:-}" = "--types" ]; then types=1; shift; fi
alerts=20000
for kind in ${@:-FriendlyError URLError CocoaError POSIXError DecodingError UnknownStruct NSError mix}; do
    printf '%-14s ' "$kind"
    SHARED_COUNTS_ALERTS=$alerts SHARED_COUNTS_TYPES=$types LD_PRELOAD="$shim" \
        "$scratch/release/Scaling" --threads 2 --rounds 1 --kinds "$kind" --alerts $alerts 2>&1 > /dev/null \
        | grep -E '^thread 0|^  T' | sed 's/^thread 0: //'
done
