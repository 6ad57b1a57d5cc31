#!/usr/bin/env bash
# Checks the console presenter as a person at a terminal sees it: runs `friendly-errors demo` inside
# tmux (a real pseudo-terminal), types answers, and reads the screen back.
#
# Usage: swift build && Scripts/check-console-in-tmux.sh [path/to/friendly-errors]
# Needs tmux and python3. Uses a private tmux server, so it never touches anyone's sessions.
set -uo pipefail
cd "$(dirname "$0")/.."
FE=$(realpath "${1:-.build/debug/friendly-errors}")
[ -x "$FE" ] || { echo "error: build first (no $FE)" >&2; exit 2; }
command -v tmux > /dev/null || { echo "error: tmux is not installed" >&2; exit 2; }

SOCKET="friendly-errors-check-$$"
CONFIG=$(mktemp -d)/c.toml
passed=0
failed=0
tm() { tmux -L "$SOCKET" "$@"; }
cleanup() { tm kill-server 2> /dev/null; rm -rf "$(dirname "$CONFIG")"; }
trap cleanup EXIT

check() {  # check NAME CONDITION-STATUS
    if [ "$2" -eq 0 ]; then passed=$((passed + 1)); echo "ok   $1"; else failed=$((failed + 1)); echo "FAIL $1"; fi
}

# start COLUMNS [LANG]: a fresh shell in a fresh pane of that width, with a minimal environment.
start() {
    tm kill-server 2> /dev/null
    sleep 0.3
    tm new-session -d -s check -x "$1" -y 60 \
        "env -i PATH=/usr/bin:/bin HOME=$HOME TERM=xterm-256color LANG=${2:-C.UTF-8} bash --norc --noprofile"
    sleep 0.5
    tm send-keys -t check "PS1='$ '; clear" Enter
    sleep 0.3
}
keys() { tm send-keys -t check "$@"; sleep "${PAUSE:-1}"; }
screen() { tm capture-pane -p -t check "$@"; }
# The exit status the shell printed last (commands end with `; echo "status=$?"`).
status() { screen | grep -o 'status=[0-9]*' | tail -1 | cut -d= -f2; }
run() { keys clear Enter; keys "rm -f $CONFIG; $1 $FE demo --config $CONFIG $2; echo \"status=\$?\"" Enter; }

# 1. Japanese at 20 columns: no line wider than 20, no line starting with 。、： or 」, nothing split.
start 20 ja_JP.UTF-8
keys "COLUMNS=20 $FE demo --config /tmp/c.toml < /dev/null 2> /tmp/friendly-errors-ja20.txt" Enter
run "" ""
screen > /tmp/friendly-errors-ja20-screen.txt
python3 - /tmp/friendly-errors-ja20.txt << 'EOF'
import sys, unicodedata
def width(s):
    return sum(0 if unicodedata.category(c) in ('Mn', 'Me', 'Cf') else
               2 if unicodedata.east_asian_width(c) in ('W', 'F') else 1 for c in s)
lines = open(sys.argv[1], encoding='utf-8').read().split('\n')
bad = [l for l in lines if width(l) > 20 or l.lstrip(' ')[:1] in ('。', '、', '：', '」') or l[-1:] in ('「',)]
sys.exit(1 if bad or len(lines) < 10 else 0)
EOF
check "ja at 20 columns: every line fits, no kinsoku violation" $?
grep -q "設定ファイルが見つかりません\|設定ファイル" /tmp/friendly-errors-ja20-screen.txt
check "ja at 20 columns: the alert is on screen" $?
keys Enter
check "ja: Enter cancels with status 78" "$([ "$(status)" = 78 ]; echo $?)"

# 2. Escape sequences in a message leave the pane title and the screen alone, and show visibly.
start 80
title_before=$(tm display -p -t check '#{pane_title}')
hostile=$'/tmp/\e]0;evil\a/\e]8;;https://evil.example/\e\\click\e]8;;\e\\/\e]52;c;ZXZpbA==\a/\e[2J/safe\rfake/\u009b31m/abc\u202efed/c.toml'
keys "printf -v P '%s' $(printf '%q' "$hostile"); $FE demo --config \"\$P\" < /dev/null; echo \"status=\$?\"" Enter
title_after=$(tm display -p -t check '#{pane_title}')
check "OSC 0 in a message leaves the pane title unchanged ($title_before)" "$([ "$title_before" = "$title_after" ]; echo $?)"
screen -J | grep -qF '\u{1B}]0;evil\u{07}'
check "the escapes are shown visibly" $?
screen -J | grep -qF 'printf -v P'
check "CSI 2J did not clear the screen" $?

# 3. Colour: on in a terminal; off with NO_COLOR, TERM=dumb, CLICOLOR=0; forced into a file.
run "" "< /dev/null"
screen -e | grep -q $'\e\\[[0-9;]*31m'
check "colour in a terminal" $?
for setting in NO_COLOR=1 TERM=dumb CLICOLOR=0; do
    run "$setting" "< /dev/null"
    check "$setting: no escape sequence on screen" "$(screen -e | grep -q $'\e\\['; [ $? -ne 0 ]; echo $?)"
done
"$FE" demo < /dev/null 2> /tmp/friendly-errors-file.txt
check "standard error to a file: zero ESC bytes" "$(grep -q $'\e' /tmp/friendly-errors-file.txt; [ $? -ne 0 ]; echo $?)"
CLICOLOR_FORCE=1 "$FE" demo < /dev/null 2> /tmp/friendly-errors-file.txt
check "CLICOLOR_FORCE=1 into a file: colour" "$(grep -q $'\e\\[1;31m' /tmp/friendly-errors-file.txt; echo $?)"

# 4. Nobody to ask: no prompt, no recovery.
for prefix in "echo 1 |" "CI=true"; do
    run "$prefix" ""
    check "$prefix: no prompt, no recovery, status 78" \
        "$(! screen | grep -q 'Choose' && [ ! -e "$CONFIG" ] && [ "$(status)" = 78 ]; echo $?)"
done

# 5. Answers in a terminal: Cancel is 1 and the recovery 2 (a non-destructive recovery follows Cancel).
run "" ""
keys 2 Enter
check "answering 2 runs the recovery, the demo then succeeds with status 0" \
    "$([ -e "$CONFIG" ] && [ "$(status)" = 0 ]; echo $?)"
for answer in Enter "1 Enter" C-d "x Enter y Enter z Enter"; do
    run "" ""
    for key in $answer; do keys "$key"; done
    check "answer '$answer' cancels with status 78 and runs nothing" \
        "$([ ! -e "$CONFIG" ] && [ "$(status)" = 78 ]; echo $?)"
done
keys clear Enter
keys "$FE demo --config $CONFIG" Enter
keys C-c
keys 'echo "status=$?"' Enter
check "Ctrl-C ends the process with status 130" "$([ "$(status)" = 130 ]; echo $?)"

# 6. A reader that goes away: the mapped status, not 141.
bash -c "set -o pipefail; '$FE' demo < /dev/null 2>&1 | true"
check "set -o pipefail; demo 2>&1 | true exits 78" "$([ $? = 78 ]; echo $?)"

# 7. Odd COLUMNS values: no crash, no text lost.
COLUMNS=1000 "$FE" demo --config "$CONFIG" < /dev/null 2> /tmp/friendly-errors-wide.txt
for columns in 0 1 20 abc 99999; do
    COLUMNS=$columns "$FE" demo --config "$CONFIG" < /dev/null 2> /tmp/friendly-errors-columns.txt
    code=$?
    same=$(python3 -c "import sys; a, b = (''.join(open(f).read().split()) for f in sys.argv[1:]); print(a == b)" \
        /tmp/friendly-errors-wide.txt /tmp/friendly-errors-columns.txt)
    check "COLUMNS=$columns: status 78, no text lost" "$([ $code = 78 ] && [ "$same" = True ]; echo $?)"
done

# 8. Quotation marks at 20 columns: German „…“ lets the next word start a line; French « … » with
#    no-break spaces stays whole, with its full stop.
start 20 de_DE.UTF-8
keys "rm -f $CONFIG; $FE demo --config $CONFIG < /dev/null; echo \"status=\$?\"" Enter
screen -J | grep -q 'c\.toml“$'
check "de at 20 columns: the quoted path ends its line" $?
screen -J | grep -q '^  konnte nicht'
check "de at 20 columns: the word after the closing quote starts the next line" $?
start 20 fr_FR.UTF-8
keys "rm -f $CONFIG; $FE demo --config $CONFIG < /dev/null; echo \"status=\$?\"" Enter
screen -J | grep -q $'^  «\xc2\xa0/.*c\\.toml\xc2\xa0»\\.$'
check "fr at 20 columns: « path » with its no-break spaces and full stop on one line" $?

# 9. A malformed line: the alert points at it with an excerpt; the recovery "Turn line 3 into a
#    comment" (2) keeps the line as a comment and the job then reads the rest: status 0.
start 80
printf '# settings\nname = "demo"\n\tretries three\n' > "$CONFIG"
keys clear Enter
keys "$FE demo --config $CONFIG; echo \"status=\$?\"" Enter
check "a malformed line is shown with its excerpt" \
    "$(screen | grep -q -- "--> $CONFIG:3:2" && screen | grep -q '^    |     ^^^^^^^^^^^^^$'; echo $?)"
keys 2 Enter
check "answering 2 turns the line into a comment, the demo then succeeds with status 0" \
    "$(grep -q $'^# \tretries three$' "$CONFIG" && [ "$(status)" = 0 ]; echo $?)"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
