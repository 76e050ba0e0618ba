import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port.ts";
import { integrationService } from "../support/services.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import { type SpawnedServer, spawnServer } from "../support/spawn-server.ts";
import { cookiesFrom, freshPostgresUrl } from "../support/test-app.ts";
import { createUser, signUpThroughMail } from "../support/users.ts";

const postgres = await integrationService("TEST_DATABASE_URL");
const redis = process.env.TEST_REDIS_URL ? await integrationService("TEST_REDIS_URL") : undefined;

/**
 * Issue "Sign in with Gatehouse": Gatehouse is an OpenID Connect provider for an organization's own apps.
 * The peers are protocol clients written by others: openid-client (discovery, code + PKCE, userinfo) and
 * jose (JWKS, token signatures). Gatehouse runs in its own process, as in production, on each database.
 */
function providerSuite(label: string, database: "sqlite" | "postgres", enabled: boolean) {
  describe.skipIf(!enabled)(`OpenID provider on ${label}`, () => {
    let server: SpawnedServer;
    let sink: SmtpSink;
    let dir: string;
    let dropSchema: (() => Promise<void>) | undefined;
    let base: string;
    let issuer: string;
    let adminCookie: string;
    const admin = createUser({ name: "Provider Admin" });
    const callbackPort = 49_152 + Math.floor(Math.random() * 10_000);
    const redirectUri = `http://127.0.0.1:${callbackPort}/callback`;

    /** POST (with `json`) or GET against the server, as a browser on its own origin would; no redirects. */
    function send(path: string, init: { json?: unknown; cookie?: string } = {}) {
      const headers: Record<string, string> = { origin: base };
      if (init.cookie) headers.cookie = init.cookie;
      if (init.json !== undefined) headers["content-type"] = "application/json";
      return fetch(new URL(path, base), {
        method: init.json !== undefined ? "POST" : "GET",
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
        redirect: "manual",
      });
    }

    /**
     * Where an answer sends the browser: better-auth answers a fetch() (Node's sends Sec-Fetch-Mode: cors,
     * like a browser's script) with `{ redirect: true, url }` instead of a 302; both mean the same.
     */
    async function redirectOf(res: Response): Promise<string | undefined> {
      if (res.status >= 300 && res.status < 400) return res.headers.get("location") ?? undefined;
      if (res.status !== 200 || !res.headers.get("content-type")?.includes("json")) return undefined;
      const body = (await res.json()) as { redirect?: boolean; url?: string; redirect_uri?: string };
      return body.redirect ? body.url : body.redirect_uri;
    }

    // NODE_ENV=production limits sign-ups to 3 per 10 s per client: each suite makes exactly three (the admin,
    // an outsider and the signing-in user). A fourth needs a pause or another client address.
    function signUp(user = createUser()) {
      return signUpThroughMail((path, init) => send(path, init), sink, user, {
        linkBase: base,
        timeoutMs: 10_000,
      });
    }

    /** An app registered by the admin through the provider's HTTP API. */
    async function registerApp(metadata: Record<string, unknown>) {
      const res = await send("/api/auth/oauth2/create-client", { cookie: adminCookie, json: metadata });
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(201);
      return body as { client_id: string; client_secret?: string };
    }

    function discover(clientId: string, secret?: string) {
      // openid-client sends the secret in the body unless told; the apps are registered for Basic.
      const auth = secret ? oidc.ClientSecretBasic(secret) : undefined;
      return oidc.discovery(new URL(issuer), clientId, undefined, auth, {
        execute: [oidc.allowInsecureRequests],
      });
    }

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "gatehouse-oidc-"));
      sink = await startSmtpSink();
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      issuer = `${base}/api/auth`;
      let databaseUrl = join(dir, "gatehouse.db");
      if (database === "postgres") {
        const schema = await freshPostgresUrl(postgres as string);
        dropSchema = schema.drop;
        databaseUrl = schema.url;
      }
      server = await spawnServer({
        NODE_ENV: "production",
        PORT: String(port),
        BETTER_AUTH_URL: base,
        BETTER_AUTH_SECRET: "oidc-provider-secret-oidc-provider-secret-01",
        DATABASE_URL: databaseUrl,
        SMTP_URL: sink.url,
        ADMIN_EMAILS: admin.email,
        DATA_DIR: dir,
        STATIC_DIR: join(dir, "web"),
        ...(database === "postgres" && redis
          ? { REDIS_URL: redis, REDIS_KEY_PREFIX: `test:oidc:${randomBytes(6).toString("hex")}:` }
          : {}),
      });
      adminCookie = await signUp(admin);
    }, 90_000);

    afterAll(async () => {
      await server?.stop();
      await sink?.close();
      await dropSchema?.();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("openid-client accepts the issuer; discovery lists every endpoint, under the issuer and at the root", async () => {
      const config = await discover("anyone");
      const meta = config.serverMetadata();
      expect(meta.issuer).toBe(issuer);
      for (const [field, path] of [
        ["authorization_endpoint", "/oauth2/authorize"],
        ["token_endpoint", "/oauth2/token"],
        ["userinfo_endpoint", "/oauth2/userinfo"],
        ["introspection_endpoint", "/oauth2/introspect"],
        ["revocation_endpoint", "/oauth2/revoke"],
        ["end_session_endpoint", "/oauth2/end-session"],
        ["jwks_uri", "/jwks"],
      ] as const) {
        expect(meta[field], field).toBe(`${issuer}${path}`);
      }
      expect(meta.scopes_supported).toEqual(["openid", "profile", "email", "offline_access"]);
      expect(meta.code_challenge_methods_supported).toEqual(["S256"]);
      expect(meta.id_token_signing_alg_values_supported).toEqual(["RS256"]);

      const root = await send("/.well-known/openid-configuration");
      expect(root.status).toBe(200);
      expect(root.headers.get("content-type")).toMatch(/application\/json/);
      expect(await root.json()).toEqual(
        await (await send("/api/auth/.well-known/openid-configuration")).json(),
      );
      const rfc8414 = await send("/.well-known/oauth-authorization-server/api/auth");
      expect(rfc8414.status).toBe(200);
      expect((await rfc8414.json()).issuer).toBe(issuer);
    });

    it("the JWKS serves an RS256 key with a kid", async () => {
      const res = await send("/api/auth/jwks");
      expect(res.status).toBe(200);
      const { keys } = (await res.json()) as { keys: Array<Record<string, unknown>> };
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        expect(key).toMatchObject({ kty: "RSA", alg: "RS256" });
        expect(typeof key.kid).toBe("string");
        expect(key).not.toHaveProperty("d");
      }
    });

    it("only an admin registers apps", async () => {
      const cookie = await signUp();
      const res = await send("/api/auth/oauth2/create-client", {
        cookie,
        json: { client_name: "Not mine", redirect_uris: [redirectUri], application_type: "native" },
      });
      expect(res.status).toBe(401);
      const anonymous = await send("/api/auth/oauth2/create-client", {
        json: { client_name: "Nobody's", redirect_uris: [redirectUri], application_type: "native" },
      });
      expect(anonymous.status).toBe(401);
    });

    describe("authorization code + PKCE, without a browser", () => {
      let app: { client_id: string; client_secret?: string };
      let config: oidc.Configuration;
      let user: ReturnType<typeof createUser>;
      let userCookie: string;

      beforeAll(async () => {
        app = await registerApp({
          client_name: "Loopback app",
          redirect_uris: [redirectUri],
          application_type: "native",
          token_endpoint_auth_method: "client_secret_basic",
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
        });
        expect(app.client_secret).toBeTruthy();
        config = await discover(app.client_id, app.client_secret);
        user = createUser({ name: "Ada Lovelace" });
        userCookie = await signUp(user);
      }, 60_000);

      /** Starts an authorization as the signed-in user, approves it, and returns the callback URL. */
      async function authorize(checks: { verifier: string; state: string }, extra = {}) {
        const url = oidc.buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: "openid profile email offline_access",
          code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
          code_challenge_method: "S256",
          state: checks.state,
          prompt: "consent",
          ...extra,
        });
        const first = await send(url.href, { cookie: userCookie });
        const consent = new URL((await redirectOf(first)) ?? "", base);
        expect(consent.pathname, consent.href).toBe("/oauth/consent");
        const approved = await send("/api/auth/oauth2/consent", {
          cookie: userCookie,
          json: { accept: true, oauth_query: consent.search.slice(1) },
        });
        const target = (await redirectOf(approved)) ?? "";
        expect(target.startsWith(`${redirectUri}?`), target).toBe(true);
        return new URL(target);
      }

      it("a signed-out visitor is sent to the sign-in page", async () => {
        const url = oidc.buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: "openid",
          code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
          code_challenge_method: "S256",
        });
        const target = await redirectOf(await send(url.href));
        expect(new URL(target ?? "", base).pathname).toBe("/sign-in");
      });

      it("issues an ID token jose verifies (sub, email, email_verified, name), userinfo agrees; a code works once", async () => {
        const checks = { verifier: oidc.randomPKCECodeVerifier(), state: oidc.randomState() };
        const callback = await authorize(checks);
        expect(callback.searchParams.get("iss")).toBe(issuer);
        const tokens = await oidc
          .authorizationCodeGrant(config, callback, {
            pkceCodeVerifier: checks.verifier,
            expectedState: checks.state,
          })
          .catch((e) => {
            throw new Error(`${e.error}: ${e.error_description} ${server.output().slice(-2000)}`);
          });
        expect(tokens.token_type.toLowerCase()).toBe("bearer");
        expect(tokens.refresh_token).toBeTruthy();

        const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
        const idToken = tokens.id_token as string;
        expect(decodeProtectedHeader(idToken)).toMatchObject({ alg: "RS256", kid: expect.any(String) });
        const { payload } = await jwtVerify(idToken, jwks, { issuer, audience: app.client_id });
        expect(payload).toMatchObject({ email: user.email, email_verified: true, name: user.name });
        expect(typeof payload.sub).toBe("string");

        const info = await oidc.fetchUserInfo(config, tokens.access_token, payload.sub as string);
        expect(info).toMatchObject({
          sub: payload.sub,
          email: user.email,
          email_verified: true,
          name: user.name,
        });

        // The same code a second time: refused, and no tokens.
        const again = await oidc
          .authorizationCodeGrant(config, callback, {
            pkceCodeVerifier: checks.verifier,
            expectedState: checks.state,
          })
          .then(
            () => null,
            (e: unknown) => e,
          );
        expect(again).toBeInstanceOf(oidc.ResponseBodyError);
        expect((again as oidc.ResponseBodyError).error).toBe("invalid_grant");
      });

      it("introspection knows the access token; after revocation it is inactive", async () => {
        const checks = { verifier: oidc.randomPKCECodeVerifier(), state: oidc.randomState() };
        const callback = await authorize(checks);
        const tokens = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: checks.verifier,
          expectedState: checks.state,
        });
        const active = await oidc.tokenIntrospection(config, tokens.access_token);
        expect(active).toMatchObject({ active: true, client_id: app.client_id });
        expect(active.scope?.split(" ")).toEqual(expect.arrayContaining(["openid", "email"]));
        await oidc.tokenRevocation(config, tokens.access_token, { token_type_hint: "access_token" });
        expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
        // A refresh token still works after its access token was revoked, and gives a new one.
        const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token as string);
        expect(refreshed.access_token).not.toBe(tokens.access_token);
        expect((await oidc.tokenIntrospection(config, refreshed.access_token)).active).toBe(true);
      });

      it("a wrong client secret is invalid_client", async () => {
        const wrong = await discover(app.client_id, "not-the-secret");
        const refused = await oidc.clientCredentialsGrant(wrong, {}).then(
          () => null,
          (e: unknown) => e,
        );
        // A refused Basic authentication is a 401 with a WWW-Authenticate challenge (RFC 6749 §5.2).
        expect(refused).toBeInstanceOf(oidc.WWWAuthenticateChallengeError);
        const challenge = refused as oidc.WWWAuthenticateChallengeError;
        expect(challenge.status).toBe(401);
        expect(challenge.cause[0]?.scheme).toBe("basic");
        expect((await challenge.response.json()).error).toBe("invalid_client");
      });

      it("an app registered over HTTP cannot use client_credentials (its scopes are set server-side only)", async () => {
        const refused = await oidc.clientCredentialsGrant(config, {}).then(
          () => null,
          (e: unknown) => e,
        );
        expect(refused).toBeInstanceOf(oidc.ResponseBodyError);
        expect((refused as oidc.ResponseBodyError).error).toBe("unauthorized_client");
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
        const res = await send(url.href, { cookie: userCookie });
        const target = (await redirectOf(res.clone())) ?? "";
        expect(target.startsWith(evil), `redirected to ${target}`).toBe(false);
        if (target) expect(new URL(target, base).origin).toBe(base);
        else expect(res.status).toBeGreaterThanOrEqual(400);
        expect(cookiesFrom(res)).not.toMatch(/session_token/);
      });
    });
  });
}

providerSuite("SQLite", "sqlite", true);
providerSuite(`PostgreSQL${redis ? " + Redis" : ""}`, "postgres", Boolean(postgres));
