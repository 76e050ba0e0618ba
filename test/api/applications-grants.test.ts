import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf } from "../support/audit.ts";
import {
  authorizeAndAllow,
  LOOPBACK_REDIRECT,
  type RegisteredApp,
  registerApp,
} from "../support/oauth-apps.ts";
import { startTestApp, TEST_ORIGIN, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified } from "../support/users.ts";

const ADMIN_EMAIL = "apps-admin@example.test";

/**
 * Account → Connected apps: the grants a person gave, and revoking one. openid-client is the app, over real
 * HTTP: once the grant is revoked, its refresh token is refused and introspection calls its tokens inactive.
 */
describe(`connected apps and revoking a grant (${testDatabase})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUpVerified>>;
  let ada: Awaited<ReturnType<typeof signUpVerified>>;
  let eve: Awaited<ReturnType<typeof signUpVerified>>;
  let app: RegisteredApp;
  let config: oidc.Configuration;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
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

  async function tokensFor(cookie: string) {
    const { code, verifier } = await authorizeAndAllow(t, cookie, app.client_id);
    const callback = new URL(
      `${LOOPBACK_REDIRECT}?code=${code}&iss=${encodeURIComponent(`${TEST_ORIGIN}/api/auth`)}`,
    );
    return oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      idTokenExpected: true,
    });
  }

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
});
