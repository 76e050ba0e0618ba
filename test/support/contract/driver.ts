import { createAuthClient } from "better-auth/client";
import { adminClient, organizationClient } from "better-auth/client/plugins";
import type { CookieJar } from "../cookie-jar.ts";

/** The origin both servers are configured with (BETTER_AUTH_URL); better-auth checks it on POSTs. */
export const CONTRACT_ORIGIN = "http://127.0.0.1";

/** better-auth's own client, exactly as an app configures it, with one user's cookies. */
export function authClientFor(serverUrl: string, jar: CookieJar) {
  return createAuthClient({
    baseURL: `${serverUrl}/api/auth`,
    plugins: [organizationClient({ teams: { enabled: true } }), adminClient()],
    fetchOptions: {
      // Node's fetch keeps no cookies and sends no Origin: this one does what a browser would.
      customFetchImpl: async (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set("origin", CONTRACT_ORIGIN);
        const cookie = jar.header;
        if (cookie) headers.set("cookie", cookie);
        const res = await fetch(input, { ...init, headers });
        jar.take(res);
        return res;
      },
    },
  });
}

export type ContractClient = ReturnType<typeof authClientFor>;

/** What the client handed back for one call. */
export interface Answer {
  status: number;
  data: unknown;
  error?: { status?: number; code?: string; message?: string };
}

/** A client call's result ({ data, error }), or what it threw, as an Answer. */
export async function answerOf(run: () => Promise<unknown>): Promise<Answer> {
  try {
    const result = (await run()) as { data?: unknown; error?: Answer["error"] | null };
    if (result?.error) return { status: result.error.status ?? 0, data: null, error: result.error };
    return { status: 200, data: result?.data ?? null };
  } catch (e) {
    return { status: 0, data: null, error: { message: e instanceof Error ? e.message : String(e) } };
  }
}
