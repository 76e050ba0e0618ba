import type { SmtpSink } from "./smtp-sink.ts";
import { cookiesFrom } from "./test-app.ts";
import { signUpThroughMail, type UserInput } from "./users.ts";

/** The origin spawned servers are configured with (BETTER_AUTH_URL), sent on every call. */
export const REMOTE_ORIGIN = "http://127.0.0.1";

export interface RemoteResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on whatever JSON came back
  body: any;
  contentType: string;
  cookie: string;
}

/** One call to a spawned server: POST with `json`, else GET; redirects are not followed. */
export async function call(
  baseUrl: string,
  path: string,
  { cookie, json, signal }: { cookie?: string; json?: unknown; signal?: AbortSignal } = {},
): Promise<RemoteResponse> {
  const headers: Record<string, string> = { origin: REMOTE_ORIGIN };
  if (cookie) headers.cookie = cookie;
  if (json !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${baseUrl}${path}`, {
    method: json !== undefined ? "POST" : "GET",
    headers,
    body: json !== undefined ? JSON.stringify(json) : undefined,
    redirect: "manual",
    signal,
  });
  const text = await res.text();
  const contentType = res.headers.get("content-type") ?? "";
  let body: unknown = text;
  if (contentType.includes("application/json") && text) body = JSON.parse(text);
  return { status: res.status, body, contentType, cookie: cookiesFrom(res) };
}

/** Signs up on a spawned server, follows the mailed verification link there, and returns the session cookie. */
export async function signUpVerifiedRemote(
  baseUrl: string,
  sink: SmtpSink,
  user: UserInput,
): Promise<string> {
  return signUpThroughMail(fetchFrom(baseUrl, REMOTE_ORIGIN), sink, user, {
    linkBase: REMOTE_ORIGIN,
    timeoutMs: 10_000,
  });
}

/** A Requester over real HTTP: `origin` on every call, POST with `json`, redirects not followed. */
export function fetchFrom(baseUrl: string, origin: string) {
  return (path: string, init: { json?: unknown } = {}) =>
    fetch(`${baseUrl}${path}`, {
      method: init.json !== undefined ? "POST" : "GET",
      headers: {
        origin,
        ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      redirect: "manual",
    });
}
