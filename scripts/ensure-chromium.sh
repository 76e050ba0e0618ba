#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the browser tests (playwright-core cannot download one here).
set -euo pipefail
if [ -x /usr/lib/chromium/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is missing: install it with 'sudo apt-get install chromium' (Debian/Ubuntu), then run the tests again." >&2
exit 1
