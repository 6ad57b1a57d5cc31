#!/usr/bin/env python3
"""Each integration package is what a user installs by URL: exactly one library product, no executable,
and only the packages its library imports (the core, the server kit, the framework's packages, swift-log).
Of the core it uses public API alone, which carries the promise its `from: VERSION` relies on: the products
`FriendlyErrors` and `FriendlyErrorsAdapters` (what adapters need beyond apps), and no SPI (`@_spi`) in
any integration's or example's source.

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


# The core's products an integration's library may depend on (the core's package is "swift-friendly-errors").
CORE_PRODUCTS = {"FriendlyErrors", "FriendlyErrorsAdapters"}


def spi_imports():
    """`@_spi` attributes in the integrations' and examples' Swift sources (build folders left out)."""
    found = []
    for top in ("Integrations", "Examples"):
        for directory, folders, names in os.walk(os.path.join(ROOT, top)):
            folders[:] = [f for f in folders if not f.startswith(".build")]
            for name in names:
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8") as source:
                    for number, line in enumerate(source, 1):
                        if "@_spi(" in line and not line.lstrip().startswith("//"):
                            found.append(f"{os.path.relpath(path, ROOT)}:{number}: {line.strip()}")
    return found


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
        core = sorted({
            entry["product"][0] for target in dump["targets"] for entry in target["dependencies"]
            if "product" in entry and entry["product"][1] == "swift-friendly-errors"} - CORE_PRODUCTS)
        if core:
            failures.append(f"Integrations/{folder}: uses the core's {core}; an integration takes {sorted(CORE_PRODUCTS)}")
        kinds = sorted({t["type"] for t in dump["targets"]} - {"regular"})
        if kinds:
            failures.append(f"Integrations/{folder}: has {kinds} targets; examples, tools and tests live under Examples/")
        print(f"{folder}: product {libraries}, dependencies {sorted(names)}")
    for line in spi_imports():
        failures.append(f"SPI across a package boundary (use the public API or FriendlyErrorsAdapters): {line}")
    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
