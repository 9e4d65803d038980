#!/usr/bin/env bash
# Typechecks every project, two at a time (these machines have two cores and each tsc uses one), the largest
# first so the two lanes end together. Each project's errors are printed together; any error fails the whole.
set -uo pipefail
cd "$(dirname "$0")/.."
projects=(apps/pwa apps/sync-server tests scripts packages/ui packages/schema)
printf '%s\n' "${projects[@]}" | xargs -P 2 -I{} sh -c 'out=$(node_modules/.bin/tsc -p "$1" 2>&1); code=$?; [ -n "$out" ] && printf "%s\n" "$out"; [ $code -eq 0 ] || { echo "typecheck failed in $1"; exit 1; }' _ {}
