#!/usr/bin/env bash
# Instructions per call of the benchmarks' operations, counted by callgrind: repeatable whatever
# else the machine is doing, where wall-clock times on a shared machine are not.
#
#   Benchmarks/count-instructions.sh                       # every operation
#   Benchmarks/count-instructions.sh 'alert/.*/ja' json/problem+json/JSONPresenter   # regexes, whole names
#   Benchmarks/count-instructions.sh --list
#
# Builds Benchmarks/InstructionCounts in release (scratch path .build-instructions at the root), runs an
# operation N₁ and N₂ times under `valgrind --tool=callgrind` and prints
# (instructions at N₂ − instructions at N₁) / (N₂ − N₁): setup and start-up cancel out.
# N₁, N₂ = 1,000 and 6,000 calls; 1 and 6 for the catalog loads (milliseconds each).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
# INSTRUCTION_COUNTS_SCRATCH: another scratch path, to count a second build (a variant) beside the first.
scratch="${INSTRUCTION_COUNTS_SCRATCH:-$root/.build-instructions}"

command -v valgrind > /dev/null || { echo "error: valgrind is not installed" >&2; exit 1; }
swift build -c release --package-path "$root/Benchmarks/InstructionCounts" --scratch-path "$scratch" >&2
driver="$scratch/release/InstructionCounts"

if [ "${1:-}" = "--list" ]; then "$driver" --list; exit 0; fi

# The total callgrind collected for `count` calls of `operation`.
collected() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$driver" "$1" "$2" 2>&1 > /dev/null < /dev/null \
        | sed -nE 's/.*Collected : ([0-9]+).*/\1/p'
}

names=$("$driver" --list)
if [ "$#" -gt 0 ]; then
    selected=""
    for pattern in "$@"; do selected+=$(grep -xE "$pattern" <<< "$names" || true)$'\n'; done
    names=$(grep -v '^$' <<< "$selected" || true)
    [ -n "$names" ] || { echo "error: no operation matches $*" >&2; exit 1; }
fi

printf '%-42s %15s\n' "operation" "instructions"
while IFS= read -r name; do
    case "$name" in
        catalog/*) low=1; high=6 ;;
        *) low=1000; high=6000 ;;
    esac
    a=$(collected "$name" "$low")
    b=$(collected "$name" "$high")
    if [ -z "$a" ] || [ -z "$b" ]; then echo "error: callgrind printed no total for $name" >&2; exit 1; fi
    printf '%-42s %15d\n' "$name" $(( (b - a) / (high - low) ))
done <<< "$names"
