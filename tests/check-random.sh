#!/bin/sh
# Random games of every shipped game, with every option value, played to
# the end: each must end with a result the rules allow (a side wins, or a
# draw), and its record must replay to the same result. make check plays
# seed 1, each game's defaults and every other one of its other option
# values (the first, the third, ...), and replays the records of the
# defaults; make check-slow (tests/check-thorough.sh, RIMAU_THOROUGH=1)
# plays seed 2 and every value, and replays every record. With
# RIMAU_QUICK=1 (CI's sanitizer stage) it plays as make check, and its
# records are not replayed.
set -u
: "${RIMAU:?}" "${srcdir:?}"
cd "$srcdir" || exit 1
fail=0 n=0
thorough=$([ "${RIMAU_THOROUGH:-}" = 1 ] && echo 1 || echo 0)
quick=$([ "${RIMAU_QUICK:-}" = 1 ] && [ "$thorough" = 0 ] && echo 1 || echo 0)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# result_of FILE: its line 'result: ...' (read by the shell: a process
# less a game)
result_of() {
    while IFS= read -r line; do
        case $line in "result:"*) printf '%s' "$line"; return ;; esac
    done < "$1"
}

for game in games/*.game; do
    json=$("$RIMAU" info --json "$game") || { echo "FAIL $game: info"; fail=$((fail + 1)); continue; }
    sides=$(printf '%s\n' "$json" | sed -n 's/.*{"name": "\([^"]*\)", "pieces".*/\1/p')
    # The option settings to try: the defaults, then each other value of each option.
    settings=$( { echo "-"; "$RIMAU" info "$game" | awk -v all="$thorough" '
        /^option:/ {
            sub(/ +-- .*/, "")
            name = $2; n = 0
            for (i = 4; i <= NF; i++) {
                if ($i == "|" || $i == "(in" || $i == "force)") continue
                if (n++ > 0 && (all || k++ % 2 == 0)) print name "=" $i
            }
        }'; } )
    for setting in $settings; do
        for seed in $([ "${RIMAU_THOROUGH:-}" = 1 ] && echo 2 || echo 1); do
            n=$((n + 1))
            set -- "$RIMAU" play "$game" -q --seed "$seed" --save "$tmp/game.rec"
            for s in $sides; do set -- "$@" "--$s=random"; done
            [ "$setting" = "-" ] || set -- "$@" -o "$setting"
            "$@" < /dev/null > "$tmp/out" 2>&1
            result=$(result_of "$tmp/out")
            allowed=no
            for s in $sides; do
                case "$result" in "result: $s win ("*) allowed=yes ;; esac
            done
            case "$result" in "result: draw ("*) allowed=yes ;; esac
            if [ "$allowed" != yes ]; then
                echo "FAIL $game $setting seed $seed: '$result'"; tail -3 "$tmp/out"
                fail=$((fail + 1))
            elif [ "$quick" = 0 ] && { [ "$thorough" = 1 ] || [ "$setting" = - ]; } &&
                 { ! "$RIMAU" replay -q "$tmp/game.rec" > "$tmp/replay" 2>&1 ||
                   [ "$(result_of "$tmp/replay")" != "$result" ]; }; then
                echo "FAIL $game $setting seed $seed: the record does not replay to '$result'"
                tail -3 "$tmp/replay"
                fail=$((fail + 1))
            else
                echo "ok $game $setting seed $seed: $result"
            fi
        done
    done
done
echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$n" -gt 0 ]
