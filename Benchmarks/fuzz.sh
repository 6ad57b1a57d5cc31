#!/usr/bin/env bash
# Builds the libFuzzer targets from the library's own sources and runs each for a given time.
#
#   Benchmarks/fuzz.sh [SECONDS] [TARGET...]      default: 600 seconds, every target
#   Benchmarks/fuzz.sh --build-only               compile the targets only (CI does this)
#
# Targets: StringsParser XCStringsParser XCStringsResync PlaceholderFormat AcceptLanguage ConsoleText AlertRendering.
# Seeds live in Benchmarks/Fuzz/Corpus/<target>/ (committed); new inputs found while fuzzing go to
# fuzz-out/corpus/<target>/ (ignored by git). A crash leaves fuzz-out/crash-<target>-* behind: turn
# it into a regression test, fix, and add the input to the seeds.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=600
build_only=false
if [ "${1:-}" = "--build-only" ]; then build_only=true; shift; fi
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then seconds=$1; shift; fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(StringsParser XCStringsParser XCStringsResync PlaceholderFormat AcceptLanguage ConsoleText AlertRendering)

mkdir -p fuzz-out/bin
mapfile -t sources < <(find Sources/FriendlyErrors -name '*.swift' | sort)
features=(-enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
    -enable-upcoming-feature InternalImportsByDefault)

for target in "${targets[@]}"; do
    binary="fuzz-out/bin/$target"
    echo "== building $target"
    swiftc -swift-version 6 "${features[@]}" -package-name swift_friendly_errors -parse-as-library -O -g \
        -sanitize=fuzzer,address \
        -module-name FriendlyErrors "${sources[@]}" "Benchmarks/Fuzz/Targets/Fuzz$target.swift" -o "$binary"
    $build_only && continue
    mkdir -p "fuzz-out/corpus/$target"
    echo "== fuzzing $target for $seconds s"
    "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=65536 \
        -artifact_prefix="fuzz-out/crash-$target-" -print_final_stats=1 \
        "fuzz-out/corpus/$target" "Benchmarks/Fuzz/Corpus/$target" 2>&1 | tee "fuzz-out/$target.log" \
        | grep -E "^(#[0-9]+ *(DONE|NEW|REDUCE)|stat::|==[0-9]+==ERROR|SUMMARY|Done)" | tail -n 8
done
