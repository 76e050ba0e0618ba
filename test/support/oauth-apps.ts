import { createHash, randomBytes } from "node:crypto";
import { expect } from "vitest";
import { redirectOf } from "./redirects.ts";
import type { TestApp } from "./test-app.ts";

/** A loopback redirect URI (a native app's), which the provider accepts on http. */
export const LOOPBACK_REDIRECT = "http://127.0.0.1:47123/callback";

export interface RegisteredApp {
  client_id: string;
  client_secret?: string;
}

/** Registers an app as an admin through the provider's own endpoint, as the Applications screen does. */
export async function registerApp(
  t: TestApp,
  adminCookie: string,
  metadata: Record<string, unknown> = {},
): Promise<RegisteredApp> {
  const res = await t.request("/api/auth/oauth2/create-client", {
    cookie: adminCookie,
    json: {
      client_name: "Test app",
      redirect_uris: [LOOPBACK_REDIRECT],
      application_type: "native",
      token_endpoint_auth_method: "client_secret_basic",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      ...metadata,
    },
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body as RegisteredApp;
}

/** Where an answer sends the browser (redirectOf), as a URL on the test app's origin. */
export async function redirectUrlOf(res: Response): Promise<URL | undefined> {
  const href = await redirectOf(res);
  return href ? new URL(href, "http://localhost:3000") : undefined;
}

/** An authorization request's URL for an app (code + PKCE S256). */
export function authorizeUrl(clientId: string, params: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: LOOPBACK_REDIRECT,
    scope: "openid profile email offline_access",
    state: randomBytes(8).toString("hex"),
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...params,
  });
  return { url: `/api/auth/oauth2/authorize?${query}`, verifier };
}

/**
 * A signed-in person authorizes an app and allows it on the consent step, as the consent page does;
 * answers the code the app receives at its redirect URI, and the PKCE verifier. `params` adds to the
 * authorization request (a `resource`, another `scope`).
 */
export async function authorizeAndAllow(
  t: TestApp,
  cookie: string,
  clientId: string,
  params: Record<string, string> = {},
) {
  // prompt=consent: the consent step even when this person allowed the app before.
  const { url, verifier } = authorizeUrl(clientId, { prompt: "consent", ...params });
  const consent = await redirectUrlOf(await t.request(url, { cookie }));
  expect(consent?.pathname).toBe("/oauth/consent");
  const allowed = await t.request("/api/auth/oauth2/consent", {
    cookie,
    json: { accept: true, oauth_query: consent?.search.slice(1) },
  });
  const back = await redirectUrlOf(allowed);
  expect(back?.href.startsWith(`${LOOPBACK_REDIRECT}?`), back?.href).toBe(true);
  const code = back?.searchParams.get("code");
  expect(code).toBeTruthy();
  return { code: code as string, verifier };
}
