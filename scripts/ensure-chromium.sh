#!/usr/bin/env bash
# Playwright cannot download browsers here: use Debian's chromium (benches) and chromium-headless-shell (journeys),
# installing what is missing when possible.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/lib/chromium/chromium-headless-shell ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "== installing Debian's ${missing[*]} for the end-to-end tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "Missing: install Debian's ${missing[*]} (sudo apt-get install ${missing[*]})." >&2
  exit 1
fi
