#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit + API suites (SQLite, then PostgreSQL/Redis when TEST_DATABASE_URL is set),
# integration suites, then the browser journeys against the built app.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== typecheck"; npx tsc --noEmit
echo "== lint"; npx biome check .
echo "== unit, API and integration suites (SQLite)"
env -u TEST_DATABASE_URL -u TEST_REDIS_URL npx vitest run
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== API suites again on PostgreSQL${TEST_REDIS_URL:+ + Redis}"
  npx vitest run test/api
fi
echo "== browser journeys (Chromium)"
npm run test:e2e
