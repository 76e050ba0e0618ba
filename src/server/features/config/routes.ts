import { Hono } from "hono";
import { APP_NAME } from "#server/auth.ts";
import type { Config } from "#server/config.ts";
import { LIMITS } from "#shared/limits.ts";

/** Public facts the web app needs before anyone signs in. */
export function configRoutes(config: Config) {
  const body = {
    appName: APP_NAME,
    outbox: config.outboxEnabled,
    socialProviders: [] as string[],
    passwordMinLength: LIMITS.passwordMin,
    passwordMaxLength: LIMITS.passwordMax,
  };
  return new Hono().get("/", (c) => c.json(body));
}
