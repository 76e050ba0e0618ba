// One autocannon run in its own process (so the load generator never shares the server's event loop).
// Input: JSON on argv[2]; output: one JSON line with req/s and latency percentiles.
import autocannon from "autocannon";

const spec = JSON.parse(process.argv[2]);
let n = 0;
const result = await autocannon({
  url: spec.url,
  method: spec.method ?? "GET",
  connections: spec.connections ?? 50,
  duration: spec.duration ?? 10,
  headers: spec.headers ?? {},
  body: spec.body,
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
        return req;
      },
    },
  ],
});
const ok = result["2xx"];
process.stdout.write(
  `${JSON.stringify({
    rps: Math.round((ok / result.duration) * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  })}\n`,
);
