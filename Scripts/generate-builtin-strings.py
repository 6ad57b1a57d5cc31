#!/usr/bin/env python3
"""Compiles the Localization/ folder into Swift sources, so a binary carries its texts.

Bundle.module traps when its resource folder is missing beside a moved binary; embedding the
.strings files as text avoids resources altogether. Each file goes in verbatim, so a test can check the
embedded text equals the folder. The library's own texts (FriendlyErrors.strings) also go in as tables of
string literals, which the built-in catalog is made of: a literal is never reference-counted, so alerts on
many threads write no count of a text they share (issue 45). A test checks the tables give the catalog
the library's own parser reads from the verbatim files.

Usage: Scripts/generate-builtin-strings.py            (rewrites both generated files)
       Scripts/generate-builtin-strings.py --check    (exit 1 if a generated file is stale)
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = [
    # (table, Swift file, enum name, access level, literal tables)
    ("FriendlyErrors", "Sources/FriendlyErrors/Localization/Catalogs/BuiltInStrings.generated.swift", "BuiltInStrings", "", True),
    ("Demo", "Sources/friendly-errors/Demo/DemoStrings.generated.swift", "DemoStrings", "", False),
]


def parse_strings(text, path):
    """The entries of a .strings file: (key, value, line, column of the key's opening quote), in file order.

    Only what the library's own files use: comments, quoted keys and values, and the escapes \\ \" \n \t;
    anything else stops the script (extend it, and the test that compares with the library's parser)."""
    entries = []
    index, line, line_start = 0, 1, 0

    def fail(message):
        sys.exit(f"{path}:{line}: {message} (Scripts/generate-builtin-strings.py reads a simple subset of .strings)")

    def skip_space():
        nonlocal index, line, line_start
        while index < len(text):
            if text.startswith("/*", index):
                end = text.find("*/", index + 2)
                if end < 0:
                    fail("unterminated comment")
                for position in range(index, end + 2):
                    if text[position] == "\n":
                        line, line_start = line + 1, position + 1
                index = end + 2
            elif text.startswith("//", index):
                end = text.find("\n", index)
                index = len(text) if end < 0 else end
            elif text[index] in " \t\r\n":
                if text[index] == "\n":
                    line, line_start = line + 1, index + 1
                index += 1
            else:
                return

    def quoted():
        nonlocal index
        if index >= len(text) or text[index] != '"':
            fail("expected a quoted string")
        index += 1
        value = []
        while True:
            if index >= len(text) or text[index] == "\n":
                fail("unterminated string")
            character = text[index]
            if character == '"':
                index += 1
                return "".join(value)
            if character == "\\":
                escape = text[index + 1] if index + 1 < len(text) else ""
                escapes = {"\\": "\\", '"': '"', "n": "\n", "t": "\t"}
                if escape not in escapes:
                    fail(f"unsupported escape \\{escape}")
                value.append(escapes[escape])
                index += 2
                continue
            value.append(character)
            index += 1

    def expect(character):
        nonlocal index
        skip_space()
        if index >= len(text) or text[index] != character:
            fail(f"expected '{character}'")
        index += 1

    seen = set()
    while True:
        skip_space()
        if index >= len(text):
            return entries
        key_line, key_column = line, index - line_start + 1
        key = quoted()
        expect("=")
        skip_space()
        value = quoted()
        expect(";")
        if key in seen:
            fail(f"duplicate key {key}")
        seen.add(key)
        entries.append((key, value, key_line, key_column))


def swift_literal(text):
    out = []
    for character in text:
        if character == "\\":
            out.append("\\\\")
        elif character == '"':
            out.append('\\"')
        elif character == "\n":
            out.append("\\n")
        elif character == "\t":
            out.append("\\t")
        elif ord(character) < 0x20 or ord(character) == 0x7F:
            out.append("\\u{%X}" % ord(character))
        else:
            out.append(character)
    return '"' + "".join(out) + '"'


def identifier(language):
    parts = language.replace("_", "-").split("-")
    return parts[0] + "".join(part[:1].upper() + part[1:] for part in parts[1:])


def literal_tables(table, files, access):
    lines = [
        "",
        "    /// Each language's entries as string literals, parsed from the same files by the script: the built-in",
        "    /// catalog's texts. A literal is never reference-counted, so alerts on many threads write no count of a",
        "    /// text they share (issue 45). `texts` holds key, text, key, text… in file order, `positions` the line",
        "    /// and column of each key (as the library's parser reports them).",
        f"    {access}static let literalTables: [(language: String, name: String, texts: [String], positions: [Int32])] = [",
    ]
    for language, name, _ in files:
        lines.append(
            f'        (language: "{language}", name: "{name}", texts: {identifier(language)}, positions: {identifier(language)}Positions),'
        )
    lines.append("    ]")
    for language, name, text in files:
        entries = parse_strings(text, name)
        lines.append("")
        lines.append(f"    private static let {identifier(language)}: [String] = [")
        for key, value, _, _ in entries:
            lines.append(f"        {swift_literal(key)}, {swift_literal(value)},")
        lines.append("    ]")
        lines.append(f"    private static let {identifier(language)}Positions: [Int32] = [")
        for _, _, key_line, key_column in entries:
            lines.append(f"        {key_line}, {key_column},")
        lines.append("    ]")
    return lines


def swift_source(table, enum_name, access, literals):
    folder = os.path.join(ROOT, "Localization")
    languages = sorted(d[: -len(".lproj")] for d in os.listdir(folder) if d.endswith(".lproj"))
    languages.sort(key=lambda name: (name != "en", name))
    lines = [
        f"// Generated by Scripts/generate-builtin-strings.py from Localization/*.lproj/{table}.strings.",
        "// Do not edit: change the .strings files and run the script (a test checks this file is current).",
        "",
        f"{access}enum {enum_name} {{",
        "    /// Each language's file, verbatim: (language, path in the repository, contents).",
        f"    {access}static let files: [(language: String, name: String, contents: String)] = [",
    ]
    files = []
    for language in languages:
        path = os.path.join(folder, f"{language}.lproj", f"{table}.strings")
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        files.append((language, f"Localization/{language}.lproj/{table}.strings", text))
        hashes = "#"
        while f'"{hashes}' in text or f'"""{hashes}' in text:
            hashes += "#"
        lines.append(f'        (language: "{language}", name: "Localization/{language}.lproj/{table}.strings", contents: {hashes}"""')
        for line in text.split("\n"):
            lines.append(line)
        # The closing delimiter's indentation must not strip content, so it stands at column 0.
        lines[-1] = lines[-1] + f'"""{hashes}),' if lines[-1] == "" else lines[-1]
        if not lines[-1].endswith("),"):
            lines.append(f'"""{hashes}),')
    lines.append("    ]")
    if literals:
        lines += literal_tables(table, files, access)
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    check = "--check" in sys.argv
    stale = False
    for table, relative, enum_name, access, literals in TARGETS:
        path = os.path.join(ROOT, relative)
        source = swift_source(table, enum_name, access, literals)
        current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if current == source:
            continue
        if check:
            print(f"{relative} is stale: run Scripts/generate-builtin-strings.py", file=sys.stderr)
            stale = True
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(source)
            print(f"wrote {relative}")
    sys.exit(1 if stale else 0)


if __name__ == "__main__":
    main()
