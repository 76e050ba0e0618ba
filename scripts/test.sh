#!/usr/bin/env bash
# `npm test`: typecheck, lint and build; then every suite as a queue of jobs, two at a time (the machine has two
# cores), longest first: the unit + API suites on SQLite, the API suites on PostgreSQL + Redis (when
# TEST_DATABASE_URL is set), the integration suites (spawned servers, kill -9, outages) and the browser journeys in
# three groups; last, alone on a quiet machine, the answer-time suite. Each job writes its own log, printed whole when
# it ends, so the output stays readable; any failure fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
SLOTS="${TEST_SLOTS:-2}"

echo "== typecheck"; npx tsc --noEmit
echo "== lint"; npx biome check .
# The integration suites and the browser journeys run the built server.
echo "== build"; npm run build >"$logs/build.log" 2>&1 || { cat "$logs/build.log"; exit 1; }
bash scripts/ensure-chromium.sh

sqlite="env -u TEST_DATABASE_URL -u TEST_REDIS_URL npx vitest run --project unit"
e2e="npx vitest run --config vitest.e2e.config.ts"
# The browser journeys in three groups of about the same length (measured); a new spec joins the last group.
e2e_a="e2e/organizations/organizations-journey.spec.ts"
e2e_b="e2e/docs/api-reference.spec.ts e2e/oauth/oauth-journey.spec.ts e2e/organizations/two-factor-policy.spec.ts"
exclude_ab=""
for spec in $e2e_a $e2e_b; do exclude_ab+=" --exclude $spec"; done

names=() commands=()
job() { names+=("$1"); commands+=("$2"); }
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  job "API suites on PostgreSQL${TEST_REDIS_URL:+ + Redis}" "npx vitest run --project unit test/api"
fi
job "unit and API suites (SQLite)" "$sqlite"
job "browser journeys: organizations" "$e2e $e2e_a"
job "browser journeys: reference, OAuth, two-factor policy" "$e2e $e2e_b"
job "browser journeys: the others" "$e2e $exclude_ab"
# Outages are simulated through a proxy each integration test owns, so the shared services are never stopped.
job "integration suites (scale-out, kill -9, outages)" "npx vitest run --project integration"

failed=0
declare -A running=()
finish() {
  local pid name outcome=passed
  wait -n -p pid "${!running[@]}" || outcome=FAILED
  name="${running[$pid]}"
  unset "running[$pid]"
  [ "$outcome" = passed ] || failed=1
  echo "== ${names[$name]} (${outcome}, $(($(date +%s) - ${started[$name]})) s)"
  cat "$logs/$name.log"
}
declare -A started=()
for i in "${!names[@]}"; do
  while [ "${#running[@]}" -ge "$SLOTS" ]; do finish; done
  started[$i]=$(date +%s)
  bash -c "${commands[$i]}" >"$logs/$i.log" 2>&1 &
  running[$!]=$i
done
while [ "${#running[@]}" -gt 0 ]; do finish; done

# The timing suite compares answer times, so it runs alone, on a machine the other suites leave quiet.
echo "== answer-time suite, alone"
env -u TEST_DATABASE_URL -u TEST_REDIS_URL npx vitest run --project timing || failed=1
if [ -n "${TEST_DATABASE_URL:-}" ]; then npx vitest run --project timing || failed=1; fi
exit "$failed"
