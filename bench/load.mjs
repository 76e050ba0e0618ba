// One autocannon run in its own process (so the load generator never shares the server's event loop).
// Input: JSON on argv[2]; output: one JSON line with req/s and latency percentiles.
import autocannon from "autocannon";

const spec = JSON.parse(process.argv[2]);
let n = 0;
// Refresh-token rotation chains: each request spends a refresh token and its answer brings the next, which
// goes back in the pool for whichever connection sends next. Every connection waits for its answer before
// sending again, so as many chains as connections keep the pool from running dry.
const pool = spec.refresh ? [...spec.refresh.tokens] : [];
let lostChains = 0;
const result = await autocannon({
  url: spec.url,
  method: spec.method ?? "GET",
  connections: spec.connections ?? 50,
  duration: spec.duration ?? 10,
  headers: spec.headers ?? {},
  body: spec.body,
  // An answer that is 2xx but not the expected one (an introspection saying inactive) counts as a failure.
  ...(spec.bodyIncludes ? { verifyBody: (body) => body.includes(spec.bodyIncludes) } : {}),
  requests: [
    {
      // A distinct client address per request, as real traffic has; honoured only by servers told to trust it.
      setupRequest(req) {
        n += 1;
        req.headers = {
          ...req.headers,
          "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          // Many users at once: each request carries the next of the given session cookies.
          ...(spec.cookies ? { cookie: spec.cookies[n % spec.cookies.length] } : {}),
        };
        // Requests that take turns over several bodies (a member's role set one way, then back).
        if (spec.bodies) req.body = spec.bodies[n % spec.bodies.length];
        if (spec.refresh) {
          req.body = new URLSearchParams({
            grant_type: "refresh_token",
            refresh_token: pool.shift() ?? "none-left",
          }).toString();
        }
        return req;
      },
      onResponse(status, body) {
        if (!spec.refresh) return;
        const next = status === 200 ? JSON.parse(body).refresh_token : undefined;
        if (next) pool.push(next);
        else lostChains += 1;
      },
    },
  ],
});
const ok = result["2xx"] - (result.mismatches ?? 0);
process.stdout.write(
  `${JSON.stringify({
    rps: Math.round((ok / result.duration) * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + (result.mismatches ?? 0),
    errors: result.errors + result.timeouts,
    ...(spec.refresh ? { lostChains } : {}),
  })}\n`,
);
