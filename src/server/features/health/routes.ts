import { Hono } from "hono";

/** Liveness (/health) and readiness (/ready: the database answers). */
export function healthRoutes(ping: () => Promise<void>) {
  return new Hono()
    .get("/health", (c) => c.json({ status: "ok" }))
    .get("/ready", async (c) => {
      try {
        await ping();
        return c.json({ status: "ready" });
      } catch {
        return c.json({ status: "unavailable", reason: "database unreachable" }, 503);
      }
    });
}
