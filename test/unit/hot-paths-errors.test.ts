import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#server/boot/logger.ts";
import { HOT_TIMING, type HotRoute, withHotPaths } from "#server/http/hot-paths.ts";
import { INTERNAL_ERROR_BODY, UNAVAILABLE_BODY } from "#server/http/unavailable.ts";

const lostConnection = () =>
  Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });

// What a hot route's failure turns into: the full app for a bug or an unusual case, the app's 503 at once
// for a lost backing service (the full app would repeat the failed work and wait on whatever held it).
describe("hot path failures", () => {
  let server: Server;
  let base: string;
  let fullAppCalls = 0;
  beforeAll(async () => {
    const routes = new Map<string, HotRoute>([
      ["/lost", () => Promise.reject(lostConnection())],
      ["/bug", () => Promise.reject(new TypeError("x is undefined"))],
      ["/decline", async () => undefined],
      // A route's bug in its answer itself (not a string): nothing left to hand over, the app's JSON 500.
      ["/not-a-string", () => Promise.resolve({ json: true } as unknown as string)],
      ["/not-a-string-now", () => 42 as unknown as string],
      [
        "/throws",
        () => {
          throw new TypeError("y is undefined");
        },
      ],
    ]);
    const app = withHotPaths(
      routes,
      (_req, res) => {
        fullAppCalls += 1;
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("full app");
      },
      { https: false, logger: createLogger("silent") },
    );
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("answers a lost database connection with the app's 503, without running the full app", async () => {
    const before = fullAppCalls;
    const res = await fetch(`${base}/lost`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual(UNAVAILABLE_BODY);
    expect(res.headers.get("retry-after")).toBe("2");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("server-timing")).toBe(HOT_TIMING);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(fullAppCalls).toBe(before);
  });

  it("hands any other failure, a declined request and a synchronous throw to the full app", async () => {
    for (const path of ["/bug", "/decline", "/throws"]) {
      const before = fullAppCalls;
      const res = await fetch(`${base}${path}`);
      expect(await res.text(), path).toBe("full app");
      expect(fullAppCalls, path).toBe(before + 1);
    }
  });

  it("answers a route whose answer cannot be sent with the app's JSON 500, not a hang or a crash", async () => {
    for (const path of ["/not-a-string", "/not-a-string-now"]) {
      const before = fullAppCalls;
      const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(5_000) });
      expect(res.status, path).toBe(500);
      expect(res.headers.get("content-type"), path).toBe("application/json");
      expect(await res.json(), path).toEqual(INTERNAL_ERROR_BODY);
      expect(fullAppCalls, path).toBe(before);
    }
  });
});
