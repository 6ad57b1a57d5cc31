#!/usr/bin/env bash
# Starts an integration's example server on a free loopback port and checks its error pages in
# headless Chromium (Scripts/browser/check_pages.py: en, ja, de; 375 and 1280 px; light and dark; no
# horizontal overflow; the accessibility tree; a hostile text that must run nothing). Stops the server
# on exit, whatever happens. Needs Debian's chromium and chromium-driver and Python's selenium
# (.ci/run installs them).
#
#   Scripts/check-pages-in-browser.sh Hummingbird|Vapor                      # the checks
#   Scripts/check-pages-in-browser.sh Hummingbird --screenshots DIR          # the README's screenshots
#
# The example is built (a no-op after the integration's own step) in the scratch path CI uses.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

case "${1:-}" in
    Hummingbird) package=Examples/HummingbirdShop scratch=.build-hb product=friendly-errors-hummingbird-example ;;
    Vapor) package=Examples/VaporShop scratch=.build-vapor product=friendly-errors-vapor-example ;;
    *) echo "usage: $0 Hummingbird|Vapor [--screenshots DIR]" >&2; exit 64 ;;
esac
name=$1
shift

for tool in chromium chromedriver; do
    command -v "$tool" > /dev/null || { echo "error: $tool is not installed (apt-get install chromium chromium-driver)" >&2; exit 1; }
done
python3 -c 'import selenium' 2> /dev/null || { echo "error: Python's selenium is not installed (pip install selenium)" >&2; exit 1; }

swift build --package-path "$package" --scratch-path "$package/$scratch" --product "$product"
bin="$(swift build --package-path "$package" --scratch-path "$package/$scratch" --show-bin-path)/$product"

source Scripts/lib/example-server.sh
start_server "$name" env LOG_LEVEL=error "$bin" --port 0
port_var="port_$name"
# A minute or two at most; `timeout` ends a hung browser, and the trap the server.
timeout 300 python3 "$root/Scripts/browser/check_pages.py" --base "http://127.0.0.1:${!port_var}" --name "$name" "$@"
