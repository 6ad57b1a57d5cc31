#!/usr/bin/env bash
# One real exporter end to end (issue 36): starts the OTLP receiver (otlp-receiver.py, which decodes
# with Python's opentelemetry-proto, not swift-otel) and the telemetry shop on free loopback ports,
# requests an app error (409), Hummingbird's own 404, an unknown error holding a secret (500) and a
# success, waits for the export, and checks what the receiver decoded:
# - each error's span (the one Hummingbird's TracingMiddleware started) has `error.type` = the body's
#   stable code and an attribute holding the body's reference ID; its status is ERROR for the 500 only;
# - the body's `traceId` is the exported span's trace ID;
# - the `friendly_errors.errors` counter arrived with an `error.type` dimension, one point per code;
# - an error log record arrived with `error.type`; the 500's (found by the body's reference ID) has the
#   body's trace ID and a span ID (swift-otel's log handler read the request's ServiceContext), and the
#   error itself as `exception.type` and `exception.message` (issue 47: the server kit's default);
# - the secret is in NO exported span or metric (the whole decoded dump is searched), nor in the response.
# Prints one exported error span, one data point of the counter and the 500's log record, as decoded.
# Stops both on exit, whatever happens.
#
# Usage: [TELEMETRY_DUMP=FILE] Scripts/check-telemetry.sh [scratch path, default .build-otel]
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build-otel}

python3 -c 'import opentelemetry.proto' 2> /dev/null || pip install --quiet opentelemetry-proto
# The package's one product; naming it with --product would build Hummingbird again after CI's build.
swift build --scratch-path "$scratch"
bin="$(swift build --scratch-path "$scratch" --show-bin-path)/friendly-errors-telemetry-example"

source ../../Scripts/lib/example-server.sh
dump="$work/received.jsonl"
: > "$dump"
start_server receiver python3 Scripts/otlp-receiver.py 0 "$dump"
start_server shop "$bin" --port 0 --otlp "http://127.0.0.1:$port_receiver"
base="http://127.0.0.1:$port_shop"

request ok "$base/items"
expect_status ok 200
request conflict "$base/orders/42/cancel"
expect_status conflict 409
expect_problem conflict
request notfound "$base/no/such/page"
expect_status notfound 404
expect_problem notfound
request unknown "$base/reports"
expect_status unknown 500
expect_problem unknown
secrets=(S3cr3t-Pa55 db.internal postgres://)
for secret in "${secrets[@]}"; do
    if grep -qF "$secret" "$work/unknown.body" "$work/unknown.headers"; then fail "unknown: '$secret' reached the client"; fi
done

# Spans every 0.5 s, metrics every 1 s: the checks below are met within a few seconds; 20 at most.
python3 - "$dump" "$work/conflict.body" "$work/notfound.body" "$work/unknown.body" "${secrets[@]}" << 'PY' || fail "the exported telemetry (above)"
import json, sys, time

dump, bodies, secrets = sys.argv[1], sys.argv[2:5], sys.argv[5:]
problems = [json.load(open(path, encoding="utf-8")) for path in bodies]


def value(any_value):
    """An OTLP AnyValue as Python (ints arrive as strings in protobuf's JSON mapping)."""
    if "intValue" in any_value:
        return int(any_value["intValue"])
    for key in ("stringValue", "boolValue", "doubleValue"):
        if key in any_value:
            return any_value[key]
    return any_value


def attributes(item):
    return {attribute["key"]: value(attribute.get("value", {})) for attribute in item.get("attributes", [])}


def received():
    records = [json.loads(line) for line in open(dump, encoding="utf-8") if line.strip()]
    spans, points, logs = [], [], []
    for record in records:
        body = record["body"]
        for resource in body.get("resourceSpans", []):
            for scope in resource.get("scopeSpans", []):
                spans += scope.get("spans", [])
        for resource in body.get("resourceMetrics", []):
            for scope in resource.get("scopeMetrics", []):
                for metric in scope.get("metrics", []):
                    for kind in ("sum", "gauge", "histogram"):
                        for point in metric.get(kind, {}).get("dataPoints", []):
                            points.append((metric, point))
        for resource in body.get("resourceLogs", []):
            for scope in resource.get("scopeLogs", []):
                logs += scope.get("logRecords", [])
    return spans, points, logs


def findings():
    spans, points, logs = received()
    errors, shown = [], {}
    for problem in problems:
        code, status = problem.get("code"), problem.get("status")
        mine = [span for span in spans if attributes(span).get("http.response.status_code") == status]
        if not mine:
            errors.append(f"no exported span with http.response.status_code {status}")
            continue
        span = mine[-1]
        if status >= 500:  # the one with the most to show: status, reference ID
            shown["span"] = span
        found = attributes(span)
        if found.get("error.type") != code:
            errors.append(f"the {status} span's error.type is {found.get('error.type')!r}, not {code!r}")
        # Unexpected errors carry a reference ID; an app's own error (the 409) has none.
        if "referenceId" in problem and problem["referenceId"] not in found.values():
            errors.append(f"the {status} span has no attribute holding the reference ID {problem.get('referenceId')}")
        is_error = span.get("status", {}).get("code") == "STATUS_CODE_ERROR"
        if is_error != (status >= 500):
            errors.append(f"the {status} span's status is {span.get('status', {})}, expected ERROR only for a 5xx")
        if problem.get("traceId") != span.get("traceId"):
            errors.append(f"the {status} body's traceId {problem.get('traceId')!r} is not the span's {span.get('traceId')}")
    counted = {}
    for metric, point in points:
        if metric.get("name") == "friendly_errors.errors":
            shown.setdefault("metric", {"name": metric["name"], "unit": metric.get("unit"), "dataPoint": point})
            counted[attributes(point).get("error.type")] = point
    for problem in problems:
        if problem.get("code") not in counted:
            errors.append(f"no friendly_errors.errors data point with error.type {problem.get('code')!r} (has {sorted(map(str, counted))})")
    if not any("error.type" in attributes(record) for record in logs):
        errors.append(f"no exported log record with error.type (of {len(logs)} log records)")
    # Issue 47: the 500's record, found by the body's reference ID, is in the request's trace (swift-otel's log
    # handler reads the current ServiceContext) and carries the error itself for the operator.
    unknown = next(problem for problem in problems if problem.get("status") == 500)
    mine = [record for record in logs if attributes(record).get("error.reference_id") == unknown.get("referenceId")]
    if not mine:
        errors.append(f"no exported log record with error.reference_id {unknown.get('referenceId')!r}")
    else:
        record = mine[-1]
        shown["log"] = record
        found = attributes(record)
        if record.get("traceId") != unknown.get("traceId"):
            errors.append(f"the 500's log record has traceId {record.get('traceId')!r}, not the body's {unknown.get('traceId')!r}")
        if not record.get("spanId"):
            errors.append("the 500's log record has no spanId")
        if found.get("exception.type") != "TelemetryServer.ReportDatabaseFailure":
            errors.append(f"the 500's log record's exception.type is {found.get('exception.type')!r}")
        if not all(secret in str(found.get("exception.message")) for secret in secrets):
            errors.append(f"the 500's log record's exception.message is {found.get('exception.message')!r}")
    return errors, shown


deadline = time.monotonic() + 20
while True:
    errors, shown = findings()
    if not errors or time.monotonic() > deadline:
        break
    time.sleep(0.5)
raw = open(dump, encoding="utf-8").read()
for secret in secrets:
    # Only the log records may hold it (the 500's exception.message, above): no span, no metric.
    leaked = [json.loads(line)["signal"] for line in raw.splitlines() if secret in line]
    leaked = [signal for signal in leaked if signal != "logs"]
    if leaked:
        errors.append(f"the secret {secret!r} was exported: " + ", ".join(leaked))
for label in ("span", "metric", "log"):
    if label in shown:
        print(f"the receiver's view of one exported {label}:")
        print(json.dumps(shown[label], indent=2, ensure_ascii=False))
spans, points, logs = received()
print(f"received {len(spans)} spans, {len(points)} metric data points, {len(logs)} log records")
for error in errors:
    print(f"FAIL: {error}", file=sys.stderr)
sys.exit(1 if errors else 0)
PY
# TELEMETRY_DUMP=FILE keeps what the receiver decoded, for a look after the run.
if [ -n "${TELEMETRY_DUMP:-}" ]; then cp "$dump" "$TELEMETRY_DUMP"; fi

if [ "$failures" -ne 0 ]; then
    echo "the shop's log:" >&2
    cat "$work/shop.log" >&2
    echo "the receiver's log:" >&2
    cat "$work/receiver.log" >&2
    echo "error: $failures check(s) of the exported telemetry failed" >&2
    exit 1
fi
echo "the exported telemetry: attributes, statuses, trace IDs, the counter and no secret, as expected"
