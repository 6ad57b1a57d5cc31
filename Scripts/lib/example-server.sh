# Shell helpers shared by the integrations' scripts that start an example server and check or load
# it (Examples/*/Scripts/check-example-server.sh, throughput.sh). Source it; it sets `work` (a
# temporary folder) and a trap that stops every server started and removes the folder on exit.
#
#   start_server NAME COMMAND...   runs COMMAND (which must print `listening on PORT` on stdout once it
#                                  accepts connections) with its output in $work/NAME.out and .log,
#                                  and sets port_NAME and pid_NAME; fails if it exits or does not
#                                  start in 30 s
#   request NAME CURL-ARGS...      the status in $status, headers in $work/NAME.headers, body in .body
#   expect_status/_header/_body/_problem NAME …   checks, counted in $failures by `fail`
#   compare_throughput ROUNDS SECONDS CONNECTIONS CANDIDATE BASELINE ROUTE...
#                                  wrk on each server in turn, alternating which goes first, and the
#                                  ratio of the medians per route, with each server's CPU time per
#                                  request (user + system, from /proc: on a shared machine it varies
#                                  less than throughput). A ROUTE is a path, or LABEL=PATH with the
#                                  request headers of route_headers[LABEL] (`declare -A route_headers`),
#                                  or LABEL=CANDIDATE-PATH|BASELINE-PATH when each server is asked for
#                                  its own route (the same failure, each app's way of throwing it);
#                                  ROUTES="LABEL …" in the environment measures those routes only

work=$(mktemp -d)
server_pids=()
stop_servers() {
    for pid in "${server_pids[@]}"; do kill "$pid" 2> /dev/null || true; wait "$pid" 2> /dev/null || true; done
    rm -rf "$work"
}
trap stop_servers EXIT

start_server() {
    local name=$1
    shift
    "$@" > "$work/$name.out" 2> "$work/$name.log" < /dev/null &
    local pid=$!
    server_pids+=("$pid")
    printf -v "pid_$name" '%s' "$pid"
    local port=
    for _ in $(seq 1 300); do
        port=$(sed -n 's/^listening on \([0-9]*\)$/\1/p' "$work/$name.out")
        [ -n "$port" ] && break
        if ! kill -0 "$pid" 2> /dev/null; then
            cat "$work/$name.out" "$work/$name.log" >&2
            echo "error: server $name exited" >&2
            exit 1
        fi
        sleep 0.1
    done
    [ -n "$port" ] || { echo "error: server $name did not start within 30 s" >&2; exit 1; }
    printf -v "port_$name" '%s' "$port"
    echo "server $name on http://127.0.0.1:$port (pid $pid)"
}

declare -A route_headers=()   # compare_throughput's headers by route label

failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

request() {
    local name=$1
    shift
    status=$(curl -sS --max-time 10 -o "$work/$name.body" -D "$work/$name.headers" -w '%{http_code}' "$@")
    tr -d '\r' < "$work/$name.headers" > "$work/$name.h" && mv "$work/$name.h" "$work/$name.headers"
}
expect_status() { [ "$status" = "$2" ] || fail "$1: status $status, expected $2"; }
expect_header() { grep -qi "^$2: $3\$" "$work/$1.headers" || fail "$1: no '$2: $3' header"; }
expect_body() { grep -qF -- "$2" "$work/$1.body" || fail "$1: body lacks $2"; }
# expect_problem NAME: problem+json, valid against the core's schema when Python's jsonschema is there.
expect_problem() {
    expect_header "$1" Content-Type "application/problem+json"
    if python3 -c 'import jsonschema' 2> /dev/null; then
        python3 - "$(dirname "${BASH_SOURCE[0]}")/../../Schemas/problem-details.v1.schema.json" "$work/$1.body" << 'PY' \
            || fail "$1: the body does not match the schema"
import json, sys, jsonschema
jsonschema.validate(json.load(open(sys.argv[2], encoding="utf-8")), json.load(open(sys.argv[1], encoding="utf-8")))
PY
    fi
}

# cpu_ticks PID: the user + system time of a process so far, in clock ticks.
cpu_ticks() { sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'; }

compare_throughput() {
    local rounds=$1 seconds=$2 connections=$3 candidate=$4 baseline=$5
    shift 5
    if [ -n "${ROUTES:-}" ]; then
        local route known=" "
        for route in "$@"; do known+="${route%%=*} "; done
        for route in $ROUTES; do
            [[ "$known" == *" $route "* ]] || { echo "error: no route labelled $route (known:$known)" >&2; return 1; }
        done
    fi
    echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    local cpu
    cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
    echo "machine: $(nproc) cores, $cpu, load $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "wrk: -t1 -c$connections -d${seconds}s, $rounds rounds, alternating"
    for route in "$@"; do
        # `label=/path`, or `label=/candidate-path|/baseline-path` when each server answers its own request.
        local label=${route%%=*} paths=${route#*=}
        local candidate_path=${paths%%|*} baseline_path=${paths#*|}
        # ROUTES="error own-error" measures those labels only.
        [ -n "${ROUTES:-}" ] && [[ " $ROUTES " != *" $label "* ]] && continue
        local headers=()
        [ -n "${route_headers[$label]+set}" ] && headers=(-H "${route_headers[$label]}")
        for round in $(seq 1 "$rounds"); do
            local order="$candidate $baseline"
            [ $((round % 2)) -eq 0 ] && order="$baseline $candidate"
            for name in $order; do
                local port_var="port_$name" pid_var="pid_$name" path=$candidate_path
                [ "$name" = "$baseline" ] && path=$baseline_path
                local before after
                before=$(cpu_ticks "${!pid_var}")
                wrk -t1 -c"$connections" -d"${seconds}s" "${headers[@]}" "http://127.0.0.1:${!port_var}$path" \
                    > "$work/wrk.out"
                after=$(cpu_ticks "${!pid_var}")
                # route round server requests/s requests CPU-ticks
                echo "$label $round $name $(sed -n 's/^Requests\/sec:[[:space:]]*//p' "$work/wrk.out")" \
                    "$(sed -n 's/^[[:space:]]*\([0-9]*\) requests in .*/\1/p' "$work/wrk.out") $((after - before))"
            done
        done
    done | tee "$work/results"
    echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo
    python3 - "$work/results" "$candidate" "$baseline" "$(getconf CLK_TCK)" << 'PY'
import statistics, sys
path, candidate, baseline, ticks_per_second = sys.argv[1:]
rows = [line.split() for line in open(path) if line.count(" ") == 5]
for route in dict.fromkeys(r[0] for r in rows):
    runs = {name: [r for r in rows if r[0] == route and r[2] == name] for name in (candidate, baseline)}
    rps = {name: [float(r[3]) for r in runs[name]] for name in runs}
    # Microseconds of the server's CPU time per request.
    cpu = {name: [int(r[5]) / int(ticks_per_second) * 1e6 / max(int(r[4]), 1) for r in runs[name]] for name in runs}
    c, b = statistics.median(rps[candidate]), statistics.median(rps[baseline])
    ratios = [x / y for x, y in zip(rps[candidate], rps[baseline])]
    print(f"{route}: {candidate} median {c:.0f} req/s, {baseline} median {b:.0f} req/s, "
          f"ratio of medians {c / b:.3f} (per round: {', '.join(f'{r:.3f}' for r in ratios)}); "
          f"server CPU per request, medians: {statistics.median(cpu[candidate]):.1f} us against "
          f"{statistics.median(cpu[baseline]):.1f} us")
PY
}
