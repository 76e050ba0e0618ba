import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from "node:http";
import type { Logger } from "#server/boot/logger.ts";
import type { FastIntrospection } from "#server/http/introspection-fast-path.ts";
import type { FastJwks } from "#server/http/jwks-fast-path.ts";
import { securityHeaderValues } from "#server/http/security-headers.ts";
import type { FastSession } from "#server/http/session-fast-path.ts";
import {
  INTERNAL_ERROR_BODY,
  isServiceUnavailable,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_BODY,
} from "#server/http/unavailable.ts";

/**
 * The few GET calls every page of an app makes are answered straight on Node's request, before Hono
 * builds a Request and better-auth runs its endpoint pipeline (the performance requirements: those cost ~10× the answer
 * itself). A hot route returns the JSON body, or undefined to hand the request to the full app
 * unchanged — as it also is when the route throws, except for a lost backing service, answered with the
 * app's own 503 at once: the full app would only repeat the failed work, and wait again on whatever held it
 * (the faults test once hung on a table lock that way). Only exact paths without a query string match.
 * Tests pin that both ways answer the same status, body and headers.
 */
/** A hot answer's JSON: a string, or bytes already encoded (an answer shared by many requests). */
export type HotBody = string | Buffer;

export interface HotRoute {
  (req: IncomingMessage, body: string): Promise<HotBody | undefined> | HotBody | undefined;
  /** Headers of this route's answer beside the common ones (what the full app adds to it). */
  headers?: Record<string, string>;
}
/**
 * GET routes by exact path; POST routes by "POST " + exact path. A POST route gets the body (at most
 * HOT_BODY_BYTES, with a Content-Length); the body is kept on the request (`rawBody`, which
 * @hono/node-server reads instead of the spent stream) for the full app when the route declines.
 */
export type HotRoutes = ReadonlyMap<string, HotRoute>;

/** The largest POST body a hot route reads; a longer one (or one without Content-Length) goes the full way. */
export const HOT_BODY_BYTES = 8 * 1024;

/** Marks a hot answer, so tests (and curious operators) can tell which way a request went. */
export const HOT_TIMING = "gatehouse;desc=hot";

export interface HotRouteDeps {
  fastSession?: FastSession;
  fastIntrospection?: FastIntrospection;
  /**
   * The answer of organization/list for a user, as encoded JSON (the organizations feature, wired by
   * boot/server.ts; on SQLite remembered until the next commit).
   */
  organizationList: (userId: string) => Buffer | Promise<Buffer>;
  fastJwks?: FastJwks;
}

export function createHotRoutes({
  fastSession,
  fastIntrospection,
  organizationList,
  fastJwks,
}: HotRouteDeps): HotRoutes {
  const routes = new Map<string, HotRoute>([["/api/auth/ok", () => '{"ok":true}']]);
  // The signing keys every resource server fetches: unlimited both ways (auth.ts), as get-session.
  if (fastJwks) routes.set(fastJwks.path, () => fastJwks.answer());
  if (fastIntrospection) {
    const introspect: HotRoute = (req, body) => fastIntrospection.answer(req, body);
    // better-auth's OAuth answers carry the legacy `Pragma: no-cache` beside `Cache-Control: no-store`.
    introspect.headers = { pragma: "no-cache" };
    routes.set("POST /api/auth/oauth2/introspect", introspect);
  }
  if (fastSession) {
    routes.set("/api/auth/get-session", (req) => {
      // A request with an API key is answered by better-auth, which authenticates it by the key alone.
      if (req.headers["x-api-key"]) return undefined;
      return fastSession.read(req.headers.cookie, (found) => found?.json);
    });
    // better-auth's rate limiter is not in this path: auth.ts exempts organization/list as it does
    // get-session, so both ways behave the same.
    routes.set("/api/auth/organization/list", (req) => {
      if (req.headers["x-api-key"]) return undefined;
      return fastSession.read(req.headers.cookie, (found) =>
        found ? organizationList(found.userId) : undefined,
      );
    });
  }
  return routes;
}

/** Wraps the app's Node listener: hot routes first, everything else (and every hot miss) to the app. */
export function withHotPaths(
  routes: HotRoutes,
  app: RequestListener,
  options: { https: boolean; logger: Logger },
): RequestListener {
  const headers = {
    "content-type": "application/json",
    "cache-control": "no-store",
    "server-timing": HOT_TIMING,
    ...securityHeaderValues(options.https),
  };
  const { logger } = options;
  // Each route's constant headers, merged once, and copied per answer with Object.assign rather than spread:
  // in this Node's V8 an object built by spreading another ends up in the old generation, so every answer
  // left garbage there for a full collection (a bare node:http server answering `{ ...headers, … }` under load
  // ran a full collection every second, with Object.assign none). Decision 45.
  const routeHeaders = new WeakMap<HotRoute, Record<string, string>>();
  const headersOf = (route: HotRoute) => {
    let fixed = routeHeaders.get(route);
    if (!fixed) {
      fixed = Object.assign({}, headers, route.headers);
      routeHeaders.set(route, fixed);
    }
    return fixed;
  };
  const withLength = (fixed: Record<string, string>, body: HotBody): OutgoingHttpHeaders => {
    const all: OutgoingHttpHeaders = Object.assign({}, fixed);
    all["content-length"] = Buffer.byteLength(body);
    return all;
  };
  const answer = (route: HotRoute, req: IncomingMessage, res: ServerResponse, body: string) => {
    const started = performance.now();
    const send = (json: HotBody | undefined) => {
      if (json === undefined) return app(req, res);
      res.writeHead(200, withLength(headersOf(route), json));
      res.end(json);
      if (logger.isLevelEnabled("info")) {
        const ms = Math.round(performance.now() - started);
        logger.info({ method: req.method, path: req.url, status: 200, ms, hot: true }, "request");
      }
    };
    const fail = (err: unknown) => {
      if (!isServiceUnavailable(err)) {
        logger.warn(
          { path: req.url, err: (err as Error)?.message },
          "hot path failed: handed to the full app",
        );
        return app(req, res);
      }
      logger.warn({ path: req.url, err: (err as Error).message }, "service unavailable");
      const unavailable = JSON.stringify(UNAVAILABLE_BODY);
      res.writeHead(
        503,
        withLength(Object.assign({}, headers, { "retry-after": String(RETRY_AFTER_SECONDS) }), unavailable),
      );
      res.end(unavailable);
    };
    // Answering itself failed (a route's answer that is neither a string nor bytes…): the app's JSON 500, logged
    // once.
    const broken = (err: unknown) => {
      logger.error(
        { path: req.url, err: (err as Error)?.message, stack: (err as Error)?.stack },
        "unhandled error",
      );
      if (res.headersSent) return void res.destroy();
      const internal = JSON.stringify(INTERNAL_ERROR_BODY);
      res.writeHead(500, { ...headers, "content-length": Buffer.byteLength(internal) });
      res.end(internal);
    };
    let answered: ReturnType<HotRoute>;
    try {
      answered = route(req, body);
    } catch (err) {
      return fail(err);
    }
    const sent = (json: HotBody | undefined) => {
      try {
        send(json);
      } catch (err) {
        broken(err);
      }
    };
    // An answer now (a string, bytes, undefined; anything else is the route's bug, a 500) or a promise of one.
    if (!(answered instanceof Promise)) return sent(answered);
    // One promise more per request, not two: each runs every AsyncLocalStorage's hooks (coalesced-lookup.ts).
    answered.then(sent, (err) => {
      try {
        fail(err);
      } catch (thrown) {
        broken(thrown);
      }
    });
  };
  return (req, res) => {
    if (req.method === "GET") {
      const route = req.url ? routes.get(req.url) : undefined;
      return route ? answer(route, req, res, "") : app(req, res);
    }
    const route = req.method === "POST" && req.url ? routes.get(`POST ${req.url}`) : undefined;
    const length = Number(req.headers["content-length"]);
    if (!route || !(length <= HOT_BODY_BYTES) || req.headers["transfer-encoding"]) return app(req, res);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => {
      const raw = Buffer.concat(chunks);
      // The full app reads this instead of the stream this has spent (@hono/node-server's rawBody).
      (req as IncomingMessage & { rawBody?: Buffer }).rawBody = raw;
      answer(route, req, res, raw.toString("utf8"));
    });
  };
}
