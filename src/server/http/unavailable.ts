import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Errors that mean a backing service is briefly out of reach rather than a bug: the request may succeed
 * if retried in a few seconds, so they are answered with 503 and Retry-After instead of 500.
 */

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

// PostgreSQL SQLSTATEs: class 08 is "connection exception"; 57P01–57P03 are shutdowns and start-up;
// 53300 is too_many_connections. SQLITE_BUSY is a lock still held after busy_timeout.
const DATABASE_CODES = new Set(["57P01", "57P02", "57P03", "53300", "SQLITE_BUSY"]);

const MESSAGES = [
  /connection terminated/i,
  /terminating connection/i,
  /timeout exceeded when trying to connect/i,
  /connection timeout/i,
  /client has encountered a connection error/i,
  /database system is (starting up|shutting down)/i,
];

/** Thrown by the readiness check, naming the service that did not answer. */
export class ServiceDownError extends Error {
  constructor(readonly service: "database" | "redis") {
    super(`${service} is unreachable`);
  }
}

export const UNAVAILABLE_BODY = {
  code: "SERVICE_UNAVAILABLE",
  message: "The service is briefly unavailable; please try again in a few seconds",
} as const;

/** Any other unexpected failure (app.ts, hot-paths.ts): logged with the details, answered without them. */
export const INTERNAL_ERROR_BODY = {
  code: "INTERNAL_SERVER_ERROR",
  message: "Something went wrong on our side",
} as const;

/** Seconds a client should wait before retrying (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 2;

/** True when `err` (or an error it wraps) is a lost or refused connection to a backing service. */
export function isServiceUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof code === "string" &&
      (NETWORK_CODES.has(code) || DATABASE_CODES.has(code) || code.startsWith("08"))
    ) {
      return true;
    }
    if (typeof message === "string" && MESSAGES.some((m) => m.test(message))) return true;
    if (e instanceof AggregateError && e.errors.some(isServiceUnavailable)) return true;
    e = cause;
  }
  return false;
}

const outage = new AsyncLocalStorage<{ seen: boolean }>();

/**
 * Notes, for the request being served, that a value (an error better-auth caught, or one it logged) is
 * an outage. better-auth turns some of those into a 500 and others into "no session" (401) before we see
 * them; see withOutageTracking.
 */
export function noteIfUnavailable(...values: unknown[]): void {
  const state = outage.getStore();
  if (state && !state.seen && values.some(isServiceUnavailable)) state.seen = true;
}

/**
 * Runs a request; an error answer given, or an error thrown, while a backing service was failing becomes a
 * clean 503. Any other thrown error is the caller's to answer.
 */
export async function withOutageTracking(run: () => Promise<Response>): Promise<Response> {
  const state = { seen: false };
  let res: Response;
  try {
    res = await outage.run(state, run);
  } catch (err) {
    if (!state.seen) throw err;
    return unavailableResponse();
  }
  if (!state.seen || res.status < 400) return res;
  return unavailableResponse();
}

function unavailableResponse(): Response {
  return Response.json(UNAVAILABLE_BODY, {
    status: 503,
    headers: { "retry-after": String(RETRY_AFTER_SECONDS), "cache-control": "no-store" },
  });
}
