import { Hono } from "hono";
import type { Auth } from "#server/auth/auth.ts";
import type { Config } from "#server/boot/config.ts";
import type { AppDatabase } from "#server/db/db.ts";
import type { accountsPlugin } from "#server/features/accounts/plugin.ts";
import { adminRoutes } from "#server/features/admin/routes.ts";
import { configRoutes } from "#server/features/config/routes.ts";
import { healthRoutes } from "#server/features/health/routes.ts";
import type { gatehouseOrganizations } from "#server/features/organizations/plugin.ts";
import { outboxRoutes } from "#server/features/outbox/routes.ts";

export interface ProductApiDeps {
  config: Config;
  auth: Auth;
  database: AppDatabase;
  /** Resolves when every backing service answers (database, Redis). */
  ready: () => Promise<void>;
}

/**
 * The product's own routes, mounted under /api by createApp (http/app.ts). Chained, so that its type
 * carries every route: the web app calls it with `hc<ProductApi>("/api")` from hono/client.
 */
export function productApi({ config, auth, database, ready }: ProductApiDeps) {
  // Without the outbox the path is simply absent (the /api 404); the type keeps it for the client.
  const outbox = config.outboxEnabled
    ? outboxRoutes(database.db, { auth, adminsOnly: config.isProduction })
    : (new Hono() as ReturnType<typeof outboxRoutes>);
  return new Hono()
    .route("/config", configRoutes(config))
    .route("/admin", adminRoutes(auth, database.db))
    .route("/", healthRoutes(ready))
    .route("/dev/outbox", outbox);
}

export type ProductApi = ReturnType<typeof productApi>;

/**
 * Gatehouse's own better-auth endpoints (the accounts and organizations plugins), as a plugin type: the web
 * app's client plugin infers their client methods from it (`$InferServerPlugin`, src/web/lib/auth-client.ts).
 */
export interface AuthAdditions {
  id: "gatehouse";
  endpoints: ReturnType<typeof accountsPlugin>["endpoints"] &
    ReturnType<typeof gatehouseOrganizations>["endpoints"];
}
