#!/usr/bin/env bash
# Compiles every ```swift block of README.md and of the DocC articles (the pages listed in
# Scripts/samples/groups.json), in Swift 6 mode with the root package's upcoming features. Fails on
# an error or a warning in a sample; diagnostics name the Markdown file and line.
#
#   Scripts/check-samples.sh            # extract and build; on failure, list every failing block
#   Scripts/check-samples.sh --list     # also list each block with its module and how it is built
#
# How blocks become compilable (one module per block, preludes for the reader's own names,
# `<!-- fragment -->` for the few blocks that are not meant to compile): see
# Scripts/samples/extract-samples.py. The scratch packages live in .build-samples/ (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."

output=.build-samples
python3 Scripts/samples/extract-samples.py --output "$output" "$@"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
for package in "$output"/*/; do
    package=${package%/}
    echo "== samples: $package"
    if swift build --package-path "$package" 2>&1 | tee "$log"; then
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
        if ! swift build --package-path "$package" --target "$target" > "$log" 2>&1 \
            || grep -E ": warning:" "$log" | grep -qv "/\.build[^/]*/checkouts/"; then
            grep -E "^[^ ]+:[0-9]+:[0-9]+: (error|warning):" "$log" | sort -u || true
            failures+=("$target")
        fi
    done
    echo "error: ${#failures[@]} sample module(s) fail in $package: ${failures[*]}" >&2
    status=1
done
exit "$status"
