#!/bin/sh
# Every shipped game passes rimau check and rimau validate (its examples,
# with every option value).
set -u
: "${RIMAU:?}" "${srcdir:?}"
cd "$srcdir" || exit 1
"$RIMAU" check games/*.game || exit 1
"$RIMAU" validate games/*.game
