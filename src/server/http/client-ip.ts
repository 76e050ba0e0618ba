import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The client's address: the socket's peer, or — only with TRUST_PROXY — the
 * last X-Forwarded-For entry, the one our own proxy appended (anything left of
 * it came from the client and could be forged).
 */
export function clientIp(c: Context, trustProxy: boolean): string | undefined {
  let socket: string | undefined;
  try {
    socket = getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests has no socket.
  }
  return clientAddress(c.req.header("x-forwarded-for"), socket, trustProxy);
}

/** The same rule from a request's X-Forwarded-For header and its socket's peer address. */
export function clientAddress(
  forwardedFor: string | undefined,
  socket: string | undefined,
  trustProxy: boolean,
): string | undefined {
  if (trustProxy) {
    const last = forwardedFor?.split(",").pop()?.trim();
    if (last) return last;
  }
  return socket;
}
