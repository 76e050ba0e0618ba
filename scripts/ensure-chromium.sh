#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the browser tests (playwright-core cannot download one here), with
# a font that has Japanese glyphs: without one the Japanese screens render as boxes, in the journeys' screenshots too.
set -euo pipefail
missing=()
[ -x /usr/lib/chromium/chromium ] || missing+=(chromium)
fc-list :lang=ja 2>/dev/null | grep -q . || missing+=(fonts-ipafont-gothic)
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${missing[*]} for the browser tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
if [ ! -x /usr/lib/chromium/chromium ]; then
  echo "Chromium is missing: install it with 'sudo apt-get install chromium' (Debian/Ubuntu), then run the tests again." >&2
  exit 1
fi
echo "No font with Japanese glyphs: the Japanese screens show boxes ('sudo apt-get install fonts-ipafont-gothic')." >&2
