import { Hono } from "hono";
import { ServiceDownError } from "#server/http/unavailable.ts";
import type { HealthAnswer, ReadyAnswer } from "#shared/contracts/health.ts";

/** Liveness (/health) and readiness (/ready: the database and Redis answer). */
export function healthRoutes(ping: () => Promise<void>) {
  return new Hono()
    .get("/health", (c) => c.json({ status: "ok" } satisfies HealthAnswer))
    .get("/ready", async (c) => {
      try {
        await ping();
        return c.json({ status: "ready" } satisfies ReadyAnswer);
      } catch (err) {
        const reason = err instanceof ServiceDownError ? err.message : "a backing service is unreachable";
        c.header("Cache-Control", "no-store");
        return c.json({ status: "unavailable", reason } satisfies ReadyAnswer, 503);
      }
    });
}
