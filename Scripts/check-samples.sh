#!/usr/bin/env bash
# Compiles every ```swift block of README.md, the DocC articles and the integrations' READMEs (the
# pages listed in Scripts/samples/groups.json), in Swift 6 mode with the root package's upcoming
# features. Fails on an error or a warning in a sample; diagnostics name the Markdown file and line.
#
#   Scripts/check-samples.sh                  # every group: extract and build; on failure, list every failing block
#   Scripts/check-samples.sh Vapor            # only the named groups (CI checks each integration's after building it)
#   Scripts/check-samples.sh --list [GROUP…]  # also list each block with its module and how it is built
#
# How blocks become compilable (one module per block, preludes for the reader's own names,
# `<!-- fragment -->` for the few blocks that are not meant to compile): see
# Scripts/samples/extract-samples.py. The scratch packages live in .build-samples/ (git-ignored). An
# integration's group is built in that integration's own scratch path (its "scratchPath" in
# groups.json), so the framework is built there once: the first check of a group whose integration
# was never built builds it (minutes for Vapor or Hummingbird).
set -euo pipefail
cd "$(dirname "$0")/.."

output=.build-samples
python3 Scripts/samples/extract-samples.py --output "$output" "$@"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
while IFS=$'\t' read -r -u 3 package scratch; do
    build=(swift build --package-path "$package")
    [ -z "$scratch" ] || build+=(--scratch-path "$scratch")
    echo "== samples: $package${scratch:+ (built in $scratch)}"
    if "${build[@]}" 2>&1 | tee "$log"; then
        # Warnings anywhere but in a dependency's checkout are the samples' (or the preludes').
        if grep -E ": warning:" "$log" | grep -v "/\.build[^/]*/checkouts/"; then
            echo "error: the samples above compile with warnings" >&2
            status=1
        fi
        continue
    fi
    # The build stops at the first failing module: build each one alone to name every failing block.
    echo "== samples: building each block of $package alone to list every failure"
    failures=()
    for target in "$package"/Sources/*/; do
        target=$(basename "$target")
        touch "$package/Sources/$target"/*.swift   # compiled again, so its warnings show again
        if ! "${build[@]}" --target "$target" > "$log" 2>&1 \
            || grep -E ": warning:" "$log" | grep -qv "/\.build[^/]*/checkouts/"; then
            grep -E "^[^ ]+:[0-9]+:[0-9]+: (error|warning):" "$log" | sort -u || true
            failures+=("$target")
        fi
    done
    echo "error: ${#failures[@]} sample module(s) fail in $package: ${failures[*]}" >&2
    status=1
done 3< "$output/packages.tsv"
exit "$status"
