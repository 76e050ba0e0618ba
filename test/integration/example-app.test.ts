import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registrationBody } from "#web/features/admin/lib/app-registration.ts";
import { CookieJar } from "../support/cookie-jar.ts";
import { freePort } from "../support/free-port.ts";
import { redirectOf } from "../support/redirects.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import { type SpawnedServer, spawnServer } from "../support/spawn-server.ts";
import { cookiesFrom } from "../support/test-app.ts";
import { createUser, signUpThroughMail } from "../support/users.ts";

const ROOT = new URL("../..", import.meta.url).pathname;

/**
 * examples/node-app, the app the README's "Integrate your app" walks through, in its own process against a
 * spawned Gatehouse: a sign-in over HTTP (code + PKCE, state, nonce), its page showing the user from the ID
 * token, its own API verifying access tokens against the JWKS, refresh and RP-initiated logout. Also runs the
 * Node verification snippet of docs/integrate.md verbatim against a token from GET /api/auth/token.
 */
describe("the example app signs in through Gatehouse", () => {
  let gatehouse: SpawnedServer;
  let example: SpawnedServer;
  let sink: SmtpSink;
  let dir: string;
  let base: string;
  let issuer: string;
  let exampleUrl: string;
  let audience: string;
  const otherApi = "http://127.0.0.1:9/other-api";
  let app: { client_id: string; client_secret?: string };
  let adminCookie: string;
  let userCookie: string;
  const admin = createUser({ name: "Example Admin" });
  const user = createUser({ name: "Grace Hopper" });
  const organization = { name: "Hopper Labs", slug: `hopper-labs-${Date.now().toString(36)}` };
  let organizationId: string;

  /** One browser: a cookie jar per origin, redirects not followed. */
  const jars = new Map<string, CookieJar>();
  function jarOf(url: URL): CookieJar {
    const jar = jars.get(url.origin) ?? new CookieJar();
    jars.set(url.origin, jar);
    return jar;
  }
  async function browse(href: string, init: { method?: string; json?: unknown } = {}) {
    const url = new URL(href);
    const cookies = jarOf(url).header;
    const headers: Record<string, string> = { origin: url.origin };
    if (cookies) headers.cookie = cookies;
    if (init.json !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(url, {
      method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      redirect: "manual",
    });
    return jarOf(url).take(res);
  }
  function gatehouseSend(path: string, init: { json?: unknown; cookie?: string } = {}) {
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
  /** Follows the authorization as the signed-in user, approving consent if asked; returns the callback URL. */
  async function throughGatehouse(authorizeUrl: string): Promise<string> {
    let target = (await redirectOf(await browse(authorizeUrl))) ?? "";
    const consent = new URL(target, base);
    if (consent.origin === base && consent.pathname === "/oauth/consent") {
      const approved = await browse(`${base}/api/auth/oauth2/consent`, {
        json: { accept: true, oauth_query: consent.search.slice(1) },
      });
      target = (await redirectOf(approved)) ?? "";
    }
    return target;
  }
  async function signUp(person: ReturnType<typeof createUser>) {
    return signUpThroughMail((path, init) => gatehouseSend(path, init), sink, person, {
      linkBase: base,
      timeoutMs: 10_000,
    });
  }
  async function apiMe(token?: string) {
    return fetch(`${exampleUrl}/api/me`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "gatehouse-example-"));
    sink = await startSmtpSink();
    const [port, examplePort] = [await freePort(), await freePort()];
    base = `http://127.0.0.1:${port}`;
    issuer = `${base}/api/auth`;
    exampleUrl = `http://127.0.0.1:${examplePort}`;
    audience = `${exampleUrl}/api`;
    gatehouse = await spawnServer({
      NODE_ENV: "production",
      PORT: String(port),
      BETTER_AUTH_URL: base,
      BETTER_AUTH_SECRET: "example-app-secret-example-app-secret-0001",
      DATABASE_URL: join(dir, "gatehouse.db"),
      SMTP_URL: sink.url,
      ADMIN_EMAILS: admin.email,
      DATA_DIR: dir,
      STATIC_DIR: join(dir, "web"),
      // The example app's API, and another one, as resources apps may ask tokens for.
      OIDC_RESOURCES: `${audience},${otherApi}`,
    });
    adminCookie = await signUp(admin);
    userCookie = await signUp(user);
    jars.set(new URL(base).origin, new CookieJar(userCookie));

    // Registered as the README says: an admin's session, POST /api/auth/oauth2/create-client.
    const res = await gatehouseSend("/api/auth/oauth2/create-client", {
      cookie: adminCookie,
      json: {
        client_name: "Example app",
        redirect_uris: [`${exampleUrl}/callback`],
        post_logout_redirect_uris: [`${exampleUrl}/`],
        application_type: "native",
        token_endpoint_auth_method: "client_secret_basic",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
      },
    });
    app = await res.json();
    expect(res.status, JSON.stringify(app)).toBe(201);
    // The user belongs to an organization, which the `organizations` scope puts in the ID token.
    const org = await gatehouseSend("/api/auth/organization/create", {
      cookie: userCookie,
      json: { name: organization.name, slug: organization.slug },
    });
    expect(org.status, await org.clone().text()).toBe(200);
    organizationId = ((await org.json()) as { id: string }).id;

    example = await spawnServer(
      {
        GATEHOUSE_ISSUER: issuer,
        CLIENT_ID: app.client_id,
        CLIENT_SECRET: app.client_secret ?? "",
        PORT: String(examplePort),
        REDIRECT_URI: `${exampleUrl}/callback`,
      },
      { command: ["node", "examples/node-app/server.mjs"] },
    );
  }, 120_000);

  afterAll(async () => {
    await example?.stop();
    await gatehouse?.stop();
    await sink?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("signs in with code + PKCE, shows the user from the ID token, and its API verifies the access token", async () => {
    expect(await (await browse(`${exampleUrl}/`)).text()).toContain("You are not signed in");
    const login = await browse(`${exampleUrl}/login`);
    expect(login.status).toBe(303);
    const authorize = new URL(login.headers.get("location") ?? "");
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${issuer}/oauth2/authorize`);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    for (const param of ["code_challenge", "state", "nonce"]) {
      expect(authorize.searchParams.get(param), param).toBeTruthy();
    }
    expect(authorize.searchParams.get("resource")).toBe(audience);

    const callback = await throughGatehouse(authorize.href);
    expect(callback.startsWith(`${exampleUrl}/callback?`), callback).toBe(true);
    const landed = await browse(callback);
    expect(landed.status, await landed.clone().text()).toBe(303);
    expect(landed.headers.get("location")).toBe("/");

    const home = await browse(`${exampleUrl}/`);
    expect(home.status).toBe(200);
    const page = await home.text();
    expect(page).toContain(user.name);
    expect(page).toContain(user.email);
    expect(authorize.searchParams.get("scope")?.split(" ")).toContain("organizations");
    expect(page).toMatch(
      new RegExp(`<ul id="organizations"><li>${organization.name} <small>\\(${organization.slug}; owner\\)`),
    );
    expect(page).toMatch(/<strong id="api-status">200<\/strong>/);
    const answer = JSON.parse(
      (page.match(/<pre id="api-answer">([\s\S]*?)<\/pre>/)?.[1] ?? "{}").replaceAll("&#34;", '"'),
    );
    expect(answer).toMatchObject({ iss: issuer, client_id: app.client_id });
    expect(answer.aud).toEqual(expect.arrayContaining([audience]));
    expect(page).toContain(String(answer.sub));
    // The access token carries the organization active in the Gatehouse session, and the user's roles there.
    expect(answer).toMatchObject({ org_id: organizationId, org_roles: ["owner"] });
    expect(page).toContain("</small> <strong>active</strong></li>");

    // A replayed callback (same code, state, login cookie gone) is refused with a page, not a crash.
    const replay = await browse(callback);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain("Sign-in expired");
  });

  describe("its API (GET /api/me)", () => {
    let tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;
    let config: oidc.Configuration;

    /** A sign-in as the example app's client, straight with openid-client, asking for `resource`. */
    async function tokensFor(resource: string) {
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: `${exampleUrl}/callback`,
        scope: "openid profile email",
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state,
        resource,
      });
      const callback = await throughGatehouse(url.href);
      return oidc.authorizationCodeGrant(config, new URL(callback), {
        pkceCodeVerifier: verifier,
        expectedState: state,
      });
    }

    beforeAll(async () => {
      config = await oidc.discovery(
        new URL(issuer),
        app.client_id,
        undefined,
        oidc.ClientSecretBasic(app.client_secret ?? ""),
        { execute: [oidc.allowInsecureRequests] },
      );
      tokens = await tokensFor(audience);
    });

    it("answers the claims of an access token for its audience", async () => {
      expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: "RS256", typ: "at+jwt" });
      const res = await apiMe(tokens.access_token);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ iss: issuer, sub: decodeJwt(tokens.access_token).sub });
    });

    it("refuses no token, another audience's token, an ID token and a forged one (401, RFC 6750)", async () => {
      const none = await apiMe();
      expect(none.status).toBe(401);
      expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);

      const other = await tokensFor(otherApi);
      expect(decodeJwt(other.access_token).aud).toEqual(expect.arrayContaining([otherApi]));
      const refusedOther = await apiMe(other.access_token);
      expect(refusedOther.status).toBe(401);
      expect(refusedOther.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
      expect((await refusedOther.json()).error_description).toMatch(/aud/);

      expect((await apiMe(tokens.id_token)).status).toBe(401);

      // Same claims, same kid, signed with a key that is not Gatehouse's.
      const { privateKey } = await generateKeyPair("RS256");
      const forged = await new SignJWT({ ...decodeJwt(tokens.access_token) })
        .setProtectedHeader({ ...decodeProtectedHeader(tokens.access_token), alg: "RS256" })
        .sign(privateKey);
      const refusedForged = await apiMe(forged);
      expect(refusedForged.status).toBe(401);
      expect((await refusedForged.json()).error_description).toMatch(/signature/i);

      const garbage = await apiMe("not-a-token");
      expect(garbage.status).toBe(401);
    });
  });

  it("registered on the Applications screen as the README says (a Native app: no secret), it signs in as a public client", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const body = registrationBody({
      name: "Example app (screen)",
      logoUri: "",
      clientUri: "",
      type: "native",
      redirectUris: `${url}/callback`,
      postLogoutRedirectUris: `${url}/`,
      firstParty: false,
      scopes: ["openid", "profile", "email", "offline_access", "organizations"],
    });
    const res = await gatehouseSend("/api/auth/oauth2/create-client", { cookie: adminCookie, json: body });
    const registered = (await res.json()) as { client_id: string; client_secret?: string };
    expect(res.status, JSON.stringify(registered)).toBe(201);
    expect(registered.client_secret).toBeUndefined();
    const publicApp = await spawnServer(
      {
        GATEHOUSE_ISSUER: issuer,
        CLIENT_ID: registered.client_id,
        PORT: String(port),
        REDIRECT_URI: `${url}/callback`,
        // Another resource Gatehouse serves (OIDC_RESOURCES is fixed for this Gatehouse).
        API_AUDIENCE: otherApi,
      },
      { command: ["node", "examples/node-app/server.mjs"] },
    );
    try {
      const login = await browse(`${url}/login`);
      expect(login.status).toBe(303);
      const callback = await throughGatehouse(login.headers.get("location") ?? "");
      expect(callback.startsWith(`${url}/callback?`), callback).toBe(true);
      const landed = await browse(callback);
      expect(landed.status, await landed.clone().text()).toBe(303);
      const page = await (await browse(`${url}/`)).text();
      expect(page).toContain(user.name);
      expect(page).toMatch(/<strong id="api-status">200<\/strong>/);
      // A public client refreshes too, with no secret to send.
      expect((await browse(`${url}/refresh`, { method: "POST" })).status).toBe(303);
      expect(await (await browse(`${url}/`)).text()).toContain(user.name);
    } finally {
      await publicApp.stop();
    }
  });

  it("refreshes its tokens, then signs out at Gatehouse too (RP-initiated logout) and comes back", async () => {
    const refreshed = await browse(`${exampleUrl}/refresh`, { method: "POST" });
    expect(refreshed.status).toBe(303);
    expect(await (await browse(`${exampleUrl}/`)).text()).toContain(user.name);

    const out = await browse(`${exampleUrl}/logout`, { method: "POST" });
    expect(out.status).toBe(303);
    const endSession = new URL(out.headers.get("location") ?? "");
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${issuer}/oauth2/end-session`);
    expect(endSession.searchParams.get("post_logout_redirect_uri")).toBe(`${exampleUrl}/`);
    expect(endSession.searchParams.get("id_token_hint")).toBeTruthy();
    // The example app forgot the user at once.
    expect(await (await browse(`${exampleUrl}/`)).text()).toContain("You are not signed in");

    const back = await browse(endSession.href);
    expect(await redirectOf(back)).toBe(`${exampleUrl}/`);
    // Gatehouse's session ended too.
    const session = await gatehouseSend("/api/auth/get-session", { cookie: userCookie });
    expect(await session.json()).toBeNull();
  });

  it("docs/integrate.md: the Node verification snippet verifies a token from GET /api/auth/token", async () => {
    const cookie = cookiesFrom(
      await gatehouseSend("/api/auth/sign-in/email", {
        json: { email: user.email, password: user.password },
      }),
    );
    const res = await gatehouseSend("/api/auth/token", { cookie });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };

    const docs = readFileSync(join(ROOT, "docs/integrate.md"), "utf8");
    const snippet = docs.match(/<!-- verify-node -->\s*```js\n([\s\S]*?)```/)?.[1];
    expect(snippet, "the Node snippet in docs/integrate.md").toBeTruthy();
    const code = (snippet as string).replaceAll("https://auth.example.com/api/auth", issuer);
    expect(code.trim().split("\n").length).toBeLessThanOrEqual(12);

    const run = async (jwt: string) => {
      const child = spawn(
        "node",
        [
          "--input-type=module",
          "-e",
          `${code}\nconsole.log(JSON.stringify(await verifyGatehouseToken(process.argv[1])));`,
          jwt,
        ],
        { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
      );
      let out = "";
      child.stdout.on("data", (d) => {
        out += d;
      });
      child.stderr.on("data", (d) => {
        out += d;
      });
      const [code_] = await once(child, "exit");
      return { code: code_ as number, out };
    };
    const good = await run(token);
    expect(good.code, good.out).toBe(0);
    expect(JSON.parse(good.out)).toMatchObject({ iss: issuer, aud: issuer, email: user.email });

    const [head, body, signature = ""] = token.split(".");
    const tampered = `${head}.${body}.${signature.slice(0, -4)}${signature.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
    const bad = await run(tampered);
    expect(bad.code).not.toBe(0);
    expect(bad.out).toMatch(/signature verification failed/i);
  });
});
