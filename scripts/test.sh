#!/usr/bin/env bash
# `npm test`: the build; then every suite as a queue of jobs, three at a time, longest first: the
# unit + API suites on SQLite and the API suites on PostgreSQL + Redis (when TEST_DATABASE_URL is set), each in two
# halves, the integration suites (spawned servers, kill -9, outages), the browser journeys in six groups, and the
# type check and linter; last, alone on a quiet machine, the answer-time suite. Each job writes its own log, printed
# whole when it ends, so the output stays readable; any failure fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
# Four at a time: the suites wait on servers, browsers and databases as well as compute. Measured in fresh-clone
# CI on 7 December (the two cores 99 % busy throughout): `npm test` took 17.5 minutes three at a time and
# 15.5 minutes four at a time, each job slower but the queue shorter.
SLOTS="${TEST_SLOTS:-4}"

# The integration suites and the browser journeys run the built server.
echo "== build"; npm run build >"$logs/build.log" 2>&1 || { cat "$logs/build.log"; exit 1; }
bash scripts/ensure-chromium.sh

sqlite="env -u TEST_DATABASE_URL -u TEST_REDIS_URL npx vitest run --project unit"
e2e="npx vitest run --config vitest.e2e.config.ts"
# The browser journeys in groups of about the same length, longest first (measured in CI on 7 December, on a VM
# whose two cores the suites kept saturated: 280–560 s of test time each before this balance, 274–320 s after it
# four at a time); a new spec joins "the others".
e2e_groups=(
  "e2e/account/account.spec.ts e2e/admin/admin.spec.ts e2e/organizations/api-keys.spec.ts e2e/account/two-factor.spec.ts"
  "e2e/organizations/invite-links.spec.ts e2e/organizations/domains.spec.ts e2e/organizations/custom-roles.spec.ts e2e/organizations/webhooks.spec.ts e2e/auth/email-sign-in.spec.ts"
  "e2e/organizations/organizations-journey.spec.ts e2e/organizations/sso.spec.ts e2e/account/passkeys.spec.ts"
  "e2e/auth/offline.spec.ts e2e/auth/mailed-links.spec.ts e2e/auth/keyboard.spec.ts e2e/account/email-change.spec.ts e2e/organizations/layout.spec.ts e2e/organizations/organization-details.spec.ts e2e/organizations/activity.spec.ts"
  "e2e/docs/api-reference.spec.ts e2e/oauth/oauth-journey.spec.ts e2e/organizations/two-factor-policy.spec.ts"
)
others=""
for group in "${e2e_groups[@]}"; do for spec in $group; do others+=" --exclude $spec"; done; done

names=() commands=()
job() { names+=("$1"); commands+=("$2"); }
# Longest first (the queue starts each job as a slot frees), so the short API halves fill the end instead of a
# long job starting late (measured in fresh-clone CI on 7 December, four at a time: integration 621 s, journey
# groups 274–320 s, API halves 192–286 s).
# Outages are simulated through a proxy each integration test owns, so the shared services are never stopped.
job "integration suites (scale-out, kill -9, outages)" "npx vitest run --project integration"
for group in "${e2e_groups[@]}"; do job "browser journeys: $group" "$e2e $group"; done
job "browser journeys: the others" "$e2e $others"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  for half in 1 2; do
    job "API suites on PostgreSQL${TEST_REDIS_URL:+ + Redis}, half $half" "npx vitest run --project unit --shard=$half/2 test/api"
  done
fi
for half in 1 2; do job "unit and API suites (SQLite), half $half" "$sqlite --shard=$half/2"; done
# The type check and the linter are a job like the others (about a minute of one core, which the suites' waits
# leave free), last, to fill the end.
job "typecheck and lint" "npx tsc --noEmit && npx biome check ."

# A job's CPU is printed beside its duration: the queue is CPU-bound on two cores, so that is what makes the run
# long. Where a cpuacct cgroup can be made (root on Linux, cgroup v1 as on this project's machines), each job runs in
# its own, which counts every process it started, browsers' renderers included. Elsewhere `times` counts only the
# processes that were waited for (a browser's renderers escape it); it must write to a file, since in a pipe or a
# command substitution it would run in a subshell, whose children are none.
cgroups=/sys/fs/cgroup/cpuacct
run_job() {
  local code=0 group="$cgroups/gatehouse-test-$$-$3"
  if mkdir "$group" 2>/dev/null && echo "$BASHPID" >"$group/cgroup.procs" 2>/dev/null; then
    bash -c "$1" || code=$?
    echo "cgroup $(cat "$group/cpuacct.usage")" >"$2"
    echo "$BASHPID" >"$cgroups/cgroup.procs"
    rmdir "$group" 2>/dev/null || true   # a process left running keeps it
  else
    bash -c "$1" || code=$?
    times >"$2"
  fi
  return "$code"
}
cpu_seconds() {
  awk '/^cgroup/ { printf "%.0f", $2 / 1e9; exit }
       END { if (NR == 2) { split($1 " " $2, t, /[ms]/); printf "%.0f (waited-for processes only)", t[1] * 60 + t[2] + t[3] * 60 + t[4] } }' "$1" 2>/dev/null
}

failed=0
failures=()
declare -A running=()
finish() {
  local pid name outcome=passed
  wait -n -p pid "${!running[@]}" || outcome=FAILED
  name="${running[$pid]}"
  unset "running[$pid]"
  [ "$outcome" = passed ] || { failed=1; failures+=("$name"); }
  echo "== ${names[$name]} (${outcome}, $(($(date +%s) - ${started[$name]})) s, $(cpu_seconds "$logs/$name.times") s of CPU)"
  cat "$logs/$name.log"
}
declare -A started=()
for i in "${!names[@]}"; do
  while [ "${#running[@]}" -ge "$SLOTS" ]; do finish; done
  started[$i]=$(date +%s)
  run_job "${commands[$i]}" "$logs/$i.times" "$i" >"$logs/$i.log" 2>&1 &
  running[$!]=$i
done
while [ "${#running[@]}" -gt 0 ]; do finish; done

# The timing suite compares answer times, so it runs alone, on a machine the other suites leave quiet.
echo "== answer-time suite, alone"
env -u TEST_DATABASE_URL -u TEST_REDIS_URL npx vitest run --project timing || failed=1
if [ -n "${TEST_DATABASE_URL:-}" ]; then npx vitest run --project timing || failed=1; fi
# A failed job's log scrolled by minutes ago: name it again at the end, with the lines that say what failed.
for name in "${failures[@]}"; do
  echo "== FAILED: ${names[$name]}"
  # Colours off first: Vitest colours "Error" apart from its colon. A journey's last browser calls (a timed-out
  # test's hung step) and what its open pages showed are kept too.
  sed 's/\x1b\[[0-9;]*m//g' "$logs/$name.log" |
    grep -E "FAIL|×|✗|Error:|expected|The last browser calls| s (=>|<=) |Its open pages|^  (http|about)" |
    head -100 || true
done
exit "$failed"
