#!/usr/bin/env python3
"""Writes every ```swift block of the documentation into a scratch package that compiles them.

    Scripts/samples/extract-samples.py [--output .build-samples] [--list] [--groups FILE] [GROUP...]

Reads Scripts/samples/groups.json. Each group is one scratch package, `<output>/Samples<group>/`
(not `<group>/`: a root package's identity is its folder's name, which must not be a dependency's),
with the group's pages (README.md, DocC articles…), its extra package dependencies and its
preludes; it depends on this package by path. `Scripts/check-samples.sh` builds them.

How a block becomes compilable:

- Each block is its own module (`<Page>_<n>`, n counting the page's Swift blocks from 1), so names
  never clash between blocks. Diagnostics point at the Markdown file and line (`#sourceLocation`).
- Declarations only (types, functions, global `let`s, `@Test` functions) → a library target. A
  later block of the same page sees the names it declares, as a reader of the page would: the
  later module imports each of them it mentions, by name
  (`@testable import enum README_2.StorageError`).
- Top-level statements (or a `let` with `try`/`await`) → an executable target's `main.swift`, the
  way a reader writes a script; `@main` → an executable target. Neither can be imported by a later
  block.
- Names the page uses without defining them — the reader's own app: `pipeline`, `error`,
  `request`… — come from the page's prelude, `Scripts/samples/<group>/<Page>.swift`, if there is
  one; a name a block of the page declares itself wins over the prelude's.
- Every block gets the group's implicit imports (FriendlyErrors, which a sample usually leaves
  out; none for an integration, whose module re-exports the core, so its samples show that one
  import is enough), the imports of the page's earlier blocks (a page reads as one file) and `import Testing`
  when it uses `@Test`; anything else it needs it imports itself.
- Every block is compiled; a block that is not Swift a module can hold says how it is checked instead,
  in an HTML comment on the line before it (GitHub and DocC show nothing of the comment):
  - `<!-- manifest -->`: lines of a `Package.swift` (`dependencies: […], targets: […]`, or `.package(…)` and
    `.product(…)` lines). Wrapped into a whole manifest, `<output>/Manifests/<Page>_<n>/Package.swift`, which
    `Scripts/check-samples.sh` compiles against PackageDescription and validates with
    `swift package dump-package` (every product's package must be among the dependencies).
  - `<!-- compiled in: PAGE, PAGE -->`: lines shown side by side that belong to different frameworks (a
    Hummingbird line beside a Vapor one). Each of its lines must be a line of a compiled block of one of
    those pages (whose groups compile them); checked here, when the block's group is written.
  - `<!-- skipped: REASON -->`: not compiled. The check lists each such block with its reason. Any other
    comment there (the old `<!-- fragment -->`) is an error.
- A block that calls code the app generates says where from, the same way:
  `<!-- generated from: Examples/OpenAPIShop/Sources/ShopClient -->` compiles it as a module with that
  folder's `openapi.yaml` and `openapi-generator-config.yaml` and swift-openapi-generator's build plugin
  (which the group's dependencies must include), so it calls the example's real generated client.
- Code blocks in doc comments (`///`) are symbol documentation, written with the symbol's own parameters:
  they are not compiled. A group's "docComments" (globs of Swift files) are counted, so the check says so.
- Later blocks import earlier ones with `@testable`, so the package is built in debug, as
  `swift build` does by default.

A group of groups.json names the pages, the imports every block of them gets, the products of this
package they use, and any other packages they need. The README of a package that needs its own
framework (Integrations/<Name>/README.md, Examples/<Name>/README.md) is a group such as

    {"name": "Hummingbird", "pages": ["Integrations/FriendlyErrorsHummingbird/README.md"],
     "implicitImports": [], "products": ["FriendlyErrors"],
     "dependencies": [".package(url: \"https://github.com/hummingbird-project/hummingbird.git\", from: \"2.28.1\")",
                      ".package(path: \"{root}/Integrations/FriendlyErrorsHummingbird\")"],
     "extraProducts": [".product(name: \"Hummingbird\", package: \"hummingbird\"), …"],
     "scratchPath": "Examples/HummingbirdShop/.build-hb",
     "pinsFrom": "Examples/HummingbirdShop/Package.resolved"}

An integration's product in "extraProducts" (`package: "FriendlyErrors…"`, the folder's package) must
appear in the group's pages as published — `package: "swift-friendly-errors-…"`, the name in the
integration's Package.swift, with its `.package(url: "…/swift-friendly-errors-….git", from: …)` line:
its README says what a user adds to their Package.swift.

`{root}` in a dependency is this package's folder, relative to the scratch package. "scratchPath"
(relative to the root) is where the scratch package is built: the integration's own build folder,
which CI has just built, so the framework is not built a second time; the dependencies are spelt as
in the integration's Package.swift, and the integration's pins ("pinsFrom", copied when it exists)
resolve the same versions, so every dependency's module is already up to date there. If the samples
use names they do not define, a prelude `Scripts/samples/Hummingbird/README.swift` (or
`Prelude.swift`, for every page of the group) declares them.

`<output>/packages.tsv` lists the scratch packages written, one a line: the package's folder and the
scratch path to build it with (empty: the package's own `.build`). `<output>/manifests.tsv` lists the
wrapped manifests, one a line: the folder and the Markdown file and line the fragment starts on.
"""

import argparse
import glob
import hashlib
import json
import os
import re
import shutil
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
# How a block that is not compiled as a module is checked (the comment on the line before it).
MARKER = re.compile(r"^<!--\s*(manifest|compiled in:|skipped:|generated from:|fragment)\s*(.*?)\s*-->$")
# The build plugin that a `<!-- generated from: FOLDER -->` block's module runs, and the files of FOLDER it reads.
GENERATOR_PLUGIN = '.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")'
GENERATOR_FILES = ["openapi.yaml", "openapi-generator-config.yaml"]

with open(os.path.join(ROOT, "Package.swift"), encoding="utf-8") as manifest:
    # The samples compile with the upcoming features of the root package's own targets.
    UPCOMING_FEATURES = re.findall(r'enableUpcomingFeature\("(\w+)"\)', manifest.read())

MODIFIERS = {
    "public", "private", "fileprivate", "internal", "package", "open", "final", "nonisolated",
    "indirect", "static", "mutating", "nonmutating", "convenience", "required", "override", "lazy",
}
# Declaration keyword → the kind a scoped import names it by (None: cannot be imported by name).
DECLARATIONS = {
    "let": "var", "var": "var", "func": "func", "struct": "struct", "enum": "enum", "class": "class",
    "actor": "class", "protocol": "protocol", "typealias": "typealias", "extension": None,
}


class Block:
    def __init__(self, page, index, line, text):
        self.page = page          # path relative to the root
        self.index = index        # 1-based among the page's Swift blocks
        self.line = line          # line of the first code line in the page
        self.text = text
        self.fragment = None       # None (a module), "manifest", "compiled in" or "skipped"
        self.generated_from = None  # a module: the folder whose OpenAPI document its code is generated from
        self.argument = ""         # the pages of "compiled in", the reason of "skipped"
        self.module = ""
        self.kind = "library"     # library | script (main.swift) | main (@main)
        self.names = {}           # top-level name → scoped-import kind
        self.uses_testing = False


def swift_blocks(page):
    """The ```swift blocks of a Markdown file, or of a Swift file's `///` doc comments, with the line
    their code starts on."""
    with open(os.path.join(ROOT, page), encoding="utf-8") as file:
        lines = file.read().split("\n")
    if page.endswith(".swift"):
        # Doc comments are Markdown too; any other line is no part of one.
        lines = [re.sub(r"^\s*/// ?", "", line) if re.match(r"^\s*///", line) else "" for line in lines]
    blocks = []
    number = 0
    i = 0
    while i < len(lines):
        opening = re.match(r"^(\s*)(`{3,}|~{3,})\s*(\S*)(.*)$", lines[i])
        if not opening:
            i += 1
            continue
        indent, fence, language = opening.group(1), opening.group(2), opening.group(3)
        end = i + 1
        while end < len(lines) and not re.match(r"^\s*" + re.escape(fence[0]) + "{%d,}\\s*$" % len(fence), lines[end]):
            end += 1
        if language == "swift":
            number += 1
            code = [line[len(indent):] if line.startswith(indent) else line.lstrip() for line in lines[i + 1:end]]
            block = Block(page, number, i + 2, "\n".join(code) + "\n")
            previous = i - 1
            while previous >= 0 and not lines[previous].strip():
                previous -= 1
            marker = MARKER.match(lines[previous].strip()) if previous >= 0 else None
            if marker:
                kind = marker.group(1).rstrip(":")
                if kind == "fragment":
                    sys.exit("error: %s:%d: `<!-- fragment -->` is gone: say how the block is checked "
                             "(`<!-- manifest -->`, `<!-- compiled in: PAGE -->`, `<!-- skipped: REASON -->`)"
                             % (page, previous + 1))
                if kind != "manifest" and not marker.group(2):
                    sys.exit("error: %s:%d: `<!-- %s: … -->` needs its pages or its reason" % (page, previous + 1, kind))
                if kind == "generated from":
                    block.generated_from = marker.group(2)
                else:
                    block.fragment, block.argument = kind, marker.group(2)
            blocks.append(block)
        i = end + 1
    return blocks


def top_level_lines(text):
    """The lines of `text` that start at nesting depth 0 outside strings and comments, with their
    index; also whether the text ends inside something."""
    depth = 0
    result = []
    state = []   # stack: "code" (inside an interpolation, its paren depth tracked), '"', '"""', "/*"
    interpolation_depths = []
    lines = text.split("\n")
    for number, line in enumerate(lines):
        if depth == 0 and not state:
            result.append((number, line))
        i = 0
        while i < len(line):
            c = line[i]
            top = state[-1] if state else None
            if top == "/*":
                if line.startswith("*/", i):
                    state.pop()
                    i += 2
                    continue
                i += 1
                continue
            if top in ('"', '"""'):
                if c == "\\" and line.startswith("\\(", i):
                    state.append("code")
                    interpolation_depths.append(depth)
                    depth += 1
                    i += 2
                    continue
                if c == "\\":
                    i += 2
                    continue
                if top == '"""' and line.startswith('"""', i):
                    state.pop()
                    i += 3
                    continue
                if top == '"' and c == '"':
                    state.pop()
                i += 1
                continue
            # code
            if line.startswith("//", i):
                break
            if line.startswith("/*", i):
                state.append("/*")
                i += 2
                continue
            if line.startswith('"""', i):
                state.append('"""')
                i += 3
                continue
            if c == '"':
                state.append('"')
            elif c in "([{":
                depth += 1
            elif c in ")]}":
                depth -= 1
                if top == "code" and interpolation_depths and depth == interpolation_depths[-1]:
                    interpolation_depths.pop()
                    state.pop()
            i += 1
    return result


def classify(block):
    """Sets the block's kind, the names it declares at the top level and whether it uses Testing."""
    text = block.text
    block.uses_testing = bool(re.search(r"@Test\b|#expect\b|#require\b", text))
    starts = []
    previous = ""
    for number, line in top_level_lines(text):
        stripped = line.strip()
        if not stripped or stripped.startswith("//"):
            continue
        continuation = re.match(r"^([.)\]}?:]|&&|\|\||[-+*/%=<>!]=?\s|->|in\b|where\b|else\b)", stripped) or \
            re.search(r"([=,(\[{]|&&|\|\||->)\s*$", re.sub(r"//.*$", "", previous))
        previous = stripped
        if not continuation:
            starts.append((number, stripped))
    lines = text.split("\n")
    statements = False
    for position, (number, stripped) in enumerate(starts):
        end = starts[position + 1][0] if position + 1 < len(starts) else len(lines)
        item = "\n".join(lines[number:end])
        words = re.findall(r"@\w+(?:\([^)]*\))?|[#\w]+", stripped)
        attributes = [word for word in words if word.startswith("@")]
        keywords = [word for word in words if not word.startswith("@")]
        while keywords and keywords[0] in MODIFIERS:
            keywords.pop(0)
        keyword = keywords[0] if keywords else ""
        if "@main" in attributes:
            block.kind = "main"
        if keyword == "import" or keyword.startswith("#"):
            continue
        if keyword not in DECLARATIONS:
            statements = True
            continue
        if keyword in ("let", "var") and re.search(r"\b(try|await)\b", item):
            statements = True
            continue
        scoped_kind = DECLARATIONS[keyword]
        if scoped_kind and len(keywords) > 1:
            name = keywords[1]
            if keyword in ("let", "var") and stripped.split(keyword, 1)[1].lstrip().startswith("("):
                continue   # a tuple pattern: not importable by one name
            block.names[name] = scoped_kind
    if statements and block.kind != "main":
        block.kind = "script"


def page_stem(page, pages):
    """The name `page` gives its modules: its file's name (`README`), or, when an earlier page of the group has
    that name too, its folder's and its own (`FriendlyErrorsAdapters_README`)."""
    stem = re.sub(r"\W", "_", os.path.splitext(os.path.basename(page))[0])
    earlier = pages[:pages.index(page)]
    if any(os.path.basename(other) == os.path.basename(page) for other in earlier):
        stem = re.sub(r"\W", "_", os.path.basename(os.path.dirname(page))) + "_" + stem
    return stem


def module_name(page, index, stem=None):
    stem = stem or re.sub(r"\W", "_", os.path.splitext(os.path.basename(page))[0])
    return stem + "_%d" % index


def swift_string(text):
    return json.dumps(text)


def package_folder(output, group):
    """The group's scratch package. Its folder's name is the root package's identity, so it is not the
    group's name alone, which may be a dependency's (`Vapor` would be `vapor`'s)."""
    return os.path.join(output, "Samples" + group["name"])


def wrap_manifest(block, folder):
    """Writes the manifest fragment `block` as a whole `Package.swift` in `folder`: its arguments
    (`dependencies: […], targets: […]`) as `Package`'s, or its `.package(…)` lines as the dependencies
    and its `.product(…)` lines as one target's."""
    code = [line for line in block.text.split("\n") if line.strip() and not line.strip().startswith("//")]
    if any(re.match(r"^(dependencies|targets|products|platforms):", line) for line in code):
        arguments = "\n".join("    " + line for line in code)
    else:
        packages = [line.strip() for line in code if line.strip().startswith(".package(")]
        products = [line.strip() for line in code if line.strip().startswith(".product(")]
        if len(packages) + len(products) != len(code) or not packages:
            sys.exit("error: %s:%d: a `<!-- manifest -->` block is either Package's arguments or "
                     "`.package(…)` and `.product(…)` lines" % (block.page, block.line))
        arguments = "    dependencies: [\n%s\n    ],\n    targets: [\n        .target(name: \"App\", dependencies: [\n%s\n        ]),\n    ]," % (
            "\n".join("        " + line for line in packages), "\n".join("            " + line for line in products))
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "Package.swift"), "w", encoding="utf-8") as file:
        file.write("// swift-tools-version:6.1\n// %s, Swift block %d (line %d): the fragment wrapped as a manifest.\n"
                   "import PackageDescription\n\nlet package = Package(\n    name: \"Fragment\",\n"
                   "    platforms: [.macOS(.v15)],\n%s\n)\n" % (block.page, block.index, block.line, arguments))


def code_lines(text):
    """The lines of `text` without their `//` comments and surrounding blanks, empty ones left out."""
    lines = []
    for line in text.split("\n"):
        stripped = re.sub(r"\s+//.*$", "", line).strip()
        if stripped and not stripped.startswith("//"):
            lines.append(stripped)
    return lines


def check_compiled_in(block):
    """Each line of `block` must be a line of a compiled block of the pages it names."""
    pages = [page.strip() for page in block.argument.split(",") if page.strip()]
    known = set()
    for page in pages:
        if not os.path.isfile(os.path.join(ROOT, page)):
            sys.exit("error: %s:%d: `compiled in` names %s, which does not exist" % (block.page, block.line - 1, page))
        for other in swift_blocks(page):
            if other.fragment is None:
                known.update(code_lines(other.text))
    for offset, line in enumerate(block.text.split("\n")):
        for code in code_lines(line):
            if code not in known:
                sys.exit("error: %s:%d: this line is in no compiled block of %s: %s" %
                         (block.page, block.line + offset, ", ".join(pages), code))


def write_group(group, output):
    pages = []
    for pattern in group["pages"]:
        matches = sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True))
        if not matches:
            sys.exit("error: samples group %s: no page matches %s" % (group["name"], pattern))
        pages += [os.path.relpath(match, ROOT) for match in matches]
    # An integration's README names the product and package a user adds as they are published: the samples
    # are built against the folder (`package: "FriendlyErrorsVapor"`), a user adds the repository named like
    # the package in the integration's Package.swift (`package: "swift-friendly-errors-vapor"`, by URL).
    texts = "".join(open(os.path.join(ROOT, page), encoding="utf-8").read() for page in pages)
    for product in group.get("extraProducts", []):
        folder = re.search(r'package: "(FriendlyErrors\w+)"', product)
        if not folder:
            continue
        with open(os.path.join(ROOT, "Integrations", folder.group(1), "Package.swift"), encoding="utf-8") as file:
            published = re.search(r'\bname: "([^"]+)"', file.read()).group(1)
        wanted = [product.replace('package: "%s"' % folder.group(1), 'package: "%s"' % published),
                  '/%s.git", from: ' % published]
        for text in wanted:
            if text not in texts:
                sys.exit("error: samples group %s: no page names what a user adds, %s" % (group["name"], text))
    package = package_folder(output, group)
    sources = os.path.join(package, "Sources")
    if os.path.isdir(sources):
        shutil.rmtree(sources)
    os.makedirs(sources)
    prelude_folder = os.path.join(ROOT, "Scripts", "samples", group["name"])
    root_from_package = os.path.relpath(ROOT, package)
    products = ['.product(name: "%s", package: "swift-friendly-errors")' % name for name in group["products"]]
    products += group.get("extraProducts", [])
    targets = []
    compiled = []
    manifests = []
    for page in pages:
        stem = page_stem(page, pages)
        prelude = None
        prelude_file = os.path.join(prelude_folder, stem + ".swift")
        if not os.path.isfile(prelude_file):   # a page named like an earlier one: the name's prelude
            prelude_file = os.path.join(prelude_folder, os.path.splitext(os.path.basename(page))[0] + ".swift")
        if not os.path.isfile(prelude_file):
            prelude_file = os.path.join(prelude_folder, "Prelude.swift")   # the group's, for every page
        if os.path.isfile(prelude_file):
            prelude = stem + "Prelude"
            os.makedirs(os.path.join(sources, prelude))
            with open(prelude_file, encoding="utf-8") as file:
                prelude_text = file.read()
            with open(os.path.join(sources, prelude, prelude + ".swift"), "w", encoding="utf-8") as file:
                file.write("#sourceLocation(file: %s, line: 1)\n" % swift_string(os.path.abspath(prelude_file)))
                file.write(prelude_text)
            targets.append((prelude, "target", [], products, []))
        visible = {}   # name → (module, kind): what earlier library blocks of the page declare
        page_imports = []   # what earlier blocks of the page import
        for block in swift_blocks(page):
            block.module = module_name(page, block.index, stem)
            if block.fragment == "manifest":
                wrap_manifest(block, os.path.join(output, "Manifests", block.module))
                manifests.append((os.path.join(output, "Manifests", block.module), "%s:%d" % (page, block.line)))
            if block.fragment == "compiled in":
                check_compiled_in(block)
            if block.fragment:
                compiled.append(block)
                continue
            classify(block)
            header = ["// %s, Swift block %d (line %d). Generated by Scripts/samples/extract-samples.py." %
                      (page, block.index, block.line)]
            imports = group["implicitImports"] + page_imports + (["Testing"] if block.uses_testing else [])
            header += [name if " " in name else "import %s" % name for name in dict.fromkeys(imports)]
            page_imports += re.findall(r"^import\s+(\w+)\s*$", block.text, re.MULTILINE)
            if prelude:
                header.append("@testable import %s" % prelude)
            dependencies = [prelude] if prelude else []
            used = set(re.findall(r"\w+", block.text))
            for name, (module, kind) in sorted(visible.items()):
                if name in block.names or name not in used:
                    continue
                header.append("@testable import %s %s.%s" % (kind, module, name))
                if module not in dependencies:
                    dependencies.append(module)
            folder = os.path.join(sources, block.module)
            os.makedirs(folder)
            filename = "main.swift" if block.kind == "script" else block.module + ".swift"
            with open(os.path.join(folder, filename), "w", encoding="utf-8") as file:
                file.write("\n".join(header) + "\n")
                file.write("#sourceLocation(file: %s, line: %d)\n" %
                           (swift_string(os.path.join(ROOT, page)), block.line))
                file.write(block.text)
                file.write("#sourceLocation()\n")
            plugins = []
            if block.generated_from:
                # The generator reads its document and configuration from the target's folder, as in the example.
                if not any("swift-openapi-generator" in dependency for dependency in group.get("dependencies", [])):
                    sys.exit("error: %s:%d: `generated from` needs swift-openapi-generator among the dependencies "
                             "of samples group %s" % (page, block.line - 1, group["name"]))
                for name in GENERATOR_FILES:
                    source = os.path.join(ROOT, block.generated_from, name)
                    if not os.path.isfile(source):
                        sys.exit("error: %s:%d: `generated from` names %s, which has no %s" %
                                 (page, block.line - 1, block.generated_from, name))
                    shutil.copyfile(source, os.path.join(folder, name))
                plugins.append(GENERATOR_PLUGIN)
            target_type = "target" if block.kind == "library" else "executableTarget"
            targets.append((block.module, target_type, dependencies, products, plugins))
            if block.kind == "library":
                for name, kind in block.names.items():
                    visible[name] = (block.module, kind)
            compiled.append(block)
    manifest = [
        "// swift-tools-version:6.1",
        "// Generated by Scripts/samples/extract-samples.py from Scripts/samples/groups.json: do not edit.",
        "",
        "import PackageDescription",
        "",
        "let package = Package(",
        "    name: %s," % swift_string("Samples" + group["name"]),
        "    platforms: [.macOS(.v15)],",
        "    dependencies: [",
        "        .package(name: \"swift-friendly-errors\", path: %s)," % swift_string(root_from_package),
    ]
    manifest += ["        %s," % dependency.replace("{root}", root_from_package)
                 for dependency in group.get("dependencies", [])]
    manifest += ["    ],", "    targets: ["]
    for name, target_type, dependencies, target_products, plugins in targets:
        listed = [swift_string(dependency) for dependency in dependencies] + target_products
        manifest.append("        .%s(name: %s, dependencies: [%s]%s)," %
                        (target_type, swift_string(name), ", ".join(listed),
                         ", plugins: [%s]" % ", ".join(plugins) if plugins else ""))
    manifest += [
        "    ],",
        "    swiftLanguageModes: [.v6]",
        ")",
        "",
        "for target in package.targets {",
        "    target.swiftSettings = [",
    ]
    manifest += ["        .enableUpcomingFeature(%s)," % swift_string(feature) for feature in UPCOMING_FEATURES]
    manifest += ["    ]", "}", ""]
    with open(os.path.join(package, "Package.swift"), "w", encoding="utf-8") as file:
        file.write("\n".join(manifest))
    # The versions the integration's own build resolved, so that sharing its scratch path rebuilds nothing.
    # SwiftPM trusts a Package.resolved whose originHash is the SHA-256 of the root manifest: with it,
    # the build checks the pins against the checkouts instead of resolving every dependency again.
    pins = os.path.join(package, "Package.resolved")
    if os.path.exists(pins):
        os.remove(pins)
    if group.get("pinsFrom") and os.path.isfile(os.path.join(ROOT, group["pinsFrom"])):
        with open(os.path.join(ROOT, group["pinsFrom"]), encoding="utf-8") as file:
            resolved = json.load(file)
        resolved["originHash"] = hashlib.sha256("\n".join(manifest).encode("utf-8")).hexdigest()
        with open(pins, "w", encoding="utf-8") as file:
            json.dump(resolved, file, indent=2)
            file.write("\n")
    return compiled, manifests


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--output", default=os.path.join(ROOT, ".build-samples"))
    parser.add_argument("--list", action="store_true", help="print each block, its module and kind")
    parser.add_argument("--groups", default=os.path.join(ROOT, "Scripts", "samples", "groups.json"),
                        help="the groups to write (default: Scripts/samples/groups.json)")
    parser.add_argument("names", nargs="*", metavar="GROUP", help="only these groups (default: every group)")
    arguments = parser.parse_args()
    with open(arguments.groups, encoding="utf-8") as file:
        groups = json.load(file)["groups"]
    unknown = set(arguments.names) - {group["name"] for group in groups}
    if unknown:
        sys.exit("error: no samples group %s in %s" % (", ".join(sorted(unknown)), arguments.groups))
    groups = [group for group in groups if not arguments.names or group["name"] in arguments.names]
    output = os.path.abspath(arguments.output)
    os.makedirs(output, exist_ok=True)
    with open(os.path.join(output, "packages.tsv"), "w", encoding="utf-8") as file:
        for group in groups:
            scratch = os.path.join(ROOT, group["scratchPath"]) if group.get("scratchPath") else ""
            file.write("%s\t%s\n" % (package_folder(output, group), scratch))
    manifest_folder = os.path.join(output, "Manifests")
    if os.path.isdir(manifest_folder):
        shutil.rmtree(manifest_folder)
    all_manifests = []
    for group in groups:
        blocks, manifests = write_group(group, output)
        all_manifests += manifests
        count = lambda kind: len([block for block in blocks if block.fragment == kind])
        print("%s: %d Swift blocks: %d compiled as modules in %s, %d manifests (dump-package), "
              "%d checked line by line against compiled blocks, %d skipped" %
              (group["name"], len(blocks), count(None), package_folder(arguments.output, group),
               count("manifest"), count("compiled in"), count("skipped")))
        documented = []
        for pattern in group.get("docComments", []):
            for path in sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True)):
                page = os.path.relpath(path, ROOT)
                documented += [(page, block) for block in swift_blocks(page)]
        if documented:
            print("  not compiled: %d Swift block(s) in doc comments of %s (symbol documentation, fragments "
                  "written with the documented symbol's own parameters and values)" %
                  (len(documented), ", ".join(group["docComments"])))
            if arguments.list:
                for page, block in documented:
                    print("  %s:%d  not compiled (doc comment)" % (page, block.line))
        for block in blocks:
            if arguments.list or block.fragment:
                kind = {None: block.kind + (" with the code generated from " + block.generated_from
                                            if block.generated_from else ""),
                        "manifest": "manifest (wrapped, swift package dump-package)",
                        "compiled in": "lines compiled in " + block.argument,
                        "skipped": "SKIPPED: " + block.argument}[block.fragment]
                print("  %s:%d  %s  %s" % (block.page, block.line, block.module, kind))
    with open(os.path.join(output, "manifests.tsv"), "w", encoding="utf-8") as file:
        for folder, location in all_manifests:
            file.write("%s\t%s\n" % (folder, location))


if __name__ == "__main__":
    main()
