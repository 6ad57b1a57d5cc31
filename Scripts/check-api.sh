#!/usr/bin/env bash
# The public API baseline: dumps the public API of modules with the toolchain's swift-api-digester
# into a readable list (Scripts/api-text.py: one declaration a line, its types, its SPI group) and
# fails with a diff when it differs from the committed file in API/. A change to the public API must
# change API/<Module>.txt in the same commit: `--update` writes it.
#
#   Scripts/check-api.sh                    # the root package's libraries (FriendlyErrors, FriendlyErrorsAdapters,
#                                           # FriendlyErrorsTesting, FriendlyErrorsURLSession), from .build
#   Scripts/check-api.sh --update           # write their API/<Module>.txt
#   Scripts/check-api.sh --build-path Integrations/FriendlyErrorsHummingbird/.build-hb FriendlyErrorsHummingbird
#                                           # an integration's library, from its own build folder
#
# Reads the modules a `swift build` left in <build path>/debug/Modules (run after the build).
set -euo pipefail
cd "$(dirname "$0")/.."

update=0
build=.build
modules=()
while [ $# -gt 0 ]; do
    case "$1" in
        --update) update=1 ;;
        --build-path) build="$2"; shift ;;
        *) modules+=("$1") ;;
    esac
    shift
done
[ ${#modules[@]} -gt 0 ] || modules=(FriendlyErrors FriendlyErrorsAdapters FriendlyErrorsTesting FriendlyErrorsURLSession)

digester=$(command -v swift-api-digester || echo "$(dirname "$(command -v swift)")/swift-api-digester")
target=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
search=("$build"/debug/Modules)
[ -d "${search[0]}" ] || { echo "error: no $build/debug/Modules: build first" >&2; exit 1; }
# C modules of the dependencies (NIO's, say), for an integration's dump.
# SwiftPM writes a module map for each C target into its build folder, or the target has its own.
# One map per target: a target's own map (in its checkout) only when SwiftPM wrote none for it.
declare -A mapped=()
while IFS= read -r map; do
    name=$(basename "$(dirname "$map")" .build)
    [ "$name" = include ] && name=$(basename "$(dirname "$(dirname "$map")")")
    case "$name" in *-tool) continue ;; esac   # the same C module, built for a build tool
    [ -n "${mapped[$name]:-}" ] && continue
    mapped[$name]=1
    search+=(-Xcc "-fmodule-map-file=$map")
done < <(find -L "$build/debug/" -maxdepth 2 -name module.modulemap 2>/dev/null;
         find "$build/checkouts" -path "*/Sources/*/include/module.modulemap" 2>/dev/null)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
mkdir -p API
for module in "${modules[@]}"; do
    "$digester" -dump-sdk -module "$module" -target "$target" -I "${search[@]}" -o "$work/$module.json" \
        -abort-on-module-fail > "$work/$module.log" 2>&1 || { cat "$work/$module.log" >&2; exit 1; }
    python3 Scripts/api-text.py "$work/$module.json" > "$work/$module.txt"
    counts=$(python3 Scripts/api-text.py --count "$work/$module.json")
    if [ "$update" = 1 ]; then
        cp "$work/$module.txt" "API/$module.txt"
        echo "API/$module.txt written: $counts"
    elif ! diff -u --label "API/$module.txt (committed)" --label "$module (built)" "API/$module.txt" "$work/$module.txt"; then
        echo "error: the public API of $module differs from API/$module.txt (above: - committed, + built)." >&2
        echo "       If the change is meant, run Scripts/check-api.sh --update${build:+ --build-path $build} $module" >&2
        echo "       and commit API/$module.txt with it (and say so in CHANGELOG.md)." >&2
        status=1
    else
        echo "$module: the public API is the baseline's ($counts)"
    fi
done
exit "$status"
