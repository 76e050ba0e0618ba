import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf } from "../support/audit.ts";
import {
  authorizeAndAllow,
  authorizeUrl,
  LOOPBACK_REDIRECT,
  type RegisteredApp,
  redirectUrlOf,
  registerApp,
} from "../support/oauth-apps.ts";
import { startTestApp, TEST_ORIGIN, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, sessionOf, signUpVerified } from "../support/users.ts";

const ADMIN_EMAIL = "apps-admin@example.test";
/** The app's own API (OIDC_RESOURCES): an access token asked for it is a JWT with it as audience. */
const RESOURCE = "https://api.notebook.test";

/**
 * Account → Connected apps: the grants a person gave, and revoking one. openid-client is the app, over real
 * HTTP: once the grant is revoked, its refresh token is refused, and introspection calls its tokens inactive
 * and userinfo refuses them, opaque ones and JWTs (asked for a `resource`) alike.
 */
describe(`connected apps and revoking a grant (${testDatabase})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUpVerified>>;
  let ada: Awaited<ReturnType<typeof signUpVerified>>;
  let eve: Awaited<ReturnType<typeof signUpVerified>>;
  let app: RegisteredApp;
  let config: oidc.Configuration;

  beforeAll(async () => {
    t = await startTestApp({
      ADMIN_EMAILS: ADMIN_EMAIL,
      OIDC_RESOURCES: RESOURCE,
      OIDC_API_SCOPES: "notes:read",
    });
    admin = await signUpVerified(t, createUser({ email: ADMIN_EMAIL }));
    ada = await signUpVerified(t, createUser({ name: "Ada" }));
    eve = await signUpVerified(t, createUser({ name: "Eve" }));
    app = await registerApp(t, admin.cookie, {
      client_name: "Notebook",
      logo_uri: "https://example.com/logo.png",
    });
    const base = await t.listen();
    config = new oidc.Configuration(
      {
        issuer: `${TEST_ORIGIN}/api/auth`,
        token_endpoint: `${base}/api/auth/oauth2/token`,
        introspection_endpoint: `${base}/api/auth/oauth2/introspect`,
      },
      app.client_id,
      undefined,
      oidc.ClientSecretBasic(app.client_secret as string),
    );
    oidc.allowInsecureRequests(config);
  });
  afterAll(() => t.close());

  const callbackOf = (code: string) =>
    new URL(`${LOOPBACK_REDIRECT}?code=${code}&iss=${encodeURIComponent(`${TEST_ORIGIN}/api/auth`)}`);

  /** The app's tokens for a person who allows it; with `resource`, the access token is a JWT for that API. */
  async function tokensFor(cookie: string, resource?: string) {
    const extra = resource ? { resource } : undefined;
    const { code, verifier } = await authorizeAndAllow(t, cookie, app.client_id, extra);
    return oidc.authorizationCodeGrant(
      config,
      callbackOf(code),
      { pkceCodeVerifier: verifier, idTokenExpected: true },
      extra,
    );
  }

  /** openid-client's configuration for another app of the test. */
  function configFor(other: RegisteredApp) {
    const base = new URL(config.serverMetadata().token_endpoint as string).origin;
    const made = new oidc.Configuration(
      {
        issuer: `${TEST_ORIGIN}/api/auth`,
        token_endpoint: `${base}/api/auth/oauth2/token`,
        introspection_endpoint: `${base}/api/auth/oauth2/introspect`,
      },
      other.client_id,
      undefined,
      oidc.ClientSecretBasic(other.client_secret as string),
    );
    oidc.allowInsecureRequests(made);
    return made;
  }

  const userinfo = (accessToken: string) =>
    t.request("/api/auth/oauth2/userinfo", { headers: { authorization: `Bearer ${accessToken}` } });
  const isJwt = (token: string) => token.split(".").length === 3;
  const revoke = async (cookie: string) => {
    const [grant] = await connected(cookie);
    const res = await t.request("/api/auth/oauth2/delete-consent", { cookie, json: { id: grant?.id } });
    expect(res.status).toBe(200);
  };

  const connected = async (cookie: string) => {
    const res = await t.request("/api/account/connected-apps", { cookie });
    expect(res.status).toBe(200);
    return (await res.json()).items as Array<Record<string, unknown>>;
  };

  it("lists the apps a person allowed, with the app's name, logo, scopes and last use", async () => {
    expect(await connected(ada.cookie)).toEqual([]);
    await tokensFor(ada.cookie);
    const items = await connected(ada.cookie);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      clientId: app.client_id,
      name: "Notebook",
      logoUri: "https://example.com/logo.png",
      scopes: ["openid", "profile", "email", "offline_access"],
    });
    expect(Date.parse(String(items[0]?.grantedAt))).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(String(items[0]?.lastUsedAt))).toBeGreaterThan(Date.now() - 60_000);
    // Someone else's grants are not theirs to see.
    expect(await connected(eve.cookie)).toEqual([]);
    expect((await t.request("/api/account/connected-apps")).status).toBe(401);
  });

  it("last used counts the refresh tokens of an app that gets JWT access tokens (a resource flow)", async () => {
    const grace = await signUpVerified(t, createUser({ name: "Grace" }));
    const tokens = await tokensFor(grace.cookie, RESOURCE);
    // No opaque access token was issued: only the refresh token tells of the use.
    expect(isJwt(tokens.access_token)).toBe(true);
    const [first] = await connected(grace.cookie);
    const firstUse = Date.parse(String(first?.lastUsedAt));
    expect(firstUse).toBeGreaterThan(Date.now() - 60_000);
    // The plugin stamps its tokens in whole seconds.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await oidc.refreshTokenGrant(config, tokens.refresh_token as string, { resource: RESOURCE });
    const [later] = await connected(grace.cookie);
    expect(Date.parse(String(later?.lastUsedAt))).toBeGreaterThan(firstUse);
  });

  it("revoking kills the app's tokens: refresh fails with invalid_grant, introspection says inactive", async () => {
    const tokens = await tokensFor(ada.cookie);
    const refreshToken = tokens.refresh_token as string;
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(true);
    // A refresh works before the revocation (and rotates the refresh token).
    const refreshed = await oidc.refreshTokenGrant(config, refreshToken);
    expect((await oidc.tokenIntrospection(config, refreshed.access_token)).active).toBe(true);
    const [grant] = await connected(ada.cookie);
    const id = String(grant?.id);

    // Another person cannot revoke it, nor learn that it exists; nothing changes.
    const foreign = await t.request("/api/auth/oauth2/delete-consent", { cookie: eve.cookie, json: { id } });
    expect(foreign.status).toBe(404);
    expect((await oidc.tokenIntrospection(config, refreshed.access_token)).active).toBe(true);
    expect((await t.request("/api/auth/oauth2/delete-consent", { json: { id } })).status).toBe(401);
    const missing = await t.request("/api/auth/oauth2/delete-consent", { cookie: ada.cookie, json: {} });
    expect(missing.status).toBe(400);

    // Nor can an API key of hers: keys reach the organization API only.
    const created = await t.request("/api/auth/api-key/create", {
      cookie: ada.cookie,
      json: { name: "ada's key", expiresIn: 86_400 },
    });
    const { key } = (await created.json()) as { key: string };
    const byKey = await t.server.app.request("/api/auth/oauth2/delete-consent", {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ id }),
    });
    expect(byKey.status).toBe(403);
    expect((await oidc.tokenIntrospection(config, refreshed.access_token)).active).toBe(true);

    const revoked = await t.request("/api/auth/oauth2/delete-consent", { cookie: ada.cookie, json: { id } });
    expect(revoked.status).toBe(200);
    expect(await connected(ada.cookie)).toEqual([]);
    // One audit event, written in the revocation's transaction (decision 30); refusals above wrote none.
    const revocations = await eventsOf(t, { action: "user.app_access_revoked", targetId: app.client_id });
    expect(revocations).toHaveLength(1);
    expect(revocations[0]).toMatchObject({ targetType: "application", details: { consentId: id } });

    const refusal = await oidc.refreshTokenGrant(config, refreshed.refresh_token as string).then(
      () => undefined,
      (error: oidc.ResponseBodyError) => error,
    );
    expect(refusal?.error).toBe("invalid_grant");
    for (const token of [tokens.access_token, refreshed.access_token, refreshed.refresh_token as string]) {
      expect((await oidc.tokenIntrospection(config, token)).active).toBe(false);
    }
    // Gone is gone: a second revocation finds nothing.
    const again = await t.request("/api/auth/oauth2/delete-consent", { cookie: ada.cookie, json: { id } });
    expect(again.status).toBe(404);
  });

  it("revoking one person's grant leaves another person's tokens of the same app alive", async () => {
    const adas = await tokensFor(ada.cookie);
    const eves = await tokensFor(eve.cookie);
    const [grant] = await connected(ada.cookie);
    const res = await t.request("/api/auth/oauth2/delete-consent", {
      cookie: ada.cookie,
      json: { id: grant?.id },
    });
    expect(res.status).toBe(200);
    expect((await oidc.tokenIntrospection(config, adas.access_token)).active).toBe(false);
    expect((await oidc.tokenIntrospection(config, eves.access_token)).active).toBe(true);
    const next = await oidc.refreshTokenGrant(config, eves.refresh_token as string);
    expect(next.access_token).toBeTruthy();
  });

  it("revoking ends the app's JWT access tokens (asked for a resource): introspection says inactive, userinfo 401", async () => {
    const adaId = (await sessionOf(t, ada.cookie))?.user.id;
    const tokens = await tokensFor(ada.cookie, RESOURCE);
    expect(isJwt(tokens.access_token)).toBe(true);
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token as string, {
      resource: RESOURCE,
    });
    expect(isJwt(refreshed.access_token)).toBe(true);
    for (const token of [tokens.access_token, refreshed.access_token]) {
      expect(await oidc.tokenIntrospection(config, token)).toMatchObject({ active: true, sub: adaId });
      const info = await userinfo(token);
      expect(info.status).toBe(200);
      expect((await info.json()).sub).toBe(adaId);
    }
    // Eve's JWT of the same app is another grant.
    const eves = await tokensFor(eve.cookie, RESOURCE);

    await revoke(ada.cookie);
    for (const token of [tokens.access_token, refreshed.access_token]) {
      expect(await oidc.tokenIntrospection(config, token)).toEqual({ active: false });
      const info = await userinfo(token);
      expect(info.status).toBe(401);
      expect(info.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
      expect(await info.json()).toMatchObject({ error: "invalid_token" });
    }
    expect((await oidc.tokenIntrospection(config, eves.access_token)).active).toBe(true);
    expect((await userinfo(eves.access_token)).status).toBe(200);

    // Allowing the app again (a new grant, a second later) does not bring back the tokens of the revoked one.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await tokensFor(ada.cookie, RESOURCE);
    expect((await oidc.tokenIntrospection(config, again.access_token)).active).toBe(true);
    expect((await userinfo(again.access_token)).status).toBe(200);
    expect((await oidc.tokenIntrospection(config, refreshed.access_token)).active).toBe(false);
    expect((await userinfo(refreshed.access_token)).status).toBe(401);
  });

  it("a first-party app's JWTs (no consent kept) and a service's client_credentials JWT stay active", async () => {
    const firstParty = await registerApp(t, admin.cookie, {
      client_name: "Our dashboard",
      skip_consent: true,
    });
    const firstConfig = configFor(firstParty);
    const { url, verifier } = authorizeUrl(firstParty.client_id, { resource: RESOURCE });
    const back = await redirectUrlOf(await t.request(url, { cookie: ada.cookie }));
    const code = back?.searchParams.get("code");
    expect(code, back?.href).toBeTruthy();
    const tokens = await oidc.authorizationCodeGrant(
      firstConfig,
      callbackOf(code as string),
      { pkceCodeVerifier: verifier, idTokenExpected: true },
      { resource: RESOURCE },
    );
    expect(isJwt(tokens.access_token)).toBe(true);
    expect((await oidc.tokenIntrospection(firstConfig, tokens.access_token)).active).toBe(true);
    expect((await userinfo(tokens.access_token)).status).toBe(200);

    const service = await registerApp(t, admin.cookie, {
      client_name: "Nightly export",
      grant_types: ["client_credentials"],
      redirect_uris: undefined,
      application_type: undefined,
      response_types: undefined,
    });
    const serviceConfig = configFor(service);
    const own = await oidc.clientCredentialsGrant(serviceConfig, { resource: RESOURCE });
    expect(isJwt(own.access_token)).toBe(true);
    expect(await oidc.tokenIntrospection(serviceConfig, own.access_token)).toMatchObject({
      active: true,
      sub: service.client_id,
    });
  });
});
