#!/usr/bin/env bash
# Builds the libFuzzer targets from the library's own sources and runs each for a given time.
#
#   Benchmarks/fuzz.sh [SECONDS] [TARGET...]      default: 600 seconds, every target
#   Benchmarks/fuzz.sh --build-only               compile the targets only (CI does this)
#
# Targets: the list in Benchmarks/Fuzz/FuzzTargets.swift (StringsParser, XCStringsParser, XCStringsResync,
# PlaceholderFormat, AcceptLanguage, ConsoleText, …); an unknown name is refused before any fuzzing.
# Seeds live in Benchmarks/Fuzz/Corpus/<target>/ (committed); new inputs found while fuzzing go to
# fuzz-out/corpus/<target>/ (ignored by git). A crash leaves fuzz-out/crash-<target>-* behind: turn
# it into a regression test, fix, and add the input to the seeds.
#
# The library is compiled once, into one binary holding every target: fuzz-out/bin/FriendlyErrorsFuzz,
# which runs the target named by FRIENDLY_ERRORS_FUZZ_TARGET (`list` prints the names). To run one
# by hand: FRIENDLY_ERRORS_FUZZ_TARGET=ConsoleText fuzz-out/bin/FriendlyErrorsFuzz [libFuzzer flags] [corpus]
#
# Adding a target <Name>: write Benchmarks/Fuzz/Targets/Fuzz<Name>.swift holding
#   func fuzz<Name>(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt    (no @_cdecl: the dispatcher has it)
# add its one line, ("<Name>", fuzz<Name>), to the list in Benchmarks/Fuzz/FuzzTargets.swift, and put
# its seeds in Benchmarks/Fuzz/Corpus/<Name>/. This script, its default list and CI's check follow.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=600
build_only=false
if [ "${1:-}" = "--build-only" ]; then build_only=true; shift; fi
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then seconds=$1; shift; fi
targets=("$@")

mkdir -p fuzz-out/bin
binary=fuzz-out/bin/FriendlyErrorsFuzz
mapfile -t sources < <(find Sources/FriendlyErrors Benchmarks/Fuzz -name '*.swift' | sort)
features=(-enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
    -enable-upcoming-feature InternalImportsByDefault)

# --build-only (CI) always compiles; fuzzing reuses a binary newer than every source and this script.
if $build_only || [ ! -x "$binary" ] || [ -n "$(find "${sources[@]}" Benchmarks/fuzz.sh -newer "$binary" | head -n 1)" ]; then
    echo "== building $binary (the library and every target, once)"
    swiftc -swift-version 6 "${features[@]}" -package-name swift_friendly_errors -parse-as-library -O -g \
        -sanitize=fuzzer,address -module-name FriendlyErrors "${sources[@]}" -o "$binary"
fi
mapfile -t known < <(FRIENDLY_ERRORS_FUZZ_TARGET=list "$binary")
echo "== targets: ${known[*]}"
$build_only && exit 0

[ ${#targets[@]} -gt 0 ] || targets=("${known[@]}")
for target in "${targets[@]}"; do
    if ! printf '%s\n' "${known[@]}" | grep -qx -- "$target"; then
        echo "error: no fuzz target named '$target'; the targets: ${known[*]}" >&2
        exit 64
    fi
done
for target in "${targets[@]}"; do
    mkdir -p "fuzz-out/corpus/$target"
    seeds=()
    [ -d "Benchmarks/Fuzz/Corpus/$target" ] && seeds=("Benchmarks/Fuzz/Corpus/$target")
    echo "== fuzzing $target for $seconds s"
    FRIENDLY_ERRORS_FUZZ_TARGET=$target "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
        -max_len=65536 -artifact_prefix="fuzz-out/crash-$target-" -print_final_stats=1 \
        "fuzz-out/corpus/$target" "${seeds[@]}" 2>&1 | tee "fuzz-out/$target.log" \
        | grep -E "^(#[0-9]+ *(DONE|NEW|REDUCE)|stat::|==[0-9]+==ERROR|SUMMARY|Done)" | tail -n 8
done
