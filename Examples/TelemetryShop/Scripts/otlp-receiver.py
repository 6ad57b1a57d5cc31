#!/usr/bin/env python3
"""A tiny OTLP/HTTP receiver on loopback: accepts POST /v1/traces, /v1/metrics and /v1/logs
(application/x-protobuf), decodes each request with opentelemetry-proto (an implementation
independent of swift-otel's) and appends one JSON line per request to OUT:

    {"signal": "traces", "body": <the request as protobuf's JSON mapping>}

IDs (trace, span) are written as lowercase hex, as W3C trace context and our problem bodies spell
them; protobuf's JSON mapping would write them as base64. Prints `listening on PORT` once it accepts
connections (port 0 picks a free one).

Usage: otlp-receiver.py PORT OUT
"""

import base64
import gzip
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from google.protobuf.json_format import MessageToDict
from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import (
    ExportLogsServiceRequest,
    ExportLogsServiceResponse,
)
from opentelemetry.proto.collector.metrics.v1.metrics_service_pb2 import (
    ExportMetricsServiceRequest,
    ExportMetricsServiceResponse,
)
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)

SIGNALS = {
    "/v1/traces": ("traces", ExportTraceServiceRequest, ExportTraceServiceResponse),
    "/v1/metrics": ("metrics", ExportMetricsServiceRequest, ExportMetricsServiceResponse),
    "/v1/logs": ("logs", ExportLogsServiceRequest, ExportLogsServiceResponse),
}
ID_KEYS = {"traceId", "spanId", "parentSpanId"}
WRITING = threading.Lock()  # one line per request, never two interleaved


def hex_ids(value):
    """Rewrites the base64 IDs of protobuf's JSON mapping as hex, everywhere in `value`."""
    if isinstance(value, dict):
        return {
            key: base64.b64decode(item).hex() if key in ID_KEYS and isinstance(item, str) else hex_ids(item)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [hex_ids(item) for item in value]
    return value


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        signal = SIGNALS.get(self.path.split("?")[0])
        if signal is None:
            self.send_error(404)
            return
        name, request_type, response_type = signal
        data = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.headers.get("Content-Encoding") == "gzip":
            data = gzip.decompress(data)
        try:
            request = request_type.FromString(data)
        except Exception as error:  # a body that does not decode is the exporter's bug: answer 400
            self.send_error(400, f"not an OTLP {name} request: {error}")
            return
        record = {"signal": name, "body": hex_ids(MessageToDict(request))}
        with WRITING, open(self.server.out, "a", encoding="utf-8") as out:
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
        answer = response_type().SerializeToString()
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, format, *args):
        pass  # quiet: the JSON lines are the record


def main():
    port, out = int(sys.argv[1]), sys.argv[2]
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.out = out
    print(f"listening on {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
