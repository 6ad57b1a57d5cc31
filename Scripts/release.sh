#!/usr/bin/env bash
# Writes a release of the current commit as the repositories a user installs by URL: one for the core
# (this repository's tree, its package at the root, with every library of it: FriendlyErrors, FriendlyErrorsTesting,
# FriendlyErrorsURLSession, and FriendlyErrorsAdapters, which the integrations take by URL) and one per integration (the integration's package
# at the root, its core dependency rewritten from `path: "../.."` to `.package(url: CORE_URL, from:
# VERSION)`, and a server integration's kit from `path: "../FriendlyErrorsServerKit"` to the released
# swift-friendly-errors-server-kit's URL, the root's LICENSE copied in), each committed and tagged VERSION. RELEASING.md says how a
# release is cut and published.
#
#   Scripts/release.sh VERSION DEST [--url-prefix PREFIX] [--core-url URL]
#
#   VERSION        a semantic version: 0.1.0, 1.2.3-beta.1
#   DEST           the folder that receives DEST/swift-friendly-errors, DEST/swift-friendly-errors-hummingbird, …
#                  A repository already there (a clone of the published one) gets a new commit on top of
#                  its history; a missing one is created.
#   --url-prefix   where the repositories are published, the repository's name appended: the default
#                  https://github.com/<owner>/ must be given for a real release, e.g.
#                  https://github.com/acme/ (names get `.git`), or file:///tmp/release/ (no `.git`).
#   --core-url     the core's URL, when it is not PREFIX + swift-friendly-errors(.git)
#
# Only committed files are released (`git archive HEAD`); a dirty tree is reported, not included.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

usage() { echo "usage: $0 VERSION DEST [--url-prefix PREFIX] [--core-url URL]" >&2; exit 64; }
[ $# -ge 2 ] || usage
version=$1
dest=$2
shift 2
prefix=
core_url=
while [ $# -gt 0 ]; do
    case "$1" in
        --url-prefix) [ $# -ge 2 ] || usage; prefix=$2; shift 2 ;;
        --core-url) [ $# -ge 2 ] || usage; core_url=$2; shift 2 ;;
        *) usage ;;
    esac
done
if ! [[ $version =~ ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$ ]]; then
    echo "error: '$version' is not a semantic version (MAJOR.MINOR.PATCH)" >&2
    exit 64
fi
[ -n "$prefix" ] || { echo "error: --url-prefix is required (https://github.com/OWNER/ or file:///…/)" >&2; exit 64; }
case "$prefix" in */) ;; *) prefix="$prefix/" ;; esac
# A file:// repository is the folder itself; a hosted one is named NAME.git.
suffix=.git
case "$prefix" in file://*) suffix= ;; esac
url_of() { echo "$prefix$1$suffix"; }
[ -n "$core_url" ] || core_url=$(url_of swift-friendly-errors)

if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
    echo "warning: the work tree has uncommitted changes; the release holds HEAD ($(git rev-parse --short HEAD)) alone" >&2
fi
commit=$(git rev-parse HEAD)
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)

# The integrations, by folder and the name of the repository each is published as.
integrations=(
    "FriendlyErrorsServerKit swift-friendly-errors-server-kit"
    "FriendlyErrorsHummingbird swift-friendly-errors-hummingbird"
    "FriendlyErrorsVapor swift-friendly-errors-vapor"
    "FriendlyErrorsGRPC swift-friendly-errors-grpc"
    "FriendlyErrorsOpenAPI swift-friendly-errors-openapi"
    "FriendlyErrorsArgumentParser swift-friendly-errors-argument-parser"
)
for entry in "${integrations[@]}"; do
    read -r folder _ <<< "$entry"
    [ -f "Integrations/$folder/Package.swift" ] || { echo "error: Integrations/$folder/Package.swift is missing" >&2; exit 1; }
done
# The license (Apache 2.0) every released repository carries: the root's, as committed.
git cat-file -e "$commit:LICENSE" 2> /dev/null || { echo "error: LICENSE is not committed at the root" >&2; exit 1; }

# prepare NAME: an empty work tree in DEST/NAME that keeps the repository's history when there is one.
prepare() {
    local repo="$dest/$1"
    if [ -d "$repo/.git" ]; then
        if git -C "$repo" rev-parse -q --verify "refs/tags/$version" > /dev/null; then
            echo "error: $repo already has the tag $version" >&2
            exit 1
        fi
        find "$repo" -mindepth 1 -maxdepth 1 ! -name .git -exec rm -rf {} +
    else
        [ ! -e "$repo" ] || { echo "error: $repo exists and is not a git repository" >&2; exit 1; }
        git init -q -b main "$repo"
    fi
}

# commit_and_tag NAME: commits the work tree and tags it VERSION.
commit_and_tag() {
    local repo="$dest/$1"
    git -C "$repo" add -A
    git -C "$repo" -c user.name="swift-friendly-errors release" -c user.email="release@invalid" \
        commit -q --allow-empty -m "Release $version (from swift-friendly-errors $commit)"
    git -C "$repo" -c user.name="swift-friendly-errors release" -c user.email="release@invalid" \
        tag -a "$version" -m "$version"
    echo "$1: $version at $(git -C "$repo" rev-parse --short HEAD)"
}

# The core: this repository's tree as committed.
prepare swift-friendly-errors
git archive --format=tar "$commit" | tar -x -C "$dest/swift-friendly-errors"
commit_and_tag swift-friendly-errors

# Each integration: its package at the root, the core by URL, links into the core made absolute, the
# root's LICENSE beside it.
for entry in "${integrations[@]}"; do
    read -r folder name <<< "$entry"
    prepare "$name"
    git archive --format=tar "$commit" "Integrations/$folder" | tar -x -C "$dest/$name" --strip-components=2
    git show "$commit:LICENSE" > "$dest/$name/LICENSE"
    python3 - "$dest/$name" "$core_url" "$version" "$(url_of swift-friendly-errors-server-kit)" <<'PY'
import pathlib, re, sys
repo, core_url, version, kit_url = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
manifest = repo / "Package.swift"
text = manifest.read_text(encoding="utf-8")
# The core's line and the comment above it (which explains the path form) become the published line.
pattern = re.compile(r'(?:[ \t]*//[^\n]*\n)*([ \t]*)\.package\(name: "swift-friendly-errors", path: "\.\./\.\."\),')
text, count = pattern.subn(lambda m: f'{m.group(1)}.package(url: "{core_url}", from: "{version}"),', text)
if count != 1:
    sys.exit(f"error: {manifest}: expected one `.package(name: \"swift-friendly-errors\", path: \"../..\")`, found {count}")
# The server kit's line (Hummingbird, Vapor, gRPC, OpenAPI), with its comment, likewise.
kit = re.compile(
    r'(?m)(?:^[ \t]*//[^\n]*\n)*^([ \t]*)\.package\(name: "swift-friendly-errors-server-kit", path: "\.\./FriendlyErrorsServerKit"\),')
text = kit.sub(lambda m: f'{m.group(1)}.package(url: "{kit_url}", from: "{version}"),', text)
if "path:" in text:
    sys.exit(f"error: {manifest} still has a path dependency")
manifest.write_text(text, encoding="utf-8")
# Links into the core's repository (../../README.md, ../../Schemas/…) point at the released core.
web = core_url[:-4] if core_url.endswith(".git") else core_url
for page in repo.rglob("*.md"):
    body = page.read_text(encoding="utf-8")
    new = re.sub(r"\]\(\.\./\.\./([^)]*)\)", lambda m: f"]({web}/blob/{version}/{m.group(1)})", body)
    if new != body:
        page.write_text(new, encoding="utf-8")
PY
    commit_and_tag "$name"
done

echo
echo "Released $version from $commit into $dest:"
echo "  $(basename "$core_url" .git): $core_url"
for entry in "${integrations[@]}"; do
    read -r _ name <<< "$entry"
    echo "  $name: $(url_of "$name")"
done
