#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit + API suites (SQLite, then PostgreSQL/Redis when TEST_DATABASE_URL is set),
# integration suites (spawned servers on PostgreSQL + Redis, one file at a time), then the browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== typecheck"; npx tsc --noEmit
echo "== lint"; npx biome check .
echo "== unit and API suites (SQLite)"
env -u TEST_DATABASE_URL -u TEST_REDIS_URL npx vitest run --project unit
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== API suites again on PostgreSQL${TEST_REDIS_URL:+ + Redis}"
  npx vitest run --project unit test/api
fi
# They need PostgreSQL and Redis (TEST_DATABASE_URL / TEST_REDIS_URL, required when CI=true). Outages are
# simulated through a proxy each test owns, so the shared services are never stopped.
echo "== integration suites (scale-out, kill -9, outages)"
npx vitest run --project integration
echo "== browser journeys (Chromium)"
npm run test:e2e
