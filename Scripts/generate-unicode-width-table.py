#!/usr/bin/env python3
"""Generate Sources/FriendlyErrors/Presentation/Console/UnicodeWidthTable.generated.swift.

The console presenter measures text in terminal columns. Swift on Linux exports no wcwidth (and
glibc's answers depend on the locale), so the package carries its own tables, derived here from the
Unicode Character Database as Debian ships it:

    apt-get install -y unicode-data     # files under /usr/share/unicode/

Files read (all must carry the same Unicode version, which the Swift file records):
    EastAsianWidth.txt                      W and F -> 2 columns (UAX #11)
    extracted/DerivedEastAsianWidth.txt     @missing defaults: unassigned CJK code points are W
    extracted/DerivedGeneralCategory.txt    Mn, Me, Cf -> 0 columns
    PropList.txt                            Prepended_Concatenation_Mark stays visible (1 column)
    emoji/emoji-data.txt                    Emoji, Emoji_Presentation, Emoji_Modifier, Extended_Pictographic

Usage:
    Scripts/generate-unicode-width-table.py [--data DIR] [--output FILE] [--check]

--check exits with status 1 when FILE differs from what would be generated (for CI).
"""

import argparse
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = ROOT / "Sources/FriendlyErrors/Presentation/Console/UnicodeWidthTable.generated.swift"
DEFAULT_DATA = pathlib.Path("/usr/share/unicode")
GENERATOR = "Scripts/generate-unicode-width-table.py"

# Soft hyphen is Cf, but terminals draw it as a hyphen in its own cell (glibc's wcwidth says 1 too);
# counting it as 1 can only make a line shorter than allowed, never longer.
VISIBLE_FORMAT_CHARACTERS = {0x00AD}

# Hangul Jamo medial vowels and final consonants (conjoining V and T) have EAW N but render inside
# the cell of the leading consonant that precedes them.
CONJOINING_JAMO = [(0x1160, 0x11FF), (0xD7B0, 0xD7FF)]

LINE = re.compile(r"^\s*([0-9A-Fa-f]{4,6})(?:\.\.([0-9A-Fa-f]{4,6}))?\s*;\s*([A-Za-z_]+)")
MISSING = re.compile(r"^#\s*@missing:\s*([0-9A-Fa-f]{4,6})\.\.([0-9A-Fa-f]{4,6})\s*;\s*([A-Za-z_]+)")


def read_version(path, pattern):
    with open(path, encoding="utf-8") as handle:
        for _ in range(12):
            match = re.search(pattern, handle.readline())
            if match:
                return match.group(1)
    sys.exit(f"error: no Unicode version found in the header of {path}")


def read_ranges(path, wanted, include_missing=False):
    """Return {property value: [(first, last)]} for the values in `wanted`."""
    result = {value: [] for value in wanted}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            match = MISSING.match(line) if include_missing else None
            match = match or LINE.match(line)
            if not match:
                continue
            first = int(match.group(1), 16)
            last = int(match.group(2), 16) if match.group(2) else first
            value = match.group(3)
            if value in result:
                result[value].append((first, last))
    return result


def to_set(ranges):
    points = set()
    for first, last in ranges:
        points.update(range(first, last + 1))
    return points


def merge(points):
    """Sorted, merged, non-overlapping (first, last) ranges."""
    ranges = []
    for point in sorted(points):
        if ranges and ranges[-1][1] + 1 == point:
            ranges[-1][1] = point
        else:
            ranges.append([point, point])
    return [(first, last) for first, last in ranges]


def swift_table(name, comment, ranges):
    lines = [f"    /// {line}" for line in comment.split("\n")]
    count = f"{len(ranges)} range" + ("" if len(ranges) == 1 else "s")
    lines.append(f"    /// {count}, stored flat as `first, last` pairs sorted by `first`.")
    lines.append(f"    static let {name}: [UInt32] = [")
    row = []
    for first, last in ranges:
        row.append(f"0x{first:05X}, 0x{last:05X},")
        if len(row) == 6:
            lines.append("        " + " ".join(row))
            row = []
    if row:
        lines.append("        " + " ".join(row))
    lines.append("    ]")
    return "\n".join(lines)


def generate(data):
    versions = {
        "EastAsianWidth.txt": read_version(data / "EastAsianWidth.txt", r"EastAsianWidth-(\d+\.\d+\.\d+)"),
        "DerivedEastAsianWidth.txt": read_version(
            data / "extracted/DerivedEastAsianWidth.txt", r"DerivedEastAsianWidth-(\d+\.\d+\.\d+)"),
        "DerivedGeneralCategory.txt": read_version(
            data / "extracted/DerivedGeneralCategory.txt", r"DerivedGeneralCategory-(\d+\.\d+\.\d+)"),
        "PropList.txt": read_version(data / "PropList.txt", r"PropList-(\d+\.\d+\.\d+)"),
    }
    if len(set(versions.values())) != 1:
        sys.exit(f"error: the data files disagree on the Unicode version: {versions}")
    version = next(iter(versions.values()))
    emoji_version = read_version(data / "emoji/emoji-data.txt", r"Emoji Version (\d+\.\d+)")
    if not version.startswith(emoji_version + "."):
        sys.exit(f"error: emoji-data.txt is for Emoji {emoji_version}, the rest for Unicode {version}")

    east_asian = read_ranges(data / "EastAsianWidth.txt", ["W", "F"])
    # Unassigned code points in the CJK blocks and planes 2-3 default to W: a future ideograph
    # rendered by a newer terminal font then still measures 2.
    derived_missing = read_ranges(data / "extracted/DerivedEastAsianWidth.txt", ["Wide", "Fullwidth"],
                                  include_missing=True)
    categories = read_ranges(data / "extracted/DerivedGeneralCategory.txt", ["Mn", "Me", "Cf"])
    prop_list = read_ranges(data / "PropList.txt", ["Prepended_Concatenation_Mark"])
    emoji = read_ranges(data / "emoji/emoji-data.txt",
                        ["Emoji", "Emoji_Presentation", "Emoji_Modifier", "Extended_Pictographic"])

    zero = to_set(categories["Mn"] + categories["Me"] + categories["Cf"] + CONJOINING_JAMO)
    zero |= {0x200B}
    zero -= VISIBLE_FORMAT_CHARACTERS
    zero -= to_set(prop_list["Prepended_Concatenation_Mark"])

    wide = to_set(east_asian["W"] + east_asian["F"] + derived_missing["Wide"] + derived_missing["Fullwidth"])
    wide |= to_set(emoji["Emoji_Presentation"])
    # Combining marks that EAW calls W (U+302A..U+302D, U+3099..U+309A) draw on the previous cell.
    wide -= zero

    tables = [
        ("zeroWidth",
         "Zero columns: Mn, Me, Cf (less U+00AD and Prepended_Concatenation_Mark), U+200B,\n"
         "and the conjoining Hangul V and T jamo.",
         merge(zero)),
        ("wide", "Two columns: East_Asian_Width W or F (with the @missing defaults), or Emoji_Presentation=Yes,\n"
         "less the zero-width marks that EAW also calls W.",
         merge(wide)),
        ("emoji", "Emoji=Yes: a following U+FE0F asks for the two-column emoji presentation.",
         merge(to_set(emoji["Emoji"]))),
        ("emojiModifier", "Emoji_Modifier=Yes (skin tones).", merge(to_set(emoji["Emoji_Modifier"]))),
        ("extendedPictographic", "Extended_Pictographic=Yes: bases of emoji modifier and ZWJ sequences.",
         merge(to_set(emoji["Extended_Pictographic"]))),
    ]

    parts = [
        "// GENERATED FILE - DO NOT EDIT.",
        f"// Generated by {GENERATOR} from the Unicode {version} Character Database",
        "// (Debian package unicode-data: EastAsianWidth.txt, extracted/DerivedEastAsianWidth.txt,",
        "// extracted/DerivedGeneralCategory.txt, PropList.txt, emoji/emoji-data.txt).",
        "// To update: install the newer data files and run the script again.",
        "",
        "/// Code point range tables behind `DisplayWidth`.",
        "enum UnicodeWidthTable {",
        "    /// The Unicode version of the data these tables were generated from.",
        f'    static let unicodeVersion = "{version}"',
    ]
    for name, comment, ranges in tables:
        parts.append("")
        parts.append(swift_table(name, comment, ranges))
    parts.append("}")
    return "\n".join(parts) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=pathlib.Path, default=DEFAULT_DATA)
    parser.add_argument("--output", type=pathlib.Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--check", action="store_true", help="fail if the output file is out of date")
    arguments = parser.parse_args()

    text = generate(arguments.data)
    if arguments.check:
        current = arguments.output.read_text(encoding="utf-8") if arguments.output.exists() else ""
        if current != text:
            sys.exit(f"error: {arguments.output} is out of date; run {GENERATOR}")
        return
    arguments.output.parent.mkdir(parents=True, exist_ok=True)
    arguments.output.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
