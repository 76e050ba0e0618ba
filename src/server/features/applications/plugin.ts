import type { BetterAuthPlugin } from "better-auth";
import { overrideHooks } from "#server/auth/overrides.ts";
import type { Db } from "#server/db/tables.ts";
import { authorizeErrorScreen } from "./error-screen.ts";
import { revokeGrantOverride } from "./grants.ts";

/**
 * "Sign in with Gatehouse" beyond @better-auth/oauth-provider's defaults: a revoked grant takes the app's
 * tokens with it, and the authorization errors that cannot go back to the app get Gatehouse's own page.
 */
export function applicationsPlugin({ db, baseURL }: { db: Db; baseURL: string }) {
  return {
    id: "gatehouse-applications",
    hooks: { before: overrideHooks([revokeGrantOverride(db)]) },
    onResponse: authorizeErrorScreen(baseURL),
  } satisfies BetterAuthPlugin;
}
