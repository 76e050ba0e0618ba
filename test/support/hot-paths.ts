import { HOT_TIMING } from "#server/http/hot-paths.ts";

/** The answer came from a hot path (hot-paths.ts), not through Hono and better-auth. */
export const servedHot = (res: Response) => res.headers.get("server-timing") === HOT_TIMING;

/**
 * The headers a hot path and the full app must agree on: the transport's own and the hot marker aside,
 * and the legacy `Pragma: no-cache` better-auth's get-session adds beside `Cache-Control: no-store`.
 */
export function comparableHeaders(res: Response): Record<string, string> {
  const skip = new Set([
    "date",
    "connection",
    "keep-alive",
    "content-length",
    "transfer-encoding",
    "server-timing",
    "pragma",
  ]);
  return Object.fromEntries([...res.headers].filter(([name]) => !skip.has(name)));
}
