import { createLocalJWKSet, jwtVerify } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authorize,
  oauthErrorOf,
  PROVIDER_DATABASES,
  type ProviderHarness,
  type RegisteredApp,
  startProvider,
} from "../support/oidc-harness.ts";
import { redirectOf } from "../support/redirects.ts";

const RESOURCE = "https://orders.example.test";
const REGISTRATION_TOKEN = "initial-access-token-initial-access-token-0001";
const LIMIT = 8;

/**
 * The apps of "Sign in with Gatehouse": registered by an admin (POST /oauth2/create-client, the shapes the
 * Applications screen uses) or through RFC 7591 dynamic registration; service apps with client_credentials;
 * first-party apps that skip consent; client secrets stored hashed; per-client limits on the token and
 * introspection endpoints. openid-client is the relying party over real HTTP, on SQLite and PostgreSQL + Redis.
 */
for (const { label, database, enabled } of PROVIDER_DATABASES) {
  describe.skipIf(!enabled)(`OpenID provider apps on ${label}`, () => {
    let h: ProviderHarness;
    let userCookie: string;
    let outsiderCookie: string;
    const redirectUri = "http://127.0.0.1/callback";

    beforeAll(async () => {
      h = await startProvider(database, {
        OIDC_RESOURCES: RESOURCE,
        OIDC_API_SCOPES: "orders:read orders:write",
        OIDC_REGISTRATION_TOKEN: REGISTRATION_TOKEN,
        OIDC_TOKEN_LIMIT: String(LIMIT),
        OIDC_INTROSPECTION_LIMIT: String(LIMIT),
      });
      userCookie = await h.signUp();
      outsiderCookie = await h.signUp();
    }, 90_000);

    afterAll(async () => {
      await h?.close();
    });

    const serviceApp = () =>
      h.registerApp({ client_name: "Billing worker", grant_types: ["client_credentials"] });

    it("an admin registers a service app; client_credentials gives it a token for its API scopes, never user scopes", async () => {
      const app = await serviceApp();
      expect(app).toMatchObject({
        client_id: expect.any(String),
        client_secret: expect.any(String),
        grant_types: ["client_credentials"],
        token_endpoint_auth_method: "client_secret_basic",
        client_credentials_scopes: ["orders:read", "orders:write"],
      });
      const config = await h.discover(app.client_id, app.client_secret);
      const set = await oidc.clientCredentialsGrant(config, { scope: "orders:read" });
      expect(set.scope).toBe("orders:read");
      expect(set.refresh_token).toBeUndefined();
      expect(set.id_token).toBeUndefined();
      const info = await oidc.tokenIntrospection(config, set.access_token);
      expect(info).toMatchObject({ active: true, client_id: app.client_id, scope: "orders:read" });

      // For its API (RFC 8707 resource): a JWT the API verifies offline, the app as subject.
      const jwt = await oidc.clientCredentialsGrant(config, { resource: RESOURCE });
      const jwks = createLocalJWKSet(await (await h.send("/api/auth/jwks")).json());
      const { payload } = await jwtVerify(jwt.access_token, jwks, { issuer: h.issuer, audience: RESOURCE });
      expect(payload).toMatchObject({
        sub: app.client_id,
        client_id: app.client_id,
        scope: "orders:read orders:write",
      });

      expect(await oauthErrorOf(oidc.clientCredentialsGrant(config, { scope: "openid" }))).toBe(
        "invalid_scope",
      );
      expect(await oauthErrorOf(oidc.clientCredentialsGrant(config, { scope: "orders:delete" }))).toBe(
        "invalid_scope",
      );
      // A service app has no authorization endpoint to use.
      const url = new URL(`${h.issuer}/oauth2/authorize`);
      url.search = new URLSearchParams({
        client_id: app.client_id,
        response_type: "code",
        redirect_uri: redirectUri,
      }).toString();
      const target = new URL(
        (await redirectOf(await h.send(url.href, { cookie: userCookie }))) ?? "",
        h.base,
      );
      expect(target.origin).toBe(h.base);
    });

    it("client secrets are stored hashed", async () => {
      const app = await serviceApp();
      const [row] = await h.sql(`select "clientSecret" from "oauthClient" where "clientId" = $1`, [
        app.client_id,
      ]);
      const stored = String(row?.clientSecret);
      expect(stored.length).toBeGreaterThan(0);
      expect(stored).not.toContain(app.client_secret as string);
    });

    it("a first-party app (skip_consent, set by an admin) signs users in without the consent screen; others ask", async () => {
      const firstParty = await h.registerApp({
        client_name: "Our dashboard",
        redirect_uris: [redirectUri],
        application_type: "native",
        skip_consent: true,
      });
      expect(firstParty.skip_consent).toBe(true);
      const config = await h.discover(firstParty.client_id, firstParty.client_secret);
      const first = await authorize(h, { config, cookie: userCookie, redirectUri, scope: "openid email" });
      expect(first.consented).toBe(false);

      const thirdParty = await h.registerApp({
        client_name: "Partner app",
        redirect_uris: [redirectUri],
        application_type: "native",
      });
      const other = await h.discover(thirdParty.client_id, thirdParty.client_secret);
      expect(
        (await authorize(h, { config: other, cookie: userCookie, redirectUri, scope: "openid email" }))
          .consented,
      ).toBe(true);
    });

    describe("dynamic client registration (RFC 7591)", () => {
      const metadata = {
        client_name: "Registered by a script",
        redirect_uris: [redirectUri],
        application_type: "native",
      };
      // better-auth allows 5 registrations a minute per address: each call here comes from its own.
      let caller = 0;
      const register = (init: { cookie?: string; token?: string; json?: unknown }) =>
        h.send("/api/auth/oauth2/register", {
          cookie: init.cookie,
          json: init.json ?? metadata,
          headers: {
            "x-forwarded-for": `10.77.0.${++caller}`,
            ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          },
        });

      it("discovery advertises the registration endpoint", async () => {
        const meta = (await h.discover("anyone")).serverMetadata();
        expect(meta.registration_endpoint).toBe(`${h.issuer}/oauth2/register`);
      });

      it("is refused to everyone but an admin and the initial access token's holder, in RFC 7591's error shape", async () => {
        const anonymous = await register({});
        expect(anonymous.status).toBe(401);
        expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer/);
        expect(await anonymous.json()).toMatchObject({
          error: "invalid_token",
          error_description: expect.any(String),
        });

        const wrongToken = await register({ token: "not-the-registration-token-not-the-registration" });
        expect(wrongToken.status).toBe(401);
        expect(await wrongToken.json()).toMatchObject({ error: "invalid_token" });

        const member = await register({ cookie: outsiderCookie });
        expect(member.status).toBe(403);
        expect(await member.json()).toMatchObject({
          error: "access_denied",
          error_description: expect.any(String),
        });

        const count = await h.sql(`select count(*) as n from "oauthClient" where "name" = $1`, [
          metadata.client_name,
        ]);
        expect(Number(count[0]?.n)).toBe(0);
      });

      it("the initial access token registers an app that signs users in after their consent; skip_consent is refused to it", async () => {
        const res = await register({ token: REGISTRATION_TOKEN });
        const app = (await res.json()) as RegisteredApp;
        expect(res.status, JSON.stringify(app)).toBe(201);
        expect(app).toMatchObject({
          client_id: expect.any(String),
          client_secret: expect.any(String),
          redirect_uris: [redirectUri],
        });
        const config = await h.discover(app.client_id, app.client_secret);
        const flow = await authorize(h, { config, cookie: userCookie, redirectUri, scope: "openid email" });
        expect(flow.consented).toBe(true);
        const set = await oidc.authorizationCodeGrant(config, flow.callback, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
        });
        expect(set.id_token).toBeTruthy();
        // It belongs to the admins, like the apps they register: any admin lists and manages it.
        const listed = await h.send("/api/auth/oauth2/get-clients", { cookie: h.admin.cookie });
        expect(((await listed.json()) as RegisteredApp[]).map((c) => c.client_id)).toContain(app.client_id);

        const firstParty = await register({
          token: REGISTRATION_TOKEN,
          json: { ...metadata, skip_consent: true },
        });
        expect(firstParty.status).toBe(400);
        expect(await firstParty.json()).toMatchObject({ error: "invalid_client_metadata" });
      });

      it("better-auth's per-address limit (5 registrations a minute) answers 429 with Retry-After", async () => {
        const fromOneAddress = () =>
          h.send("/api/auth/oauth2/register", {
            json: metadata,
            headers: { "x-forwarded-for": "10.78.0.1" },
          });
        const statuses: number[] = [];
        for (let i = 0; i < 6; i++) statuses.push((await fromOneAddress()).status);
        expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
        expect(statuses[5]).toBe(429);
        const refused = await fromOneAddress();
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      });

      it("an admin's session registers, and may make the app first-party", async () => {
        const res = await register({ cookie: h.admin.cookie, json: { ...metadata, skip_consent: true } });
        const app = (await res.json()) as RegisteredApp;
        expect(res.status, JSON.stringify(app)).toBe(201);
        expect(app.skip_consent).toBe(true);
        const config = await h.discover(app.client_id, app.client_secret);
        expect(
          (await authorize(h, { config, cookie: userCookie, redirectUri, scope: "openid" })).consented,
        ).toBe(false);
      });
    });

    it("bad input at every endpoint is a 4xx in RFC 6749 form, never a 500", async () => {
      const app = await serviceApp();
      const basic = `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString("base64")}`;
      const cases: [string, Promise<Response>, number, string][] = [
        [
          "unknown grant",
          h.send("/api/auth/oauth2/token", {
            form: { grant_type: "password" },
            headers: { authorization: basic },
          }),
          400,
          "unsupported_grant_type",
        ],
        [
          "no grant",
          h.send("/api/auth/oauth2/token", { form: {}, headers: { authorization: basic } }),
          400,
          "invalid_request",
        ],
        [
          "garbled Basic",
          h.send("/api/auth/oauth2/token", {
            form: { grant_type: "client_credentials" },
            headers: { authorization: "Basic !!!%%%" },
          }),
          401,
          "invalid_client",
        ],
        [
          "code without code",
          h.send("/api/auth/oauth2/token", {
            form: { grant_type: "authorization_code" },
            headers: { authorization: basic },
          }),
          400,
          "invalid_request",
        ],
        [
          "unknown refresh token",
          h.send("/api/auth/oauth2/token", {
            form: { grant_type: "refresh_token", refresh_token: "nope" },
            headers: { authorization: basic },
          }),
          400,
          "invalid_grant",
        ],
        [
          "introspection without credentials",
          h.send("/api/auth/oauth2/introspect", { form: { token: "x" } }),
          401,
          "invalid_client",
        ],
        [
          "revocation without credentials",
          h.send("/api/auth/oauth2/revoke", { form: { token: "x" } }),
          401,
          "invalid_client",
        ],
        [
          "userinfo with a forged token",
          h.send("/api/auth/oauth2/userinfo", { headers: { authorization: "Bearer forged" } }),
          401,
          "invalid_token",
        ],
        [
          "logout with a garbled hint",
          h.send(
            `/api/auth/oauth2/end-session?id_token_hint=a.b.c&post_logout_redirect_uri=${encodeURIComponent("https://x.example/")}`,
          ),
          400,
          "invalid_request",
        ],
        [
          "registration with a bad redirect URI",
          h.send("/api/auth/oauth2/register", {
            json: { redirect_uris: ["javascript:alert(1)"] },
            headers: { authorization: `Bearer ${REGISTRATION_TOKEN}`, "x-forwarded-for": "10.79.0.1" },
          }),
          400,
          "invalid_redirect_uri",
        ],
      ];
      const longName = Buffer.from(`${"x".repeat(4000)}:secret`).toString("base64");
      cases.push([
        "a 4000-character client_id",
        h.send("/api/auth/oauth2/token", {
          form: { grant_type: "client_credentials" },
          headers: { authorization: `Basic ${longName}` },
        }),
        401,
        "invalid_client",
      ]);
      for (const [name, pending, status, error] of cases) {
        const res = await pending;
        const body = (await res.json().catch(() => ({}))) as { error?: string; access_token?: string };
        expect({ name, status: res.status, error: body.error }).toEqual({ name, status, error });
        expect(body.access_token, name).toBeUndefined();
      }
      // An unknown app at the authorization endpoint: Gatehouse's own error page, never a 500.
      const unknown = await h.navigate(
        `/api/auth/oauth2/authorize?client_id=nobody&response_type=code&redirect_uri=${encodeURIComponent(redirectUri)}`,
      );
      expect(unknown.status).toBe(302);
      expect(new URL(unknown.location ?? "", h.base).origin).toBe(h.base);
    });

    it(`limits each client to ${LIMIT} token and ${LIMIT} introspection requests a minute: 429 with Retry-After, other clients unaffected`, async () => {
      const busy = await serviceApp();
      const calm = await serviceApp();
      const basic = (app: RegisteredApp) =>
        `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString("base64")}`;
      const token = (app: RegisteredApp) =>
        h.send("/api/auth/oauth2/token", {
          form: { grant_type: "client_credentials" },
          headers: { authorization: basic(app) },
        });
      const statuses: number[] = [];
      let accessToken = "";
      for (let i = 0; i < LIMIT; i++) {
        const res = await token(busy);
        statuses.push(res.status);
        if (res.status === 200) accessToken = ((await res.json()) as { access_token: string }).access_token;
      }
      expect(statuses).toEqual(Array(LIMIT).fill(200));
      const refused = await token(busy);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      const body = await refused.json();
      expect(body).toMatchObject({ error: "temporarily_unavailable" });
      expect(body).not.toHaveProperty("access_token");
      // Counted per client, not per address: another app from the same address is served.
      expect((await token(calm)).status).toBe(200);

      const introspect = () =>
        h.send("/api/auth/oauth2/introspect", {
          form: { token: accessToken },
          headers: { authorization: basic(busy) },
        });
      for (let i = 0; i < LIMIT; i++) expect((await introspect()).status).toBe(200);
      const slowDown = await introspect();
      expect(slowDown.status).toBe(429);
      expect(Number(slowDown.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  });
}
