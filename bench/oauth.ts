// The OpenID provider's fixtures for the bench: a confidential app registered over HTTP, and tokens obtained
// through the real flow (authorize → consent → code + PKCE → token), as an app would get them.
import { createHash, randomBytes } from "node:crypto";

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  /** `Basic base64(client_id:client_secret)` (RFC 6749 §2.3.1). */
  basic: string;
  redirectUri: string;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

interface Site {
  url: string;
  name: string;
}

// Never visited: the code is read from the redirect itself. Web apps must register https redirect URIs.
const REDIRECT_URI = "https://app.bench.test/callback";
const SCOPE = "openid profile email offline_access";

let requests = 0;
/** Each fixture request from its own address (both servers trust X-Forwarded-For here): no rate limit bites. */
function clientAddress(): Record<string, string> {
  requests += 1;
  return { "x-forwarded-for": `172.17.${(requests >> 8) & 255}.${requests & 255}` };
}

function browserHeaders(site: Site, cookie: string, json = false): Record<string, string> {
  return {
    origin: site.url,
    cookie,
    ...clientAddress(),
    ...(json ? { "content-type": "application/json" } : {}),
  };
}

/**
 * Where an answer sends the browser: better-auth answers a fetch() (Node's sends Sec-Fetch-Mode: cors) with
 * `{ redirect: true, url }` instead of a 302.
 */
async function redirectOf(res: Response): Promise<string> {
  if (res.status >= 300 && res.status < 400) return res.headers.get("location") ?? "";
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { redirect?: boolean; url?: string; redirect_uri?: string };
    const to = body.redirect ? body.url : body.redirect_uri;
    if (to) return to;
  } catch {}
  throw new Error(`expected a redirect, got ${res.status} ${text.slice(0, 300)}`);
}

/** A confidential web app using client_secret_basic, registered by the signed-in (admin) user. */
export async function registerApp(site: Site, cookie: string): Promise<OAuthApp> {
  const res = await fetch(`${site.url}/api/auth/oauth2/create-client`, {
    method: "POST",
    headers: browserHeaders(site, cookie, true),
    body: JSON.stringify({
      client_name: "Bench app",
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: "client_secret_basic",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    }),
  });
  const body = (await res.json()) as { client_id?: string; client_secret?: string };
  if (!body.client_id || !body.client_secret) {
    throw new Error(`${site.name} create-client: ${res.status} ${JSON.stringify(body)}`);
  }
  return {
    clientId: body.client_id,
    clientSecret: body.client_secret,
    basic: `Basic ${Buffer.from(`${body.client_id}:${body.client_secret}`).toString("base64")}`,
    redirectUri: REDIRECT_URI,
  };
}

/** One authorization as the signed-in user, consented, and its code exchanged for tokens. */
export async function tokensThroughFlow(site: Site, cookie: string, app: OAuthApp): Promise<Tokens> {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const query = new URLSearchParams({
    response_type: "code",
    client_id: app.clientId,
    redirect_uri: app.redirectUri,
    scope: SCOPE,
    state: randomBytes(8).toString("hex"),
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  let target = await redirectOf(
    await fetch(`${site.url}/api/auth/oauth2/authorize?${query}`, {
      headers: browserHeaders(site, cookie),
      redirect: "manual",
    }),
  );
  if (!target.startsWith(app.redirectUri)) {
    // The consent page (its query is signed): approve it as the page would.
    const consent = new URL(target, site.url);
    target = await redirectOf(
      await fetch(`${site.url}/api/auth/oauth2/consent`, {
        method: "POST",
        headers: browserHeaders(site, cookie, true),
        body: JSON.stringify({ accept: true, oauth_query: consent.search.slice(1) }),
        redirect: "manual",
      }),
    );
  }
  const code = new URL(target).searchParams.get("code");
  if (!code) throw new Error(`${site.name}: no code in ${target}`);
  const res = await fetch(`${site.url}/api/auth/oauth2/token`, {
    method: "POST",
    headers: {
      authorization: app.basic,
      "content-type": "application/x-www-form-urlencoded",
      ...clientAddress(),
    },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: app.redirectUri,
      code_verifier: verifier,
    }),
  });
  const tokens = (await res.json()) as Partial<Tokens>;
  if (!tokens.access_token || !tokens.refresh_token) {
    throw new Error(`${site.name} token: ${res.status} ${JSON.stringify(tokens)}`);
  }
  return tokens as Tokens;
}

/** `n` refresh tokens, each from its own authorization, 4 flows at a time. */
export async function refreshTokens(site: Site, cookie: string, app: OAuthApp, n: number): Promise<string[]> {
  const out: string[] = [];
  while (out.length < n) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, n - out.length) }, () => tokensThroughFlow(site, cookie, app)),
    );
    out.push(...batch.map((t) => t.refresh_token));
  }
  return out;
}

/** The request an app's resource server sends to introspect a token (RFC 7662 §2.1), Basic-authenticated. */
export function introspectionSpec(site: Site, app: OAuthApp, token: string): Record<string, unknown> {
  return {
    url: `${site.url}/api/auth/oauth2/introspect`,
    method: "POST",
    headers: { authorization: app.basic, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token, token_type_hint: "access_token" }).toString(),
  };
}

/**
 * The JWKS request a resource server sends (RFC 7517), at the URI the provider's discovery document names —
 * the one an app's JOSE library fetches, not a path assumed here. The answer must list a key.
 */
export async function jwksSpec(site: Site): Promise<Record<string, unknown>> {
  const res = await fetch(`${site.url}/api/auth/.well-known/openid-configuration`);
  const { jwks_uri } = (await res.json()) as { jwks_uri?: string };
  if (!jwks_uri) throw new Error(`${site.name}: no jwks_uri in discovery (${res.status})`);
  const keys = (await (await fetch(jwks_uri)).json()) as { keys?: unknown[] };
  if (!keys.keys?.length) throw new Error(`${site.name}: the JWKS lists no key`);
  // No body check under load (autocannon would then buffer and search every answer on the load generator's
  // side, which the ceiling's turns do not pay): an answer other than the key set is not a 200 here.
  return { url: jwks_uri };
}
