#!/usr/bin/env bash
# Issue 38 end to end: the example tool `shop` (Sources/ShopCommand, a command on FriendlyMain through the
# argument-parser integration) calls the Hummingbird example shop over URLSession.friendlyData and this
# gRPC example shop through FriendlyErrorsClientInterceptor, both on loopback, with LANG=ja_JP.UTF-8:
# the terminal shows each server's alert in Japanese with the server's actions, the tool exits with the
# category's sysexits status, and a 503 with `Retry-After: 1` is tried again once, after a second, and
# succeeds. Stops both servers on exit, whatever happens. Builds nothing the CI steps before it did not
# build but the tool (seconds).
#
# Usage: Scripts/check-clients.sh [gRPC scratch path, default .build-grpc] [Hummingbird scratch path, default .build-hb]
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build-grpc}
hb_scratch=${2:-.build-hb}
started=$SECONDS

swift build --scratch-path "$scratch" --product friendly-errors-grpc-example-server
swift build --scratch-path "$scratch" --product ShopCommand
bin="$(swift build --scratch-path "$scratch" --show-bin-path)"
hb_bin="$(swift build --package-path ../HummingbirdShop --scratch-path "../HummingbirdShop/$hb_scratch" --show-bin-path)"
[ -x "$hb_bin/friendly-errors-hummingbird-example" ] \
    || swift build --package-path ../HummingbirdShop --scratch-path "../HummingbirdShop/$hb_scratch" \
        --product friendly-errors-hummingbird-example

source ../../Scripts/lib/example-server.sh
start_server grpc "$bin/friendly-errors-grpc-example-server" --port 0
start_server http "$hb_bin/friendly-errors-hummingbird-example" --port 0

# run NAME EXPECTED-STATUS TOOL-ARGS...: the tool in Japanese, its terminal output in $work/NAME.out,
# its time in $elapsed (seconds, 3 decimals)
run() {
    local name=$1 expected=$2
    shift 2
    local start end status=0
    start=$(date +%s.%N)
    LANG=ja_JP.UTF-8 LANGUAGE= LC_ALL= LC_MESSAGES= "$bin/ShopCommand" "$@" < /dev/null > "$work/$name.out" 2>&1 \
        || status=$?
    end=$(date +%s.%N)
    elapsed=$(python3 -c "print(f'{$end - $start:.3f}')")
    echo "--- $name: exit $status in ${elapsed}s"
    cat "$work/$name.out"
    [ "$status" = "$expected" ] || fail "$name: exit status $status, expected $expected"
}
expect_out() { grep -qF -- "$2" "$work/$1.out" || fail "$1: no '$2' in the output"; }
expect_no() { ! grep -qF -- "$2" "$work/$1.out" || fail "$1: '$2' in the output"; }

# The Hummingbird shop's sign-in page: 401 (EX_NOPERM, 77) with its Japanese texts and its "signIn" link.
run http-ja 77 http-get --port "$port_http" /account
expect_out http-ja "ログインが必要です"
expect_out http-ja "アカウントと注文を表示するには、ログインしてください。"
expect_out http-ja "対処法: 安全のため、30分間操作がないとログアウトされます。"
expect_out http-ja "2) ログイン"   # the server's action (the console lists a link by its label)
expect_no http-ja '"title"'
expect_no http-ja $'\e'

# The gRPC shop's missing item: NOT_FOUND (EX_NOINPUT, 66), in Japanese, with its Help link.
run grpc-ja 66 grpc-order --port "$port_grpc" itemNotFound
expect_out grpc-ja "「A-42」という商品はありません。"
expect_out grpc-ja "2) カタログを開く"   # the server's Help link

# An unknown server error (code `unexpected`, category unknown: status 1): the reference ID, never the
# server's secret.
run grpc-secret 1 grpc-order --port "$port_grpc" databaseFailure
expect_out grpc-secret "参照番号: "
expect_no grpc-secret "S3cr3t"

# Success.
run grpc-ok 0 grpc-order --port "$port_grpc" ok
expect_out grpc-ok "ordered"

# 503 with Retry-After: 1 the first time for a key: one retry after a second, then success.
run http-retry 0 http-get --port "$port_http" /stock/A-42
expect_out http-retry "in stock: A-42"
python3 -c "import sys; sys.exit(0 if 1.0 <= $elapsed < 5.0 else 1)" \
    || fail "http-retry: took ${elapsed}s, expected one wait of about 1 s"

echo "clients end to end: $((SECONDS - started)) s, $failures failure(s)"
[ "$failures" -eq 0 ]
