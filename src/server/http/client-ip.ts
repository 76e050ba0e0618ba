import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The client's address: the socket's peer, or — only with TRUST_PROXY — the
 * last X-Forwarded-For entry, the one our own proxy appended (anything left of
 * it came from the client and could be forged).
 */
export function clientIp(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for");
    const last = forwarded?.split(",").pop()?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests has no socket.
    return undefined;
  }
}
