import { createLocalJWKSet, createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authorize,
  cookiesFrom,
  oauthErrorOf,
  PROVIDER_DATABASES,
  type ProviderHarness,
  type RegisteredApp,
  signInThrough,
  startProvider,
} from "../support/oidc-harness.ts";
import { redirectOf } from "../support/redirects.ts";
import { createUser } from "../support/users.ts";

const RESOURCE = "https://api.example.test";

/**
 * Issue "Sign in with Gatehouse": Gatehouse is an OpenID Connect provider for an organization's own apps.
 * The peers are protocol clients written by others: openid-client (discovery, code + PKCE, refresh,
 * userinfo, introspection, revocation) and jose (JWKS, token signatures). Gatehouse runs in its own process,
 * in production mode, as it does in a deployment, on SQLite and on PostgreSQL + Redis.
 */
for (const { label, database, enabled } of PROVIDER_DATABASES) {
  describe.skipIf(!enabled)(`OpenID provider on ${label}`, () => {
    let h: ProviderHarness;
    let app: RegisteredApp;
    let config: oidc.Configuration;
    let user: ReturnType<typeof createUser>;
    let userCookie: string;
    let organization: { id: string; slug: string; name: string };
    const redirectUri = "http://127.0.0.1/callback";
    const signedOutUri = "http://127.0.0.1/signed-out";
    /** Every code and token the suite saw: none of them may appear in the server's logs. */
    const secrets: string[] = [];
    const scope = "openid profile email offline_access organizations";

    async function tokens(
      cookie = userCookie,
      options: { scope?: string; params?: Record<string, string> } = {},
    ) {
      const set = await signInThrough(h, {
        config,
        cookie,
        redirectUri,
        scope: options.scope ?? scope,
        params: options.params,
      });
      secrets.push(
        set.access_token,
        ...(set.refresh_token ? [set.refresh_token] : []),
        ...(set.id_token ? [set.id_token] : []),
      );
      return set;
    }
    const introspect = (token: string) => oidc.tokenIntrospection(config, token);
    const refresh = (token: string) => oidc.refreshTokenGrant(config, token);

    beforeAll(async () => {
      h = await startProvider(database, { OIDC_RESOURCES: RESOURCE, LOG_LEVEL: "debug" });
      app = await h.registerApp({
        client_name: "Loopback app",
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [signedOutUri],
        application_type: "native",
        token_endpoint_auth_method: "client_secret_basic",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
      });
      secrets.push(app.client_secret as string);
      config = await h.discover(app.client_id, app.client_secret);
      user = createUser({ name: "Ada Lovelace" });
      userCookie = await h.signUp(user);
      const res = await h.send("/api/auth/organization/create", {
        cookie: userCookie,
        json: { name: "Analytical Engines", slug: `engines-${Date.now().toString(36)}` },
      });
      expect(res.status).toBe(200);
      organization = await res.json();
    }, 90_000);

    afterAll(async () => {
      await h?.close();
    });

    it("openid-client accepts the issuer; discovery lists every endpoint, under the issuer and at the root", async () => {
      const meta = config.serverMetadata();
      expect(meta.issuer).toBe(h.issuer);
      for (const [field, path] of [
        ["authorization_endpoint", "/oauth2/authorize"],
        ["token_endpoint", "/oauth2/token"],
        ["userinfo_endpoint", "/oauth2/userinfo"],
        ["introspection_endpoint", "/oauth2/introspect"],
        ["revocation_endpoint", "/oauth2/revoke"],
        ["end_session_endpoint", "/oauth2/end-session"],
        ["registration_endpoint", "/oauth2/register"],
        ["jwks_uri", "/jwks"],
      ] as const) {
        expect(meta[field], field).toBe(`${h.issuer}${path}`);
      }
      expect(meta.scopes_supported).toEqual([
        "openid",
        "profile",
        "email",
        "offline_access",
        "organizations",
        "api",
      ]);
      expect(meta.claims_supported).toEqual(
        expect.arrayContaining([
          "sub",
          "email",
          "email_verified",
          "name",
          "picture",
          "organizations",
          "org_id",
          "org_roles",
        ]),
      );
      expect(meta.code_challenge_methods_supported).toEqual(["S256"]);
      expect(meta.id_token_signing_alg_values_supported).toEqual(["RS256"]);
      expect(meta.grant_types_supported).toEqual(
        expect.arrayContaining(["authorization_code", "refresh_token", "client_credentials"]),
      );

      const root = await h.send("/.well-known/openid-configuration");
      expect(root.status).toBe(200);
      expect(root.headers.get("content-type")).toMatch(/application\/json/);
      expect(await root.json()).toEqual(
        await (await h.send("/api/auth/.well-known/openid-configuration")).json(),
      );
      const rfc8414 = await h.send("/.well-known/oauth-authorization-server/api/auth");
      expect((await rfc8414.json()).issuer).toBe(h.issuer);
    });

    it("the JWKS serves an RS256 key with a kid, and no private part", async () => {
      const { keys } = (await (await h.send("/api/auth/jwks")).json()) as {
        keys: Array<Record<string, unknown>>;
      };
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        expect(key).toMatchObject({ kty: "RSA", alg: "RS256", kid: expect.any(String) });
        expect(key).not.toHaveProperty("d");
      }
    });

    it("only an admin registers apps", async () => {
      const cookie = await h.signUp();
      const metadata = { client_name: "Not mine", redirect_uris: [redirectUri], application_type: "native" };
      expect((await h.send("/api/auth/oauth2/create-client", { cookie, json: metadata })).status).toBe(401);
      expect((await h.send("/api/auth/oauth2/create-client", { json: metadata })).status).toBe(401);
    });

    it("a signed-out visitor is sent to the sign-in page", async () => {
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: "openid",
        code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
        code_challenge_method: "S256",
      });
      const target = await redirectOf(await h.send(url.href));
      expect(new URL(target ?? "", h.base).pathname).toBe("/sign-in");
    });

    it("the ID token (verified by jose) and userinfo carry sub, email, email_verified, name, picture and the organizations", async () => {
      const set = await tokens();
      expect(set.token_type.toLowerCase()).toBe("bearer");
      expect(set.refresh_token).toBeTruthy();
      const jwks = createRemoteJWKSet(new URL(`${h.issuer}/jwks`));
      const idToken = set.id_token as string;
      expect(decodeProtectedHeader(idToken)).toMatchObject({ alg: "RS256", kid: expect.any(String) });
      const { payload } = await jwtVerify(idToken, jwks, { issuer: h.issuer, audience: app.client_id });
      const expected = {
        email: user.email,
        email_verified: true,
        name: user.name,
        organizations: [
          { id: organization.id, slug: organization.slug, name: organization.name, roles: ["owner"] },
        ],
        org_id: organization.id,
        org_roles: ["owner"],
      };
      expect(payload).toMatchObject(expected);
      expect(typeof payload.sub).toBe("string");
      expect(typeof payload.sid).toBe("string");

      const info = await oidc.fetchUserInfo(config, set.access_token, payload.sub as string);
      expect(info).toMatchObject({ sub: payload.sub, ...expected });

      // Without the organizations scope, neither the list nor the active organization is told.
      const narrow = await tokens(userCookie, { scope: "openid email" });
      const { payload: plain } = await jwtVerify(narrow.id_token as string, jwks, {
        issuer: h.issuer,
        audience: app.client_id,
      });
      expect(plain).toMatchObject({ sub: payload.sub, email: user.email });
      expect(plain).not.toHaveProperty("organizations");
      expect(plain).not.toHaveProperty("org_id");
      expect(plain).not.toHaveProperty("name");
    });

    it("an access token asked for a resource is a JWT for that audience with the active organization and roles; another audience fails", async () => {
      const set = await tokens(userCookie, { params: { resource: RESOURCE } });
      const jwks = createLocalJWKSet(await (await h.send("/api/auth/jwks")).json());
      expect(decodeProtectedHeader(set.access_token)).toMatchObject({ alg: "RS256", typ: "at+jwt" });
      const { payload } = await jwtVerify(set.access_token, jwks, { issuer: h.issuer, audience: RESOURCE });
      expect(payload).toMatchObject({
        org_id: organization.id,
        org_roles: ["owner"],
        client_id: app.client_id,
      });
      expect(String(payload.scope).split(" ")).toContain("organizations");
      // An API that is not the audience refuses it.
      const other = await jwtVerify(set.access_token, jwks, {
        issuer: h.issuer,
        audience: "https://other.example.test",
      }).catch((e: Error & { code?: string }) => e.code);
      expect(other).toBe("ERR_JWT_CLAIM_VALIDATION_FAILED");
      // A resource Gatehouse does not serve: the token endpoint issues nothing (RFC 8707 invalid_target).
      const { callback, verifier, state } = await authorize(h, {
        config,
        cookie: userCookie,
        redirectUri,
        scope,
      });
      const refused = oidc.authorizationCodeGrant(
        config,
        callback,
        { pkceCodeVerifier: verifier, expectedState: state },
        { resource: "https://other.example.test" },
      );
      expect(await oauthErrorOf(refused)).toBe("invalid_target");
      // Nor does the authorization endpoint: the app's redirect URI receives the error, no code.
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope,
        resource: "https://other.example.test",
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
      });
      const target = new URL((await redirectOf(await h.send(url.href, { cookie: userCookie }))) ?? "");
      expect(target.searchParams.get("error")).toBe("invalid_target");
      expect(target.searchParams.has("code")).toBe(false);
      // Introspection by the app describes the opaque token's active organization as the JWT carries it.
      const opaque = await tokens();
      expect(await introspect(opaque.access_token)).toMatchObject({
        active: true,
        org_id: organization.id,
        org_roles: ["owner"],
      });
      // Another app may not learn about this app's tokens: inactive to it (RFC 7662 §4).
      const stranger = await h.registerApp({
        client_name: "Stranger",
        redirect_uris: [redirectUri],
        application_type: "native",
      });
      const strangerConfig = await h.discover(stranger.client_id, stranger.client_secret);
      expect(await oidc.tokenIntrospection(strangerConfig, opaque.access_token)).toEqual({ active: false });
      expect(await oidc.tokenIntrospection(strangerConfig, set.access_token)).toEqual({ active: false });
    });

    it("GET /api/auth/token gives the signed-in browser a 15-minute JWT its own backend verifies against the same JWKS", async () => {
      const res = await h.send("/api/auth/token", { cookie: userCookie });
      expect(res.status).toBe(200);
      const { token } = (await res.json()) as { token: string };
      secrets.push(token);
      const jwks = createRemoteJWKSet(new URL(`${h.issuer}/jwks`));
      const { payload } = await jwtVerify(token, jwks, { issuer: h.issuer, audience: h.issuer });
      expect(payload).toMatchObject({
        email: user.email,
        email_verified: true,
        name: user.name,
        org_id: organization.id,
      });
      expect(payload).not.toHaveProperty("role");
      expect(payload).not.toHaveProperty("banReason");
      expect((payload.exp as number) - (payload.iat as number)).toBe(15 * 60);
      const info = await introspect((await tokens()).access_token);
      expect(payload.sub).toBe(info.sub);
      expect((await h.send("/api/auth/token")).status).toBe(401);
    });

    it("refresh rotates the refresh token; replaying a rotated one revokes the whole family", async () => {
      const first = await tokens();
      const second = await refresh(first.refresh_token as string);
      secrets.push(second.access_token, second.refresh_token as string);
      expect(second.refresh_token).toBeTruthy();
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect((await introspect(second.access_token)).active).toBe(true);

      // The stolen, already-rotated token comes back: refused, and the family dies with it.
      expect(await oauthErrorOf(refresh(first.refresh_token as string))).toBe("invalid_grant");
      expect(await oauthErrorOf(refresh(second.refresh_token as string))).toBe("invalid_grant");
      expect((await introspect(second.access_token)).active).toBe(false);
      const userinfo = await h.send("/api/auth/oauth2/userinfo", {
        headers: { authorization: `Bearer ${second.access_token}` },
      });
      expect(userinfo.status).toBe(401);
    });

    it("introspection (RFC 7662) and revocation (RFC 7009) of access and refresh tokens", async () => {
      const set = await tokens();
      const active = await introspect(set.access_token);
      expect(active).toMatchObject({ active: true, client_id: app.client_id, sub: expect.any(String) });
      expect(active.scope?.split(" ")).toEqual(expect.arrayContaining(["openid", "email"]));
      await oidc.tokenRevocation(config, set.access_token, { token_type_hint: "access_token" });
      expect((await introspect(set.access_token)).active).toBe(false);
      // The refresh token still works after its access token was revoked, until it is revoked itself.
      const refreshed = await refresh(set.refresh_token as string);
      secrets.push(refreshed.access_token, refreshed.refresh_token as string);
      expect((await introspect(refreshed.access_token)).active).toBe(true);
      await oidc.tokenRevocation(config, refreshed.refresh_token as string, {
        token_type_hint: "refresh_token",
      });
      expect(await oauthErrorOf(refresh(refreshed.refresh_token as string))).toBe("invalid_grant");
      // Unknown tokens are inactive, not errors.
      expect((await introspect("no-such-token")).active).toBe(false);
    });

    it("a code works once: the second use is invalid_grant and revokes what the first issued", async () => {
      const { callback, verifier, state } = await authorize(h, {
        config,
        cookie: userCookie,
        redirectUri,
        scope,
      });
      const grant = () =>
        oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state });
      const set = await grant();
      secrets.push(
        callback.searchParams.get("code") as string,
        set.access_token,
        set.refresh_token as string,
      );
      expect((await introspect(set.access_token)).active).toBe(true);
      expect(await oauthErrorOf(grant())).toBe("invalid_grant");
      expect((await introspect(set.access_token)).active).toBe(false);
      expect(await oauthErrorOf(refresh(set.refresh_token as string))).toBe("invalid_grant");
    });

    it("PKCE: a wrong verifier is invalid_grant, a missing one invalid_request, and the code is spent either way", async () => {
      const wrong = await authorize(h, { config, cookie: userCookie, redirectUri, scope });
      const exchange = (code: URL, body: Record<string, string>) =>
        h.send("/api/auth/oauth2/token", {
          form: {
            grant_type: "authorization_code",
            code: code.searchParams.get("code") as string,
            redirect_uri: redirectUri,
            ...body,
          },
          headers: {
            authorization: `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString("base64")}`,
          },
        });
      const mismatch = await exchange(wrong.callback, { code_verifier: oidc.randomPKCECodeVerifier() });
      expect(mismatch.status).toBe(400);
      expect(await mismatch.json()).toMatchObject({ error: "invalid_grant" });
      const retry = await exchange(wrong.callback, { code_verifier: wrong.verifier });
      expect(await retry.json()).toMatchObject({ error: "invalid_grant" });

      // The code's redirect_uri must be the one it was issued for (RFC 6749 §4.1.3).
      const moved = await authorize(h, { config, cookie: userCookie, redirectUri, scope });
      const elsewhere = await exchange(moved.callback, {
        code_verifier: moved.verifier,
        redirect_uri: "http://127.0.0.1/other",
      });
      expect(await elsewhere.json()).toMatchObject({ error: "invalid_grant" });

      const missing = await authorize(h, { config, cookie: userCookie, redirectUri, scope });
      const noVerifier = await exchange(missing.callback, {});
      expect(noVerifier.status).toBe(400);
      const body = await noVerifier.json();
      expect(body).toMatchObject({ error: "invalid_request" });
      expect(body).not.toHaveProperty("access_token");
    });

    it("the authorization endpoint refuses plain PKCE, a missing challenge for a public client, and scopes the app may not ask for", async () => {
      const verifier = oidc.randomPKCECodeVerifier();
      const errorOf = async (params: Record<string, string>, clientId = app.client_id) => {
        const url = new URL(`${h.issuer}/oauth2/authorize`);
        for (const [k, v] of Object.entries({
          client_id: clientId,
          response_type: "code",
          redirect_uri: redirectUri,
          state: "s1",
          ...params,
        })) {
          url.searchParams.set(k, v);
        }
        const target = new URL((await redirectOf(await h.send(url.href, { cookie: userCookie }))) ?? "");
        expect(target.href.startsWith(redirectUri), target.href).toBe(true);
        expect(target.searchParams.has("code")).toBe(false);
        return target.searchParams.get("error");
      };
      expect(
        await errorOf({ scope: "openid", code_challenge: verifier, code_challenge_method: "plain" }),
      ).toBe("invalid_request");
      const spa = await h.registerApp({
        client_name: "Single-page app",
        redirect_uris: [redirectUri],
        application_type: "native",
        token_endpoint_auth_method: "none",
      });
      expect(spa.client_secret).toBeUndefined();
      expect(await errorOf({ scope: "openid" }, spa.client_id)).toBe("invalid_request");

      const narrow = await h.registerApp({
        client_name: "Email only",
        redirect_uris: [redirectUri],
        application_type: "native",
        scope: "openid email",
      });
      const challenge = await oidc.calculatePKCECodeChallenge(verifier);
      const pkce = { code_challenge: challenge, code_challenge_method: "S256" };
      expect(await errorOf({ scope: "openid profile", ...pkce }, narrow.client_id)).toBe("invalid_scope");
      expect(await errorOf({ scope: "openid admin:everything", ...pkce })).toBe("invalid_scope");
    });

    it("an expired code is invalid_grant and issues nothing", async () => {
      const { callback, verifier, state } = await authorize(h, {
        config,
        cookie: userCookie,
        redirectUri,
        scope,
      });
      // Codes live 10 minutes (codeExpiresIn 600): move this one's expiry into the past.
      await h.sql(`update "verification" set "expiresAt" = $1 where "value" like $2`, [
        new Date(Date.now() - 1000),
        '%"type":"authorization_code"%',
      ]);
      const expired = oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      });
      expect(await oauthErrorOf(expired)).toBe("invalid_grant");
    });

    it("a wrong client secret is invalid_client (401 with a Basic challenge)", async () => {
      const wrong = await h.discover(app.client_id, "not-the-secret");
      const refused = await oidc.clientCredentialsGrant(wrong, {}).then(
        () => null,
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(oidc.WWWAuthenticateChallengeError);
      const challenge = refused as oidc.WWWAuthenticateChallengeError;
      expect(challenge.status).toBe(401);
      expect(challenge.cause[0]?.scheme).toBe("basic");
      expect((await challenge.response.json()).error).toBe("invalid_client");
    });

    it("never redirects to an unregistered redirect_uri", async () => {
      const evil = "http://127.0.0.1:9/steal";
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: evil,
        scope: "openid",
        code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
        code_challenge_method: "S256",
        state: oidc.randomState(),
      });
      const res = await h.send(url.href, { cookie: userCookie });
      const target = (await redirectOf(res.clone())) ?? "";
      expect(target.startsWith("http://127.0.0.1:9"), `redirected to ${target}`).toBe(false);
      if (target) expect(new URL(target, h.base).origin).toBe(h.base);
      else expect(res.status).toBeGreaterThanOrEqual(400);
      expect(cookiesFrom(res)).not.toMatch(/session_token/);
      // A browser's navigation lands on Gatehouse's own error page.
      const page = await h.navigate(url.href, userCookie);
      expect(page.status).toBe(302);
      expect(new URL(page.location ?? "", h.base).origin).toBe(h.base);
    });

    it("RP-initiated logout: a registered post_logout_redirect_uri is followed; an unregistered one is refused and nothing ends", async () => {
      // A second browser of the same user, so the suite's own session lives on.
      const signIn = await h.send("/api/auth/sign-in/email", {
        json: { email: user.email, password: user.password },
      });
      const browser = cookiesFrom(signIn);
      const set = await tokens(browser);
      const idTokenHint = set.id_token as string;
      const endSessionUrl = (target: string) =>
        oidc.buildEndSessionUrl(config, {
          id_token_hint: idTokenHint,
          post_logout_redirect_uri: target,
          state: "bye",
        }).href;
      const endSession = (target: string) => h.send(endSessionUrl(target));

      // Unregistered: refused, for a script (400) and for a browser (Gatehouse's own error page); still signed in.
      const api = await endSession("http://127.0.0.1:9/elsewhere");
      expect(api.status).toBe(400);
      expect(await api.json()).toMatchObject({ error: "invalid_request" });
      const page = await h.navigate(endSessionUrl("http://127.0.0.1:9/elsewhere"));
      expect(page.status).toBe(302);
      expect(new URL(page.location ?? "", h.base).origin).toBe(h.base);
      expect((await introspect(set.access_token)).active).toBe(true);

      // Registered: that browser's session ends, the app is sent back with its state, its tokens die.
      const done = await endSession(signedOutUri);
      const target = new URL((await redirectOf(done)) ?? "");
      expect(`${target.origin}${target.pathname}`).toBe(signedOutUri);
      expect(target.searchParams.get("state")).toBe("bye");
      expect(await (await h.send("/api/auth/get-session", { cookie: browser })).json()).toBeNull();
      expect((await introspect(set.access_token)).active).toBe(false);
      expect(await oauthErrorOf(refresh(set.refresh_token as string))).toBe("invalid_grant");
      // The suite's first browser is still signed in.
      expect(await (await h.send("/api/auth/get-session", { cookie: userCookie })).json()).not.toBeNull();
    });

    it("banned, deleted and signed-out-everywhere users: introspection says inactive and refresh fails at once", async () => {
      const scenarios: Record<string, (cookie: string, userId: string) => Promise<Response>> = {
        banned: (_cookie, userId) =>
          h.send("/api/auth/admin/ban-user", { cookie: h.admin.cookie, json: { userId, banReason: "test" } }),
        deleted: (_cookie, userId) =>
          h.send("/api/auth/admin/remove-user", { cookie: h.admin.cookie, json: { userId } }),
        "signed out everywhere": (cookie) => h.send("/api/auth/revoke-sessions", { cookie, json: {} }),
      };
      for (const [name, end] of Object.entries(scenarios)) {
        const cookie = await h.signUp();
        const set = await tokens(cookie, { scope: "openid email offline_access" });
        const sub = (await introspect(set.access_token)).sub as string;
        expect((await introspect(set.access_token)).active, name).toBe(true);
        const res = await end(cookie, sub);
        expect(res.status, `${name}: ${await res.clone().text()}`).toBe(200);
        expect((await introspect(set.access_token)).active, name).toBe(false);
        expect(await oauthErrorOf(refresh(set.refresh_token as string)), name).toBe("invalid_grant");
      }
    });

    it("no code, token or client secret ever reaches the server's logs", () => {
      const output = h.server.output();
      expect(output.length).toBeGreaterThan(0);
      expect(secrets.length).toBeGreaterThan(20);
      for (const secret of secrets)
        expect(output.includes(secret), `logged: ${secret.slice(0, 12)}…`).toBe(false);
    });
  });
}
