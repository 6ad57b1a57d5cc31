#!/usr/bin/env bash
# Throughput of the middleware against Hummingbird's own error handling, with wrk on loopback.
#
# Two release builds of the example server run side by side: one with FriendlyErrorsMiddleware, one
# without (`--without-friendly-errors`: Hummingbird answers the thrown HTTPError itself). For each
# route — `/bench/error` throws `HTTPError(.badRequest, message:)`, `/bench/ok` returns a string, and
# `error+lang` is `/bench/error` with a browser's `Accept-Language` — wrk loads each server in turn,
# alternating which goes first, for ROUNDS rounds of SECONDS each. Both servers log at `warning`
# (LOG_LEVEL), so the 400s, logged at `notice`, are not written.
#
# Besides requests per second, each run reports the server's CPU time per request (user + system,
# from /proc, in microseconds): on a machine shared with other work, it varies less than throughput.
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
    printf -v "pid_$name" '%s' "$!"
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
cpu_ticks() {   # cpu_ticks PID: user + system time of a process so far, in clock ticks
    sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'
}
ticks_per_second=$(getconf CLK_TCK)
accept_language="ja-JP,ja;q=0.9,en-US;q=0.8,en;q=0.7"
for route in error ok error+lang; do
    headers=()
    [ "$route" = error+lang ] && headers=(-H "Accept-Language: $accept_language")
    for round in $(seq 1 "$rounds"); do
        order="friendly hummingbird"
        [ $((round % 2)) -eq 0 ] && order="hummingbird friendly"
        for name in $order; do
            port_var="port_$name"
            pid_var="pid_$name"
            before=$(cpu_ticks "${!pid_var}")
            wrk -t1 -c"$connections" -d"${seconds}s" "${headers[@]}" "http://127.0.0.1:${!port_var}/bench/${route%+lang}" \
                > "$work/wrk.out"
            after=$(cpu_ticks "${!pid_var}")
            rps=$(sed -n 's/^Requests\/sec:[[:space:]]*//p' "$work/wrk.out")
            requests=$(sed -n 's/^[[:space:]]*\([0-9]*\) requests in .*/\1/p' "$work/wrk.out")
            cpu=$(((after - before) * 1000000 / ticks_per_second * 100 / requests))
            printf '%s %s %s %s %s.%02d\n' "$route" "$round" "$name" "$rps" $((cpu / 100)) $((cpu % 100))
        done
    done
done | tee "$work/results"

echo
python3 - "$work/results" << 'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1]) if line.count(" ") == 4]
for route in ("error", "ok", "error+lang"):
    rps = {name: [float(r[3]) for r in rows if r[0] == route and r[2] == name] for name in ("friendly", "hummingbird")}
    cpu = {name: [float(r[4]) for r in rows if r[0] == route and r[2] == name] for name in ("friendly", "hummingbird")}
    f, h = statistics.median(rps["friendly"]), statistics.median(rps["hummingbird"])
    ratios = [a / b for a, b in zip(rps["friendly"], rps["hummingbird"])]
    print(f"{route}: middleware median {f:.0f} req/s, Hummingbird alone median {h:.0f} req/s, "
          f"ratio of medians {f / h:.3f} (per round: {', '.join(f'{r:.3f}' for r in ratios)}); "
          f"server CPU per request, medians: {statistics.median(cpu['friendly']):.1f} us against "
          f"{statistics.median(cpu['hummingbird']):.1f} us")
PY
