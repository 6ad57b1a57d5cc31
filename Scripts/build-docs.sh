#!/usr/bin/env bash
# Builds the DocC documentation of the FriendlyErrors library into .build/docs/FriendlyErrors.doccarchive
# (or the folder given as the first argument). Fails when the build fails or when docc warns —
# an unresolved symbol link in an article or a doc comment is a warning, and a failure here.
#
#   Scripts/build-docs.sh                 # build the archive
#   Scripts/build-docs.sh out/docs        # build it somewhere else
#
# Symbol graphs come from a build in its own scratch folder, so the flags it needs do not
# invalidate the ordinary `.build` products.
set -euo pipefail
cd "$(dirname "$0")/.."

output=${1:-.build/docs/FriendlyErrors.doccarchive}
scratch=.build/docs/build
symbols=.build/docs/symbol-graphs

docc=$(command -v docc || true)
if [ -z "$docc" ] && command -v swift >/dev/null; then
    docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
fi
if [ ! -x "$docc" ]; then
    echo "error: docc not found; it ships with the Swift toolchain (usr/bin/docc)" >&2
    exit 1
fi

build_symbols() {
    mkdir -p "$symbols"
    swift build --scratch-path "$scratch" --target FriendlyErrors \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$symbols" \
        -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
}
echo "== symbol graphs"
build_symbols
# The compiler writes symbol graphs only when it compiles: after a no-op build with the graphs gone,
# build again from scratch.
if [ ! -s "$symbols/FriendlyErrors.symbols.json" ]; then
    rm -rf "$scratch"
    build_symbols
fi

echo "== docc convert"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rm -rf "$output"
"$docc" convert Sources/FriendlyErrors/FriendlyErrors.docc \
    --additional-symbol-graph-dir "$symbols" \
    --fallback-display-name FriendlyErrors \
    --fallback-bundle-identifier com.github.swift-friendly-errors.FriendlyErrors \
    --output-path "$output" \
    --warnings-as-errors 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ] || grep -q "warning:" "$log"; then
    echo "error: docc reported problems (above)" >&2
    exit 1
fi
echo "Documentation built: $output"
