#!/usr/bin/env python3
"""Checks that the library's folders form a one-way graph, and prints it.

    python3 Scripts/check-folder-graph.py [--dot]

Each folder under Sources/FriendlyErrors/ is a node. A folder refers to another when one of its
files names (outside comments and string literals) a type, protocol or typealias declared at the
top level of a file in the other. Fails (exit 1) when two folders refer to each other directly or
around a loop, or when Support/ (the leaf) refers to any folder. Prints the folders in an order in
which each refers only to those before it: the order ARCHITECTURE.md draws.
"""
import os, re, sys
from collections import defaultdict

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "FriendlyErrors")
LEAF = "Support"
DECLARATION = re.compile(
    r"^(?:@[\w()., ]+\s+)*(?:(?:public|package|internal|fileprivate|private|open|final|indirect|nonisolated)"
    r"(?:\([\w ]+\))?\s+)*(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z]\w*)", re.M)
NESTED = re.compile(r"\b(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z]\w*)")
GENERIC = re.compile(r"[<,]\s*([A-Z]\w*)\s*[:>,]")
NAME = re.compile(r"\b[A-Z]\w*\b")


def without_comments_and_strings(source):
    source = re.sub(r"/\*.*?\*/", " ", source, flags=re.S)
    source = re.sub(r'"""(?:.|\n)*?"""', '""', source)
    source = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', source)
    return re.sub(r"//[^\n]*", " ", source)


def main():
    texts, declared_in = {}, defaultdict(set)
    for directory, _, names in os.walk(ROOT):
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            relative = os.path.relpath(path, ROOT)
            folder = relative.split(os.sep)[0] if os.sep in relative else "."
            text = without_comments_and_strings(open(path, encoding="utf-8").read())
            texts[path] = (folder, relative, text)
            for match in DECLARATION.finditer(text):
                declared_in[match.group(1)].add(folder)
    edges = defaultdict(set)
    for folder, relative, text in texts.values():
        own = set(NESTED.findall(text)) | set(GENERIC.findall(text))
        for name in set(NAME.findall(text)) - own:
            for other in declared_in.get(name, ()):
                if other != folder:
                    edges[(folder, other)].add(f"{relative} -> {name}")
    folders = sorted({f for f, _, _ in texts.values()})
    problems = [f"{LEAF}/ refers to {b}/: {sorted(refs)[0]}" for (a, b), refs in sorted(edges.items()) if a == LEAF]
    # Folders in dependency order (Kahn's algorithm); what is left over lies on a loop.
    order, remaining = [], set(folders)
    while True:
        ready = sorted(f for f in remaining if not any((f, o) in edges for o in remaining if o != f))
        if not ready:
            break
        order += ready
        remaining -= set(ready)
    for (a, b), refs in sorted(edges.items()):
        if a in remaining and b in remaining:
            problems.append(f"on a loop: {a}/ -> {b}/ ({len(refs)} references, e.g. {sorted(refs)[0]})")
    if "--dot" in sys.argv:
        print("digraph folders {")
        for (a, b) in sorted(edges):
            print(f'  "{a}" -> "{b}";')
        print("}")
    print("folders, each referring only to those before it: " + " <- ".join(order + sorted(remaining)))
    for folder in order:
        targets = sorted(b for (a, b) in edges if a == folder)
        print(f"  {folder}/ -> {', '.join(t + '/' for t in targets) if targets else '(nothing)'}")
    if problems:
        print("\n".join("error: " + p for p in problems), file=sys.stderr)
        sys.exit(1)
    print(f"one-way: {len(folders)} folders, {len(edges)} edges, no loop, {LEAF}/ refers to no folder")


main()
