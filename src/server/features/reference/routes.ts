import { Hono } from "hono";
import type { Auth } from "#server/auth/auth.ts";
import { replacedBodies } from "#server/auth/overrides.ts";
import {
  type AuthQueryDoc,
  buildApiDocument,
  type ProductRouteDoc,
} from "#server/features/reference/document.ts";
import { renderReferencePage } from "#server/features/reference/page.ts";

export interface ReferenceDeps {
  auth: Auth;
  baseURL: string;
  https: boolean;
  productRoutes: ProductRouteDoc[];
  /** Auth API endpoints answered by Gatehouse's overrides, with the query they read. */
  authQueries?: Record<string, AuthQueryDoc>;
}

/**
 * GET /api/openapi.json (the auth API and the product routes in one OpenAPI 3.1 document) and GET
 * /api/reference (the same as a page without scripts). Public: it lists what any client may call; the
 * routes themselves keep their own checks (decision 20). Built once, on first request.
 */
export function referenceRoutes({ auth, baseURL, https, productRoutes, authQueries }: ReferenceDeps) {
  let built: Promise<{ json: string; html: string }> | undefined;
  function reference() {
    built ??= (async () => {
      // better-auth's openAPI plugin (boot/auth-features.ts) generates the auth API's part.
      const res = await auth.handler(new Request(`${baseURL}/api/auth/open-api/generate-schema`));
      if (!res.ok) throw new Error(`open-api/generate-schema answered ${res.status}`);
      const doc = buildApiDocument({
        authDocument: await res.json(),
        authQueries,
        authBodies: replacedBodies(auth.options.plugins ?? []),
        productRoutes,
        baseURL,
        sessionCookie: `${https ? "__Secure-" : ""}better-auth.session_token`,
      });
      return { json: JSON.stringify(doc), html: renderReferencePage(doc) };
    })().catch((err) => {
      built = undefined;
      throw err;
    });
    return built;
  }
  return new Hono()
    .get("/openapi.json", async (c) => {
      c.header("Cache-Control", "no-cache");
      return c.body((await reference()).json, 200, { "Content-Type": "application/json; charset=utf-8" });
    })
    .get("/reference", async (c) => {
      c.header("Cache-Control", "no-cache");
      return c.html((await reference()).html);
    });
}
