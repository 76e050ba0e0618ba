import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Auth, CLIENT_IP_HEADER } from "#server/auth/auth.ts";

/**
 * better-auth's own rate limiter, for a hot path that answers one of its endpoints: the very function its
 * router calls before every endpoint (`onRequestRateLimit`, with its rules, plugins' rules, customRules
 * and storage — memory, database or Redis). better-auth does not export it, so it is loaded from the
 * installed copy's file, which is the same module instance better-auth itself uses (packages stay external
 * in the server bundle; better-auth is pinned exactly). Undefined when it cannot be loaded: the hot path
 * must then leave everything to better-auth.
 */
export type AuthRateLimit = (path: string, ip: string | undefined) => Promise<boolean>;

type Limiter = (req: unknown, ctx: unknown) => Promise<Response | undefined>;

export async function loadAuthRateLimit(auth: Auth): Promise<AuthRateLimit | undefined> {
  const ctx = await auth.$context;
  let onRequestRateLimit: Limiter | undefined;
  try {
    const api = createRequire(import.meta.url).resolve("better-auth/api");
    const file = pathToFileURL(join(dirname(api), "rate-limiter", "index.mjs")).href;
    ({ onRequestRateLimit } = (await import(file)) as { onRequestRateLimit?: Limiter });
  } catch {
    return undefined;
  }
  if (typeof onRequestRateLimit !== "function") return undefined;
  const limiter = onRequestRateLimit;
  const base = `${ctx.baseURL}`;
  /** Counts the request as better-auth's router would; false when better-auth would answer it 429. */
  return async (path, ip) => {
    const headers = new Headers(ip ? { [CLIENT_IP_HEADER]: ip } : {});
    return (await limiter({ url: `${base}${path}`, method: "POST", headers }, ctx)) === undefined;
  };
}
