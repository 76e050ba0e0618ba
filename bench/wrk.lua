-- bench/run.ts's wrk script. WRK_SPEC names a Lua file returning the request's make-up (run.ts writes it):
--   { method, headers = {..}, cookies = {..} | nil, bodies = {..} | nil, expect = "text" | nil }
-- Each request carries its own X-Forwarded-For (wrk thread and counter) and the next cookie and body in turn,
-- as load.mjs does for autocannon; with `expect`, an answer whose body lacks it counts as a mismatch.
-- done() prints one JSON line: completed requests, status errors (>= 400), mismatches, socket errors, latency.
local spec = dofile(os.getenv("WRK_SPEC"))
local threads = {}
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("id", counter)
  table.insert(threads, thread)
end

local n = 0
local headers = {}
for k, v in pairs(spec.headers or {}) do headers[k] = v end
local cookies, bodies = spec.cookies, spec.bodies
local body = spec.body

function request()
  n = n + 1
  headers["x-forwarded-for"] = string.format("10.%d.%d.%d", (id * 16 + math.floor(n / 65536)) % 256,
    math.floor(n / 256) % 256, n % 256)
  if cookies then headers["cookie"] = cookies[n % #cookies + 1] end
  if bodies then body = bodies[n % #bodies + 1] end
  return wrk.format(spec.method, nil, headers, body)
end

mismatches = 0
if spec.expect then
  function response(status, _, text)
    if status >= 200 and status < 300 and not string.find(text, spec.expect, 1, true) then
      mismatches = mismatches + 1
    end
  end
end

function done(summary, latency)
  local missed = 0
  for _, thread in ipairs(threads) do missed = missed + (thread:get("mismatches") or 0) end
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"status":%d,"mismatches":%d,"errors":%d,"p50Us":%d,"p99Us":%d}\n',
    summary.requests, summary.duration, e.status, missed, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
