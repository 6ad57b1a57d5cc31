#!/usr/bin/env bash
# Throughput of the middleware against Vapor's own ErrorMiddleware, with wrk on loopback.
#
# Two instances of one release build of the example app run side by side: one with
# FriendlyErrorsMiddleware in place of ErrorMiddleware, one without (`--without-friendly-errors`:
# Vapor's default ErrorMiddleware answers). For each route — `/bench/error` throws `Abort(.notFound)`,
# `/bench/ok` returns a string — wrk loads each app in turn, alternating which goes first, for ROUNDS
# rounds of SECONDS each. Both log at `error` (LOG_LEVEL), so neither writes a line per request: the
# middleware logs a 404 at `notice`, ErrorMiddleware an `Abort` at `warning` (Abort's DebuggableError
# default), RouteLoggingMiddleware every request at `info`.
#
# Usage: Scripts/throughput.sh [rounds, default 5] [seconds, default 10] [connections, default 32]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
seconds=${2:-10}
connections=${3:-32}
command -v wrk > /dev/null || { echo "error: wrk is not installed (apt-get install -y wrk)" >&2; exit 1; }

swift build -c release --scratch-path .build-vapor-release --product friendly-errors-vapor-example
bin="$(swift build -c release --scratch-path .build-vapor-release --show-bin-path)/friendly-errors-vapor-example"

work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2> /dev/null || true; wait "$pid" 2> /dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

start() {   # start NAME ARGS...: starts an app, sets port_NAME
    local name=$1
    shift
    LOG_LEVEL=error "$bin" --port 0 "$@" > "$work/$name.out" 2> "$work/$name.log" < /dev/null &
    pids+=($!)
    local port=
    for _ in $(seq 1 300); do
        port=$(sed -n 's/^listening on \([0-9]*\)$/\1/p' "$work/$name.out")
        [ -n "$port" ] && break
        sleep 0.1
    done
    [ -n "$port" ] || { echo "error: app $name did not start" >&2; exit 1; }
    printf -v "port_$name" '%s' "$port"
}
start friendly
start vapor --without-friendly-errors

# Both answer as expected before anything is measured.
[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port_friendly/bench/error")" = 404 ]
[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port_vapor/bench/error")" = 404 ]
curl -s "http://127.0.0.1:$port_friendly/bench/error" | grep -q '"code":"http.404"'
curl -s "http://127.0.0.1:$port_vapor/bench/error" | grep -q '"reason":"Not Found"'

echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
echo "machine: $(nproc) cores, $cpu, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "wrk: -t1 -c$connections -d${seconds}s, $rounds rounds, alternating"
for route in error ok; do
    for round in $(seq 1 "$rounds"); do
        order="friendly vapor"
        [ $((round % 2)) -eq 0 ] && order="vapor friendly"
        for name in $order; do
            port_var="port_$name"
            rps=$(wrk -t1 -c"$connections" -d"${seconds}s" "http://127.0.0.1:${!port_var}/bench/$route" \
                | sed -n 's/^Requests\/sec:[[:space:]]*//p')
            echo "$route $round $name $rps"
        done
    done
done | tee "$work/results"
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"

echo
python3 - "$work/results" << 'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1]) if line.count(" ") == 3]
for route in ("error", "ok"):
    got = {name: [float(r[3]) for r in rows if r[0] == route and r[2] == name] for name in ("friendly", "vapor")}
    f, v = statistics.median(got["friendly"]), statistics.median(got["vapor"])
    ratios = [a / b for a, b in zip(got["friendly"], got["vapor"])]
    print(f"/bench/{route}: middleware median {f:.0f} req/s, Vapor's ErrorMiddleware median {v:.0f} req/s, "
          f"ratio of medians {f / v:.3f} (per round: {', '.join(f'{r:.3f}' for r in ratios)})")
PY
