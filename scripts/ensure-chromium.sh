#!/usr/bin/env bash
# Playwright cannot download browsers here: use Debian's chromium, installing it when missing and possible.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "== installing Debian's chromium for the end-to-end tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "Chromium is missing: install Debian's 'chromium' package (sudo apt-get install chromium)." >&2
  exit 1
fi
