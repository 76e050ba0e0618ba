import type { IncomingMessage, RequestListener } from "node:http";
import type { Logger } from "#server/boot/logger.ts";
import { securityHeaderValues } from "#server/http/security-headers.ts";
import type { FastSession } from "#server/http/session-fast-path.ts";
import { isServiceUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_BODY } from "#server/http/unavailable.ts";

/**
 * The few GET calls every page of an app makes are answered straight on Node's request, before Hono
 * builds a Request and better-auth runs its endpoint pipeline (the performance requirements: those cost ~10× the answer
 * itself). A hot route returns the JSON body, or undefined to hand the request to the full app
 * unchanged — as it also is when the route throws, except for a lost backing service, answered with the
 * app's own 503 at once: the full app would only repeat the failed work, and wait again on whatever held it
 * (the faults test once hung on a table lock that way). Only exact paths without a query string match.
 * Tests pin that both ways answer the same status, body and headers.
 */
export type HotRoute = (req: IncomingMessage) => Promise<string | undefined> | string | undefined;
export type HotRoutes = ReadonlyMap<string, HotRoute>;

/** Marks a hot answer, so tests (and curious operators) can tell which way a request went. */
export const HOT_TIMING = "gatehouse;desc=hot";

export interface HotRouteDeps {
  fastSession?: FastSession;
  /** The answer of organization/list for a user (the organizations feature, wired by boot/server.ts). */
  organizationsOfUser: (userId: string) => Promise<unknown>;
}

export function createHotRoutes({ fastSession, organizationsOfUser }: HotRouteDeps): HotRoutes {
  const routes = new Map<string, HotRoute>([["/api/auth/ok", () => '{"ok":true}']]);
  if (fastSession) {
    routes.set("/api/auth/get-session", async (req) => {
      const found = await fastSession.read(req.headers.cookie);
      return found && JSON.stringify(found);
    });
    // better-auth's rate limiter is not in this path: auth.ts exempts organization/list as it does
    // get-session, so both ways behave the same.
    routes.set("/api/auth/organization/list", async (req) => {
      const found = await fastSession.read(req.headers.cookie);
      if (!found) return undefined;
      return JSON.stringify(await organizationsOfUser(found.user.id as string));
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
  return (req, res) => {
    const route = req.method === "GET" && req.url ? routes.get(req.url) : undefined;
    if (!route) return app(req, res);
    const started = performance.now();
    const send = (body: string | undefined) => {
      if (body === undefined) return app(req, res);
      res.writeHead(200, { ...headers, "content-length": Buffer.byteLength(body) });
      res.end(body);
      if (logger.isLevelEnabled("info")) {
        const ms = Math.round(performance.now() - started);
        logger.info({ method: "GET", path: req.url, status: 200, ms, hot: true }, "request");
      }
    };
    const fail = (err: unknown) => {
      if (!isServiceUnavailable(err)) return app(req, res);
      logger.warn({ path: req.url, err: (err as Error).message }, "service unavailable");
      const body = JSON.stringify(UNAVAILABLE_BODY);
      res.writeHead(503, {
        ...headers,
        "retry-after": String(RETRY_AFTER_SECONDS),
        "content-length": Buffer.byteLength(body),
      });
      res.end(body);
    };
    let answer: ReturnType<HotRoute>;
    try {
      answer = route(req);
    } catch (err) {
      return fail(err);
    }
    if (typeof answer !== "object") return send(answer);
    answer
      .then(send, fail)
      .catch((err: Error) => logger.error({ err: err.message, path: req.url }, "hot path failed"));
  };
}
