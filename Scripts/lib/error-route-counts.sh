# Shell helpers shared by the examples' Scripts/count-error-route.sh: instructions per error response,
# counted by callgrind on each example's `ErrorRouteCounts` driver (a release build, not a product).
# Source it; it sets `work` (a temporary folder, removed on exit).
#
#   build_error_route_counts SCRATCH   builds ErrorRouteCounts in release into SCRATCH and sets `bin` to a
#                                      copy without debug information (valgrind 3.19 cannot read Swift
#                                      6.3's; the symbols stay)
#   count_error_route UNIT MODE...     per mode, (instructions for 6,000 calls - for 1,000) / 5,000, which
#                                      leaves out start-up and first-use costs; the driver gets
#                                      `MODE N` then ${driver_arguments[@]} (ACCEPT_LANGUAGE's value is
#                                      added when set); TELEMETRY reaches it through the environment
#
# Instruction counts do not depend on what else the machine runs, so they compare changes when wrk's
# figures cannot.

command -v valgrind > /dev/null || { echo "error: valgrind is not installed (apt-get install -y valgrind)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
driver_arguments=()

build_error_route_counts() {
    swift build -c release --scratch-path "$1" --product ErrorRouteCounts > "$work/build.log" 2>&1 \
        || { cat "$work/build.log" >&2; exit 1; }
    bin="$work/ErrorRouteCounts"
    objcopy --strip-debug "$(swift build -c release --scratch-path "$1" --show-bin-path)/ErrorRouteCounts" "$bin"
}

count_error_route() {
    local unit=$1 mode small large
    shift
    [ -z "${ACCEPT_LANGUAGE:-}" ] || driver_arguments+=("$ACCEPT_LANGUAGE")
    for mode in "$@"; do
        small=$(collected "$mode" 1000)
        large=$(collected "$mode" 6000)
        echo "$mode: $(((large - small) / 5000)) instructions per $unit"
    done
}

collected() {   # collected MODE N: the instructions of a whole run
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$1" "$2" ${driver_arguments[@]+"${driver_arguments[@]}"} \
        2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
