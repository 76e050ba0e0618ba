import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparableHeaders, servedHot } from "../support/hot-paths.ts";
import { redirectOf } from "../support/redirects.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signIn, signUpVerified } from "../support/users.ts";

const ADMIN_EMAIL = "apps-admin@example.test";
const REDIRECT_URI = "https://app.example.test/callback";
const INTROSPECT = "/api/auth/oauth2/introspect";

interface App {
  clientId: string;
  secret: string;
  basic: string;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** A confidential web app (client_secret_basic), registered by an admin. */
async function registerApp(t: TestApp, adminCookie: string, name: string): Promise<App> {
  const res = await t.request("/api/auth/oauth2/create-client", {
    cookie: adminCookie,
    json: {
      client_name: name,
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: "client_secret_basic",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    },
  });
  const body = (await res.json()) as { client_id: string; client_secret: string };
  expect(res.status, JSON.stringify(body)).toBe(201);
  const basic = `Basic ${Buffer.from(`${body.client_id}:${body.client_secret}`).toString("base64")}`;
  return { clientId: body.client_id, secret: body.client_secret, basic };
}

/** An access and refresh token for the signed-in user, through authorize → consent → token. */
async function tokensFor(
  t: TestApp,
  cookie: string,
  app: App,
  scope = "openid profile email offline_access",
) {
  const verifier = randomBytes(32).toString("base64url");
  const query = new URLSearchParams({
    response_type: "code",
    client_id: app.clientId,
    redirect_uri: REDIRECT_URI,
    scope,
    state: "s",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  });
  let target = (await redirectOf(await t.request(`/api/auth/oauth2/authorize?${query}`, { cookie }))) ?? "";
  if (!target.startsWith(REDIRECT_URI)) {
    const consent = new URL(target, t.config.baseURL);
    target =
      (await redirectOf(
        await t.request("/api/auth/oauth2/consent", {
          cookie,
          json: { accept: true, oauth_query: consent.search.slice(1) },
        }),
      )) ?? "";
  }
  const code = new URL(target).searchParams.get("code") ?? "";
  const res = await t.request("/api/auth/oauth2/token", {
    method: "POST",
    headers: { authorization: app.basic, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    }).toString(),
  });
  const tokens = (await res.json()) as { access_token: string; refresh_token: string };
  expect(res.status, JSON.stringify(tokens)).toBe(200);
  return tokens;
}

// The introspection fast path (http/introspection-fast-path.ts) answers a plainly valid request on Node's
// request, before Hono and better-auth: it must answer exactly what the full path answers, and leave every
// doubtful request — revoked, another client's, a disabled client, a signed-out or banned user… — to it.
describe(`introspection fast path over HTTP (${testDatabase})`, () => {
  let t: TestApp;
  let base: string;
  let adminCookie: string;
  let appA: App;
  let appB: App;

  interface Ask {
    authorization?: string;
    contentType?: string;
    body: string;
  }

  /**
   * The same introspection request over HTTP (hot paths first, as production serves it) and straight to the
   * full app; both answers must agree in status, body and headers.
   */
  async function bothWays({ authorization, contentType = "application/x-www-form-urlencoded", body }: Ask) {
    const headers: Record<string, string> = { "content-type": contentType };
    if (authorization) headers.authorization = authorization;
    const hot = await fetch(`${base}${INTROSPECT}`, { method: "POST", headers, body });
    const full = await t.request(INTROSPECT, { method: "POST", headers, body });
    expect(servedHot(full)).toBe(false);
    const hotBody = await hot.json();
    expect({ status: hot.status, body: hotBody }).toEqual({ status: full.status, body: await full.json() });
    expect(comparableHeaders(hot)).toEqual(comparableHeaders(full));
    return { hot: servedHot(hot), status: hot.status, body: hotBody as Record<string, unknown> };
  }

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
    base = await t.listen();
    adminCookie = (await signUpVerified(t, createUser({ email: ADMIN_EMAIL }))).cookie;
    appA = await registerApp(t, adminCookie, "App A");
    appB = await registerApp(t, adminCookie, "App B");
  });
  afterAll(() => t.close());

  it("answers a valid access token itself, with the full path's exact JSON and headers", async () => {
    const user = await signUpVerified(t);
    const { access_token } = await tokensFor(t, user.cookie, appA);
    for (const body of [
      form({ token: access_token }),
      form({ token: access_token, token_type_hint: "access_token" }),
    ]) {
      const answer = await bothWays({ authorization: appA.basic, body });
      expect(answer.hot).toBe(true);
      expect(answer.body).toMatchObject({
        active: true,
        client_id: appA.clientId,
        azp: appA.clientId,
        iss: `${t.config.baseURL}/api/auth`,
        scope: "openid profile email offline_access",
        token_type: "Bearer",
        sub: expect.any(String),
        sid: expect.any(String),
      });
      expect(answer.body.exp).toBeGreaterThan(answer.body.iat as number);
    }
  });

  it("leaves a revoked token to the full path: inactive both ways", async () => {
    const user = await signUpVerified(t);
    const { access_token } = await tokensFor(t, user.cookie, appA);
    expect((await bothWays({ authorization: appA.basic, body: form({ token: access_token }) })).hot).toBe(
      true,
    );
    const revoked = await t.request("/api/auth/oauth2/revoke", {
      method: "POST",
      headers: { authorization: appA.basic, "content-type": "application/x-www-form-urlencoded" },
      body: form({ token: access_token, token_type_hint: "access_token" }),
    });
    expect(revoked.status).toBe(200);
    const answer = await bothWays({ authorization: appA.basic, body: form({ token: access_token }) });
    expect(answer).toMatchObject({ hot: false, body: { active: false } });
  });

  it("leaves another client's token, a wrong secret and an unknown token to the full path", async () => {
    const user = await signUpVerified(t);
    const { access_token } = await tokensFor(t, user.cookie, appA);
    const otherClient = await bothWays({ authorization: appB.basic, body: form({ token: access_token }) });
    expect(otherClient).toMatchObject({ hot: false, body: { active: false } });

    const wrongSecret = `Basic ${Buffer.from(`${appA.clientId}:not-the-secret`).toString("base64")}`;
    const refused = await bothWays({ authorization: wrongSecret, body: form({ token: access_token }) });
    expect(refused).toMatchObject({ hot: false, status: 401, body: { error: "invalid_client" } });

    const unknown = await bothWays({ authorization: appA.basic, body: form({ token: "x".repeat(32) }) });
    expect(unknown).toMatchObject({ hot: false, body: { active: false } });
  });

  it("leaves unusual requests to the full path: secret in the body, JSON, a refresh token, other fields", async () => {
    const user = await signUpVerified(t);
    const tokens = await tokensFor(t, user.cookie, appA);
    const inBody = await bothWays({
      body: form({ token: tokens.access_token, client_id: appA.clientId, client_secret: appA.secret }),
    });
    expect(inBody.hot).toBe(false);
    const json = await bothWays({
      authorization: appA.basic,
      contentType: "application/json",
      body: JSON.stringify({ token: tokens.access_token }),
    });
    expect(json.hot).toBe(false);
    const refresh = await bothWays({
      authorization: appA.basic,
      body: form({ token: tokens.refresh_token }),
    });
    expect(refresh).toMatchObject({ hot: false, body: { active: true } });
    const hinted = await bothWays({
      authorization: appA.basic,
      body: form({ token: tokens.access_token, token_type_hint: "refresh_token" }),
    });
    expect(hinted.hot).toBe(false);
    const missing = await bothWays({ authorization: appA.basic, body: "" });
    expect(missing).toMatchObject({ hot: false, status: 400, body: { error: "invalid_request" } });
  });

  it("leaves a disabled client's requests to the full path, which refuses them", async () => {
    const app = await registerApp(t, adminCookie, "Soon disabled");
    const user = await signUpVerified(t);
    const { access_token } = await tokensFor(t, user.cookie, app);
    expect((await bothWays({ authorization: app.basic, body: form({ token: access_token }) })).hot).toBe(
      true,
    );
    const ctx = await t.server.auth.$context;
    await ctx.adapter.update({
      model: "oauthClient",
      where: [{ field: "clientId", value: app.clientId }],
      update: { disabled: true },
    });
    const answer = await bothWays({ authorization: app.basic, body: form({ token: access_token }) });
    expect(answer).toMatchObject({ hot: false, status: 401, body: { error: "invalid_client" } });
  });

  it("leaves a token whose session was signed out to the full path", async () => {
    const user = await signUpVerified(t);
    const { access_token } = await tokensFor(t, user.cookie, appA);
    expect((await bothWays({ authorization: appA.basic, body: form({ token: access_token }) })).hot).toBe(
      true,
    );
    // Signed out everywhere: every session of the user ends.
    const other = await signIn(t, { email: user.email, password: user.password });
    const res = await t.request("/api/auth/revoke-sessions", { cookie: other, json: {} });
    expect(res.status).toBe(200);
    expect((await bothWays({ authorization: appA.basic, body: form({ token: access_token }) })).hot).toBe(
      false,
    );
  });

  it("leaves a banned user's and a deleted user's tokens to the full path", async () => {
    const banned = await signUpVerified(t);
    const deleted = await signUpVerified(t);
    const bannedTokens = await tokensFor(t, banned.cookie, appA);
    const deletedTokens = await tokensFor(t, deleted.cookie, appA);
    const idOf = async (cookie: string) =>
      ((await (await t.request("/api/auth/get-session", { cookie })).json()) as { user: { id: string } }).user
        .id;
    const [bannedId, deletedId] = [await idOf(banned.cookie), await idOf(deleted.cookie)];
    for (const tokens of [bannedTokens, deletedTokens]) {
      const answer = await bothWays({
        authorization: appA.basic,
        body: form({ token: tokens.access_token }),
      });
      expect(answer.hot).toBe(true);
    }
    const ban = await t.request("/api/auth/admin/ban-user", {
      cookie: adminCookie,
      json: { userId: bannedId },
    });
    expect(ban.status).toBe(200);
    const remove = await t.request("/api/auth/admin/remove-user", {
      cookie: adminCookie,
      json: { userId: deletedId },
    });
    expect(remove.status).toBe(200);
    for (const tokens of [bannedTokens, deletedTokens]) {
      const answer = await bothWays({
        authorization: appA.basic,
        body: form({ token: tokens.access_token }),
      });
      expect(answer.hot).toBe(false);
    }
  });

  it("leaves a token with the organizations scope to the full path, whose hook adds the active organization", async () => {
    const user = await signUpVerified(t);
    const org = await t.request("/api/auth/organization/create", {
      cookie: user.cookie,
      json: { name: "Scoped", slug: `scoped-${randomBytes(4).toString("hex")}` },
    });
    expect(org.status).toBe(200);
    const { access_token } = await tokensFor(t, user.cookie, appA, "openid organizations");
    const answer = await bothWays({ authorization: appA.basic, body: form({ token: access_token }) });
    expect(answer).toMatchObject({ hot: false, body: { active: true, org_id: expect.any(String) } });
  });

  it("leaves an expired token to the full path: inactive both ways", async () => {
    const user = await signUpVerified(t);
    const { access_token } = await tokensFor(t, user.cookie, appA);
    const ctx = await t.server.auth.$context;
    const hashed = createHash("sha256").update(access_token).digest("base64url");
    await ctx.adapter.update({
      model: "oauthAccessToken",
      where: [{ field: "token", value: hashed }],
      update: { expiresAt: new Date(Date.now() - 1000) },
    });
    const answer = await bothWays({ authorization: appA.basic, body: form({ token: access_token }) });
    expect(answer).toMatchObject({ hot: false, body: { active: false } });
  });
});

// In production introspection is limited per client (the shared counters: OIDC_INTROSPECTION_LIMIT a minute)
// and, by better-auth, per address (ten clients' worth). Answers from the fast path must count in both, or
// the limits would only see the doubtful requests.
describe(`introspection fast path and the rate limits (${testDatabase}, production)`, () => {
  let t: TestApp;
  let base: string;
  let adminCookie: string;
  const PER_CLIENT = 3;

  beforeAll(async () => {
    t = await startTestApp({
      NODE_ENV: "production",
      ADMIN_EMAILS: ADMIN_EMAIL,
      OIDC_INTROSPECTION_LIMIT: String(PER_CLIENT),
    });
    base = await t.listen();
    adminCookie = (await signUpVerified(t, createUser({ email: ADMIN_EMAIL }))).cookie;
  });
  afterAll(() => t.close());

  const ask = (app: App, token: string) =>
    fetch(`${base}${INTROSPECT}`, {
      method: "POST",
      headers: { authorization: app.basic, "content-type": "application/x-www-form-urlencoded" },
      body: form({ token }),
    });

  it("counts every answer against the client's limit and the address's", async () => {
    const apps: Array<{ app: App; token: string }> = [];
    for (let i = 0; i < 11; i++) {
      const app = await registerApp(t, adminCookie, `Limited ${i}`);
      apps.push({ app, token: (await tokensFor(t, adminCookie, app)).access_token });
    }
    const [first, ...others] = apps as [(typeof apps)[0], ...typeof apps];
    for (let i = 0; i < PER_CLIENT; i++) {
      const res = await ask(first.app, first.token);
      expect(res.status).toBe(200);
      expect(servedHot(res)).toBe(true);
    }
    const overClient = await ask(first.app, first.token);
    expect(overClient.status).toBe(429);
    expect(servedHot(overClient)).toBe(false);
    expect(((await overClient.json()) as { error: string }).error).toBe("temporarily_unavailable");

    // Nine more clients fill the address's ten clients' worth (the refused request above counted there once,
    // as better-auth counts it before the client's limit refuses it).
    let answered = PER_CLIENT + 1;
    for (const { app, token } of others.slice(0, 9)) {
      for (let i = 0; i < PER_CLIENT && answered < PER_CLIENT * 10; i++, answered++) {
        const res = await ask(app, token);
        expect(res.status).toBe(200);
        expect(servedHot(res)).toBe(true);
      }
    }
    const last = others[9] as (typeof apps)[0];
    const overAddress = await ask(last.app, last.token);
    expect(overAddress.status).toBe(429);
    expect(servedHot(overAddress)).toBe(false);
    expect(overAddress.headers.get("x-retry-after")).toMatch(/^\d+$/);
  });
});
