#!/usr/bin/env python3
"""Each integration package is what a user installs by URL: exactly one library product, no executable,
and only the packages its library imports (the core, the server kit, the framework's packages, swift-log).

Reads each Integrations/FriendlyErrors<Framework>/Package.swift through `swift package dump-package`
(no resolution, no build) and fails with one line per finding.

    python3 Scripts/check-integration-packages.py
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The packages each integration's library may depend on, by identity (the URL's last component).
ALLOWED = {
    "FriendlyErrorsServerKit": {"swift-friendly-errors", "swift-log", "swift-metrics", "swift-distributed-tracing"},
    "FriendlyErrorsHummingbird": {"swift-friendly-errors", "swift-friendly-errors-server-kit", "hummingbird", "swift-http-types", "swift-log", "swift-nio"},
    "FriendlyErrorsVapor": {"swift-friendly-errors", "swift-friendly-errors-server-kit", "vapor", "swift-log", "swift-nio", "swift-distributed-tracing"},
    "FriendlyErrorsGRPC": {"swift-friendly-errors", "swift-friendly-errors-server-kit", "grpc-swift-2", "grpc-swift-protobuf", "swift-log", "swift-distributed-tracing", "swift-nio"},
    "FriendlyErrorsOpenAPI": {"swift-friendly-errors", "swift-friendly-errors-server-kit", "swift-openapi-runtime", "swift-http-types", "swift-log"},
    "FriendlyErrorsArgumentParser": {"swift-friendly-errors", "swift-argument-parser"},
}


def identity(dependency):
    for kind in ("sourceControl", "fileSystem"):
        for entry in dependency.get(kind, []):
            if entry.get("nameForTargetDependencyResolutionOnly"):
                return entry["nameForTargetDependencyResolutionOnly"]
            name = entry.get("identity")
            if name:
                return name
    return "?"


def main():
    failures = []
    folders = sorted(d for d in os.listdir(os.path.join(ROOT, "Integrations")) if d.startswith("FriendlyErrors"))
    if sorted(ALLOWED) != folders:
        failures.append(f"Integrations/ holds {folders}; this check knows {sorted(ALLOWED)}: update ALLOWED")
    for folder in folders:
        path = os.path.join(ROOT, "Integrations", folder)
        dump = json.loads(subprocess.run(["swift", "package", "--package-path", path, "dump-package"],
                                         check=True, capture_output=True, text=True).stdout)
        products = dump["products"]
        libraries = [p["name"] for p in products if "library" in p["type"]]
        if libraries != [folder] or len(products) != 1:
            failures.append(f"Integrations/{folder}: products {[p['name'] for p in products]}; expected the library {folder} alone")
        names = {identity(d) for d in dump["dependencies"]}
        extra = sorted(names - ALLOWED.get(folder, set()))
        if extra:
            failures.append(f"Integrations/{folder}: depends on {extra}, which its library does not need")
        kinds = sorted({t["type"] for t in dump["targets"]} - {"regular"})
        if kinds:
            failures.append(f"Integrations/{folder}: has {kinds} targets; examples, tools and tests live under Examples/")
        print(f"{folder}: product {libraries}, dependencies {sorted(names)}")
    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
