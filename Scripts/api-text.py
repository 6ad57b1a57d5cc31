#!/usr/bin/env python3
"""Prints a module's public API, one declaration a line, from `swift-api-digester -dump-sdk` JSON.

    python3 Scripts/api-text.py DUMP.json > API/Module.txt
    python3 Scripts/api-text.py --count DUMP.json      # declarations and top-level types

Each line is the declaration's path (`ErrorResponse.init(alert:contentLanguage:writer:request:event:)`),
its kind, its types (a function's parameters and result, a property's type), and what else a user
relies on: `static`, a setter, `throws`, `async`, its SPI group, a type's conformances. Imports and
declarations the compiler made itself (`implicit`) or that are `package` (`isInternal`) are left
out; lines are sorted, so a diff shows
what changed and nothing else.
"""
import json, re, sys

TYPE_KINDS = {"Struct", "Enum", "Class", "Protocol", "TypeAlias", "AssociatedType"}


def types_of(node):
    return [child.get("printedName", "?") for child in node.get("children", []) if "declKind" not in child]


def line(node, path):
    kind = node["declKind"]
    parts = [path, kind]
    types = types_of(node)
    if kind in ("Func", "Constructor", "Subscript") and types:
        parts.append("(" + ", ".join(types[1:]) + ") -> " + types[0])
    elif types:
        parts.append(": " + ", ".join(types))
    if node.get("static"):
        parts.append("static")
    if node.get("throwing"):
        parts.append("throws")
    # The dump has no flag for `async`; the mangled name has (`Ya` before a function's end,
    # `…tYaF`, `…tYaKlF` when it also throws and is generic).
    if re.search(r"Ya(K)?(l)?(F|fC|fc)Z?$", node.get("mangledName", "")):
        parts.append("async")
    accessors = [a.get("accessorKind", a.get("name", "")) for a in node.get("accessors", [])]
    if any(a in ("set", "Set", "_modify", "Modify") for a in accessors):
        parts.append("{ get set }")
    if node.get("genericSig"):
        parts.append(node["genericSig"])
    if node.get("protocolReq"):
        parts.append("requirement")
    elif node.get("isFromExtension"):
        parts.append("extension")
    if node.get("spi_group_names"):
        parts.append("@_spi(" + ",".join(node["spi_group_names"]) + ")")
    if kind in TYPE_KINDS and node.get("conformances"):
        parts.append(": " + ", ".join(sorted(c["printedName"] for c in node["conformances"])))
    return " ".join(parts)


def walk(node, prefix, out):
    for child in node.get("children", []):
        if "declKind" not in child or child["declKind"] == "Import" or child.get("implicit"):
            continue
        # `package` declarations are in the dump too, marked internal: not the public API.
        if child.get("isInternal"):
            continue
        # Accessors are listed with their property.
        if child["declKind"] == "Accessor":
            continue
        path = prefix + child["printedName"]
        inner = []
        walk(child, path + ".", inner)
        # Another module's type appears when this module extends it; with nothing public inside (an
        # internal conformance, such as Support/'s on the standard library's collections) it is not API.
        if child.get("isExternal") and not inner:
            continue
        out.append((prefix == "", child, line(child, path)))
        out.extend(inner)


def main():
    args = sys.argv[1:]
    count = "--count" in args
    args = [a for a in args if a != "--count"]
    root = json.load(open(args[0]))["ABIRoot"]
    out = []
    walk(root, "", out)
    if count:
        # SPI declarations, and everything inside an SPI type, are not the documented surface.
        public = [(top, node, text) for top, node, text in out if "@_spi(" not in text]
        spi = len(out) - len(public)
        top_types = sum(
            1 for top, node, _ in public if top and node["declKind"] in TYPE_KINDS and not node.get("isExternal"))
        print(f"{len(set(t for _, _, t in public))} public declarations, {top_types} top-level types; {spi} SPI")
        return
    for text in sorted(set(text for _, _, text in out)):
        print(text)


main()
