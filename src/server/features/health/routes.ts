import { Hono } from "hono";

/** Liveness (/health) and readiness (/ready: the database and Redis answer). */
export function healthRoutes(ping: () => Promise<void>) {
  return new Hono()
    .get("/health", (c) => c.json({ status: "ok" }))
    .get("/ready", async (c) => {
      try {
        await ping();
        return c.json({ status: "ready" });
      } catch {
        return c.json({ status: "unavailable", reason: "a backing service is unreachable" }, 503);
      }
    });
}
