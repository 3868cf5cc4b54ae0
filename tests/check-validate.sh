#!/bin/sh
# Every shipped game passes rimau check and rimau validate (its examples,
# with every option value); so do the test games of tests/games.
set -u
: "${RIMAU:?}" "${srcdir:?}"
cd "$srcdir" || exit 1
"$RIMAU" check games/*.game tests/games/*.game || exit 1
# Every option value of every game loads.
for game in games/*.game tests/games/*.game; do
    for setting in $("$RIMAU" info "$game" | awk '
        /^option:/ {
            sub(/ +-- .*/, "")
            for (i = 4; i <= NF; i++)
                if ($i != "|" && $i != "(in" && $i != "force)") print $2 "=" $i
        }'); do
        "$RIMAU" check -o "$setting" "$game" || { echo "FAIL $game -o $setting"; exit 1; }
        echo "ok rimau check -o $setting $game"
    done
done
"$RIMAU" validate games/*.game tests/games/*.game
