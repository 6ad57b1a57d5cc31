#!/usr/bin/env bash
# Throughput of the middleware against Hummingbird's own error handling, with wrk on loopback.
#
# Two release builds of the example server run side by side: one with FriendlyErrorsMiddleware, one
# without (`--without-friendly-errors`: Hummingbird answers the thrown HTTPError itself). For each
# route — `/bench/error` throws `HTTPError(.badRequest, message:)`, `/bench/ok` returns a string —
# wrk loads each server in turn, alternating which goes first, for ROUNDS rounds of SECONDS each.
# Both servers log at `warning` (LOG_LEVEL), so the 400s, logged at `notice`, are not written.
#
# Usage: Scripts/throughput.sh [rounds, default 3] [seconds, default 10] [connections, default 32]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
seconds=${2:-10}
connections=${3:-32}
command -v wrk > /dev/null || { echo "error: wrk is not installed (apt-get install -y wrk)" >&2; exit 1; }

swift build -c release --scratch-path .build-hb-release --product friendly-errors-hummingbird-example
bin="$(swift build -c release --scratch-path .build-hb-release --show-bin-path)/friendly-errors-hummingbird-example"

work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2> /dev/null || true; wait "$pid" 2> /dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

start() {   # start NAME ARGS...: starts a server, sets port_NAME
    local name=$1
    shift
    LOG_LEVEL=warning "$bin" --port 0 "$@" > "$work/$name.out" 2> "$work/$name.log" < /dev/null &
    pids+=($!)
    local port=
    for _ in $(seq 1 300); do
        port=$(sed -n 's/^listening on \([0-9]*\)$/\1/p' "$work/$name.out")
        [ -n "$port" ] && break
        sleep 0.1
    done
    [ -n "$port" ] || { echo "error: server $name did not start" >&2; exit 1; }
    printf -v "port_$name" '%s' "$port"
}
start friendly
start hummingbird --without-friendly-errors

# Both answer as expected before anything is measured.
[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port_friendly/bench/error")" = 400 ]
[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port_hummingbird/bench/error")" = 400 ]
curl -s "http://127.0.0.1:$port_friendly/bench/error" | grep -q '"code":"http.400"'

echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "wrk: -t1 -c$connections -d${seconds}s, $rounds rounds, alternating"
for route in error ok; do
    for round in $(seq 1 "$rounds"); do
        order="friendly hummingbird"
        [ $((round % 2)) -eq 0 ] && order="hummingbird friendly"
        for name in $order; do
            port_var="port_$name"
            rps=$(wrk -t1 -c"$connections" -d"${seconds}s" "http://127.0.0.1:${!port_var}/bench/$route" \
                | sed -n 's/^Requests\/sec:[[:space:]]*//p')
            echo "$route $round $name $rps"
        done
    done
done | tee "$work/results"

echo
python3 - "$work/results" << 'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1]) if line.count(" ") == 3]
for route in ("error", "ok"):
    got = {name: [float(r[3]) for r in rows if r[0] == route and r[2] == name] for name in ("friendly", "hummingbird")}
    f, h = statistics.median(got["friendly"]), statistics.median(got["hummingbird"])
    ratios = [a / b for a, b in zip(got["friendly"], got["hummingbird"])]
    print(f"/bench/{route}: middleware median {f:.0f} req/s, Hummingbird alone median {h:.0f} req/s, "
          f"ratio of medians {f / h:.3f} (per round: {', '.join(f'{r:.3f}' for r in ratios)})")
PY
