#!/usr/bin/env bash
# Compiles every ```swift block of README.md, the DocC articles and the integrations' READMEs (the
# pages listed in Scripts/samples/groups.json), in Swift 6 mode with the root package's upcoming
# features. Fails on an error or a warning in a sample; diagnostics name the Markdown file and line.
#
#   Scripts/check-samples.sh                  # every group: extract and build; on failure, list every failing block
#   Scripts/check-samples.sh Vapor            # only the named groups (CI checks each integration's after building it)
#   Scripts/check-samples.sh --list [GROUP…]  # also list each block with its module and how it is built
#
# Every block is compiled or checked; the extraction lists each one skipped, with its reason. How (one
# module per block, preludes for the reader's own names): see Scripts/samples/extract-samples.py. The few
# blocks a module cannot hold say how they are checked instead, in a comment before them:
#   <!-- manifest -->                 Package.swift lines: wrapped into a whole manifest, compiled and
#                                     validated by `swift package dump-package` (below)
#   <!-- compiled in: PAGE, PAGE -->  lines of two frameworks side by side: each line must be a line of a
#                                     compiled block of those pages (checked by the extraction)
#   <!-- skipped: REASON -->          not compiled, its reason printed
# and one that a module holds with more than the page shows:
#   <!-- generated from: FOLDER -->   compiled in a module with the code swift-openapi-generator generates
#                                     from FOLDER's openapi.yaml and openapi-generator-config.yaml (an
#                                     example's generated client, such as Examples/OpenAPIShop's)
# Code blocks in doc comments (`///`) are not pages: they are not compiled, and the extraction counts them.
#
# The scratch packages live in .build-samples/ (git-ignored). An integration's group is built in that
# integration's own scratch path (its "scratchPath" in groups.json), so the framework is built there once:
# the first check of a group whose integration was never built builds it (minutes for Vapor or Hummingbird).
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
# The Package.swift fragments, each wrapped into a manifest: compiled against PackageDescription, and every
# product's package checked against the dependencies.
while IFS=$'\t' read -r -u 3 folder location; do
    if swift package --package-path "$folder" dump-package > /dev/null 2> "$log"; then
        echo "== samples: $location, a manifest fragment, compiles and validates"
    else
        cat "$log"
        echo "error: $location: the manifest fragment, wrapped in $folder/Package.swift, does not compile or validate" >&2
        status=1
    fi
done 3< "$output/manifests.tsv"
exit "$status"
