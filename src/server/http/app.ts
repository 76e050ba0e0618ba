import { existsSync, mkdirSync } from "node:fs";
import {
  oauthProviderAuthServerMetadata,
  oauthProviderOpenIdConfigMetadata,
} from "@better-auth/oauth-provider";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { type Auth, CLIENT_IP_HEADER, withRequestId } from "#server/auth/auth.ts";
import type { Config } from "#server/boot/config.ts";
import type { Logger } from "#server/boot/logger.ts";
import { clientIp } from "#server/http/client-ip.ts";
import { MANIFEST_PATH, type ScreenHints } from "#server/http/screen-hints.ts";
import { securityHeaders } from "#server/http/security-headers.ts";
import {
  INTERNAL_ERROR_BODY,
  isServiceUnavailable,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_BODY,
  withOutageTracking,
} from "#server/http/unavailable.ts";
import { LIMITS } from "#shared/limits.ts";

export interface AppDeps {
  config: Config;
  auth: Auth;
  logger: Logger;
  /** The product routes (boot/product-api.ts), mounted under /api. */
  api: Hono;
  /** What a signed-in screen will load, announced with index.html (screen-hints.ts). */
  screenHints?: ScreenHints;
}

/** Headers a client may send that would let it pick its own address. */
const SPOOFABLE_IP_HEADERS = [CLIENT_IP_HEADER, "x-forwarded-for", "x-real-ip", "forwarded"];

function authRequest(c: Parameters<typeof clientIp>[0], trustProxy: boolean): Request {
  const headers = new Headers(c.req.raw.headers);
  for (const name of SPOOFABLE_IP_HEADERS) headers.delete(name);
  const ip = clientIp(c, trustProxy);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  return new Request(c.req.raw, { headers });
}

export function createApp({ config, auth, logger, api, screenHints }: AppDeps) {
  const app = new Hono();

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      {
        reqId: c.get("requestId"),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });
  app.use(securityHeaders(config.https));
  const limitBody = bodyLimit({
    maxSize: LIMITS.bodyBytes,
    onError: (c) => c.json({ code: "PAYLOAD_TOO_LARGE", message: "Request body is larger than 1 MB" }, 413),
  });
  // Only for requests with a body: the check reads `Request.body`, which makes @hono/node-server build the
  // whole Request for a GET (a third of a small GET's cost).
  app.use("/api/*", (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitBody(c, next),
  );
  // PUT, PATCH and DELETE: the SCIM protocol's (@better-auth/scim, issue 19); better-auth answers the rest.
  app.on(["GET", "POST", "PUT", "PATCH", "DELETE"], "/api/auth/*", async (c) => {
    // An unexpected error leaves the handler (auth.ts, onAPIError.throw) for app.onError below; better-auth's
    // own 5xx answers (an APIError: a session it could not make…) are JSON already, logged here.
    const res = await withOutageTracking(() =>
      auth.handler(withRequestId(authRequest(c, config.trustProxy), c.get("requestId"))),
    );
    if (res.status >= 500 && res.status !== 503) {
      const { code, message } = await res
        .clone()
        .json()
        .catch(() => ({}) as { code?: unknown; message?: unknown });
      logger.error({ reqId: c.get("requestId"), status: res.status, code, message }, "auth error");
    }
    const out = new Response(res.body, res);
    out.headers.set("Cache-Control", "no-store");
    // better-auth's limiter names the wait in X-Retry-After only; HTTP clients read Retry-After (RFC 9110).
    const wait = out.status === 429 ? out.headers.get("X-Retry-After") : null;
    if (wait && !out.headers.has("Retry-After")) out.headers.set("Retry-After", wait);
    return out;
  });

  // Discovery at the root as well as under the issuer (/api/auth): clients configured with the site's
  // origin look for it here; RFC 8414 places an issuer-with-path's metadata after the well-known name.
  const openIdConfig = oauthProviderOpenIdConfigMetadata(auth);
  const authServerMetadata = oauthProviderAuthServerMetadata(auth);
  app.get("/.well-known/openid-configuration", (c) => openIdConfig(c.req.raw));
  app.get("/.well-known/oauth-authorization-server/api/auth", (c) => authServerMetadata(c.req.raw));

  app.route("/api", api);
  app.all("/api/*", (c) => c.json({ code: "NOT_FOUND", message: "No such API route" }, 404));

  mountSpa(app, config.staticDir, screenHints);

  app.onError((err, c) => {
    if (err instanceof HTTPException) {
      return c.json({ code: "HTTP_ERROR", message: err.message || "Bad request" }, err.status);
    }
    if (isServiceUnavailable(err)) {
      // The database (or another backing service) is briefly away: the client may retry; the process lives on.
      logger.warn({ reqId: c.get("requestId"), err: err.message }, "service unavailable");
      c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      c.header("Cache-Control", "no-store");
      return c.json(UNAVAILABLE_BODY, 503);
    }
    logger.error({ reqId: c.get("requestId"), err: err.message, stack: err.stack }, "unhandled error");
    c.header("Cache-Control", "no-store");
    return c.json(INTERNAL_ERROR_BODY, 500);
  });
  return app;
}

/** Built assets (hashed, cached for a year) and index.html for every other GET. */
function mountSpa(app: Hono, staticDir: string, screenHints: ScreenHints | undefined) {
  if (!existsSync(staticDir)) mkdirSync(staticDir, { recursive: true });
  const root = staticDir;
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
  });
  // The build wrote .br and .gz beside each file (scripts/compress-build.mjs): sent by Accept-Encoding, with Vary.
  app.use("/assets/*", serveStatic({ root, precompressed: true }));
  app.get("/assets/*", (c) => c.text("Not found", 404));
  // The build's manifest is for the server (screen-hints.ts), not for visitors.
  app.get(`/${MANIFEST_PATH.split("/")[0]}/*`, (c) => c.text("Not found", 404));
  app.use("*", serveStatic({ root, precompressed: true }));
  // Every other path is a screen of the app: index.html, compressed too (it carries the loading shell).
  app.get(
    "*",
    async (c, next) => {
      await next();
      if (c.res.status !== 200) return;
      // Hints only help: a database away (or any failure reading them) leaves the page without them.
      const links = await screenHints?.({
        path: c.req.path,
        search: new URL(c.req.url).search.slice(1),
        cookie: c.req.header("cookie"),
        acceptLanguage: c.req.header("accept-language"),
      }).catch(() => undefined);
      // Hints may be this person's (their organizations' ids): never kept by a shared cache.
      c.res.headers.set("Cache-Control", links ? "private, no-cache" : "no-cache");
      c.res.headers.append("Vary", "Cookie, Accept-Language");
      if (links) c.res.headers.set("Link", links);
    },
    serveStatic({ root, path: "index.html", precompressed: true }),
    (c) => c.text("The web app is not built: run `npm run build` (npm start does it for you).", 503),
  );
}
