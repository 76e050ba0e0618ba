#!/usr/bin/env bash
# `npm test`: typecheck and lint; the unit + API suites on SQLite and, at the same time, the API suites on
# PostgreSQL/Redis (when TEST_DATABASE_URL is set); then the integration suites (spawned servers on PostgreSQL +
# Redis, one file at a time) beside the browser journeys. Suites that run together write to their own logs,
# printed whole when both are done, so the output stays readable; any failure fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT

# together NAME COMMAND [NAME COMMAND]…: runs the commands at once and waits for all of them.
together() {
  local names=() pids=() failed=0
  while [ $# -gt 0 ]; do
    names+=("$1")
    bash -c "$2" >"$logs/$1.log" 2>&1 &
    pids+=($!)
    shift 2
  done
  for i in "${!pids[@]}"; do
    local outcome=passed
    wait "${pids[$i]}" || { outcome=FAILED; failed=1; }
    echo "== ${names[$i]} (${outcome})"
    cat "$logs/${names[$i]}.log"
  done
  return "$failed"
}

echo "== typecheck"; npx tsc --noEmit
echo "== lint"; npx biome check .

# The timing suite compares answer times, so it runs alone afterwards, on a machine the other suites leave quiet.
timing="test/api/security-timing.test.ts"
sqlite="env -u TEST_DATABASE_URL -u TEST_REDIS_URL npx vitest run --project unit"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  together "unit and API suites (SQLite)" "$sqlite --exclude $timing" \
    "API suites on PostgreSQL${TEST_REDIS_URL:+ + Redis}" "npx vitest run --project unit --exclude $timing test/api"
  echo "== answer-time suite, alone (SQLite, then PostgreSQL${TEST_REDIS_URL:+ + Redis})"
  $sqlite "$timing"
  npx vitest run --project unit "$timing"
else
  together "unit and API suites (SQLite)" "$sqlite --exclude $timing"
  echo "== answer-time suite, alone"
  $sqlite "$timing"
fi

# Outages are simulated through a proxy each integration test owns, so the shared services are never stopped.
# Each browser journey starts its own built server and Chromium on free ports.
npm run build >"$logs/build.log" 2>&1 || { cat "$logs/build.log"; exit 1; }
together "integration suites (scale-out, kill -9, outages)" "npx vitest run --project integration" \
  "browser journeys (Chromium)" "bash scripts/ensure-chromium.sh && npx vitest run --config vitest.e2e.config.ts"
