import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_TYPES } from "#shared/contracts/applications.ts";
import { registrationBody } from "#web/features/admin/lib/app-registration.ts";
import { authorizeUrl, LOOPBACK_REDIRECT, redirectUrlOf, registerApp } from "../support/oauth-apps.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified } from "../support/users.ts";

const FIRST_ADMIN = "apps-first@example.test";
const SECOND_ADMIN = "apps-second@example.test";

/** Admin → Applications: every app listed to every admin, disabling, and the authorization error page. */
describe(`applications admin (${testDatabase})`, () => {
  let t: TestApp;
  let first: Awaited<ReturnType<typeof signUpVerified>>;
  let second: Awaited<ReturnType<typeof signUpVerified>>;
  let plain: Awaited<ReturnType<typeof signUpVerified>>;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: `${FIRST_ADMIN},${SECOND_ADMIN}` });
    first = await signUpVerified(t, createUser({ email: FIRST_ADMIN }));
    second = await signUpVerified(t, createUser({ email: SECOND_ADMIN }));
    plain = await signUpVerified(t);
  });
  afterAll(() => t.close());

  const list = (cookie: string, query = "") => t.request(`/api/admin/applications${query}`, { cookie });

  it("lists every app to every admin, paged with a total; never a secret", async () => {
    const mine = await registerApp(t, first.cookie, { client_name: "First's app" });
    const theirs = await registerApp(t, second.cookie, {
      client_name: "Second's SPA",
      application_type: "web",
      token_endpoint_auth_method: "none",
      redirect_uris: ["https://spa.example.com/callback"],
    });
    const res = await list(first.cookie);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total).toBe(2);
    const ids = body.items.map((a: { clientId: string }) => a.clientId);
    expect([...ids].sort()).toEqual([mine.client_id, theirs.client_id].sort());
    const spa = body.items.find((a: { clientId: string }) => a.clientId === theirs.client_id);
    expect(spa).toMatchObject({ name: "Second's SPA", type: "spa", confidential: false, disabled: false });
    const native = body.items.find((a: { clientId: string }) => a.clientId === mine.client_id);
    expect(native).toMatchObject({ type: "native", confidential: true, redirectUris: [LOOPBACK_REDIRECT] });
    expect(JSON.stringify(body)).not.toContain(mine.client_secret as string);

    const page = await (await list(second.cookie, "?limit=1&offset=1")).json();
    expect(page).toMatchObject({ total: 2, items: [{ clientId: ids[1] }] });
    expect((await list(first.cookie, "?limit=0")).status).toBe(400);
    expect((await list(first.cookie, "?offset=-1")).status).toBe(400);

    const one = await t.request(`/api/admin/applications/${mine.client_id}`, { cookie: second.cookie });
    expect(await one.json()).toMatchObject({ clientId: mine.client_id, name: "First's app" });
    const none = await t.request("/api/admin/applications/nope", { cookie: second.cookie });
    expect(none.status).toBe(404);
  });

  it("refuses the list and the switch to non-admins (403) and to visitors (401)", async () => {
    expect((await list(plain.cookie)).status).toBe(403);
    expect((await t.request("/api/admin/applications")).status).toBe(401);
    const app = await registerApp(t, first.cookie);
    const path = `/api/admin/applications/${app.client_id}/disabled`;
    expect((await t.request(path, { cookie: plain.cookie, json: { disabled: true } })).status).toBe(403);
    expect((await t.request(path, { json: { disabled: true } })).status).toBe(401);
    const after = await (
      await t.request(`/api/admin/applications/${app.client_id}`, { cookie: first.cookie })
    ).json();
    expect(after.disabled).toBe(false);
  });

  it("an admin's own API key reaches none of it: keys are for the organization API only", async () => {
    const created = await t.request("/api/auth/api-key/create", {
      cookie: first.cookie,
      json: { name: "admin's key", expiresIn: 86_400 },
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const { key } = (await created.json()) as { key: string };
    const app = await registerApp(t, first.cookie);
    const withKey = (path: string, json?: unknown) =>
      t.server.app.request(path, {
        method: json === undefined ? "GET" : "POST",
        headers: { "x-api-key": key, ...(json === undefined ? {} : { "content-type": "application/json" }) },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
    for (const [path, json] of [
      ["/api/admin/applications", undefined],
      [`/api/admin/applications/${app.client_id}`, undefined],
      [`/api/admin/applications/${app.client_id}/disabled`, { disabled: true }],
      ["/api/account/connected-apps", undefined],
    ] as const) {
      const res = await withKey(path, json);
      expect(res.status, path).toBe(403);
      expect((await res.json()).code, path).toBe("API_KEY_NOT_ALLOWED");
    }
    const after = await (
      await t.request(`/api/admin/applications/${app.client_id}`, { cookie: first.cookie })
    ).json();
    expect(after.disabled).toBe(false);
  });

  it("apps belong to the admins together: another admin rotates the secret and deletes the app", async () => {
    const app = await registerApp(t, first.cookie, { client_name: "Shared" });
    const rotated = await t.request("/api/auth/oauth2/client/rotate-secret", {
      cookie: second.cookie,
      json: { client_id: app.client_id },
    });
    expect(rotated.status).toBe(200);
    const { client_secret: secret } = await rotated.json();
    expect(secret).toBeTruthy();
    expect(secret).not.toBe(app.client_secret);
    // A non-admin can do neither.
    const refused = await t.request("/api/auth/oauth2/delete-client", {
      cookie: plain.cookie,
      json: { client_id: app.client_id },
    });
    expect(refused.status).toBe(401);
    const deleted = await t.request("/api/auth/oauth2/delete-client", {
      cookie: second.cookie,
      json: { client_id: app.client_id },
    });
    expect(deleted.status).toBe(200);
    const gone = await t.request(`/api/admin/applications/${app.client_id}`, { cookie: first.cookie });
    expect(gone.status).toBe(404);
  });

  it("a disabled app cannot start a sign-in (our error page, not its redirect URI) until enabled again", async () => {
    const app = await registerApp(t, first.cookie);
    const path = `/api/admin/applications/${app.client_id}/disabled`;
    const off = await t.request(path, { cookie: second.cookie, json: { disabled: true } });
    expect(off.status).toBe(200);
    expect((await off.json()).disabled).toBe(true);
    const refused = await redirectUrlOf(
      await t.request(authorizeUrl(app.client_id).url, { cookie: plain.cookie }),
    );
    expect(refused?.pathname).toBe("/oauth/error");
    expect(refused?.searchParams.get("error")).toBe("client_disabled");

    const on = await t.request(path, { cookie: second.cookie, json: { disabled: false } });
    expect((await on.json()).disabled).toBe(false);
    const consent = await redirectUrlOf(
      await t.request(authorizeUrl(app.client_id).url, { cookie: plain.cookie }),
    );
    expect(consent?.pathname).toBe("/oauth/consent");
    expect((await t.request(path, { cookie: first.cookie, json: { disabled: "yes" } })).status).toBe(400);
    expect(
      (
        await t.request("/api/admin/applications/nope/disabled", {
          cookie: first.cookie,
          json: { disabled: true },
        })
      ).status,
    ).toBe(404);
  });

  it("a first-party app skips the consent screen; the screen registers every kind of app", async () => {
    const ours = await registerApp(t, first.cookie, { client_name: "Our dashboard", skip_consent: true });
    const listed = await (
      await t.request(`/api/admin/applications/${ours.client_id}`, { cookie: first.cookie })
    ).json();
    expect(listed).toMatchObject({ skipConsent: true, type: "native" });
    const straight = await redirectUrlOf(
      await t.request(authorizeUrl(ours.client_id).url, { cookie: plain.cookie }),
    );
    expect(straight?.href.startsWith(`${LOOPBACK_REDIRECT}?`), straight?.href).toBe(true);
    expect(straight?.searchParams.get("code")).toBeTruthy();

    // The Applications screen's own request for each kind of app (registrationBody), as the server takes it.
    for (const type of APP_TYPES) {
      const body = registrationBody({
        name: `A ${type} app`,
        logoUri: "https://example.com/logo.png",
        clientUri: "https://example.com",
        type,
        redirectUris: type === "native" ? LOOPBACK_REDIRECT : "https://app.example.com/callback",
        postLogoutRedirectUris: type === "service" ? "" : "https://app.example.com/",
        firstParty: type === "service",
        scopes: ["openid", "profile", "email", "offline_access", "organizations"],
      });
      const res = await t.request("/api/auth/oauth2/create-client", { cookie: first.cookie, json: body });
      const issued = await res.json();
      expect(res.status, `${type}: ${JSON.stringify(issued)}`).toBe(201);
      expect(Boolean(issued.client_secret), type).toBe(type === "web" || type === "service");
      const row = await (
        await t.request(`/api/admin/applications/${issued.client_id}`, { cookie: first.cookie })
      ).json();
      expect(row, type).toMatchObject({
        type,
        name: `A ${type} app`,
        logoUri: "https://example.com/logo.png",
      });
    }

    // The README's walkthrough (examples/node-app on http://localhost:4000): a Web app may not use an http
    // loopback redirect; a Native app may, and gets no secret (a public client, PKCE only).
    const local = (type: "web" | "native") =>
      registrationBody({
        name: `Example app (${type})`,
        logoUri: "",
        clientUri: "",
        type,
        redirectUris: "http://localhost:4000/callback",
        postLogoutRedirectUris: "http://localhost:4000/",
        firstParty: false,
        scopes: ["openid", "profile", "email", "offline_access", "organizations"],
      });
    const asWeb = await t.request("/api/auth/oauth2/create-client", {
      cookie: first.cookie,
      json: local("web"),
    });
    expect(asWeb.status).toBe(400);
    expect((await asWeb.json()).error).toBe("invalid_redirect_uri");
    const asNative = await t.request("/api/auth/oauth2/create-client", {
      cookie: first.cookie,
      json: local("native"),
    });
    const native = await asNative.json();
    expect(asNative.status, JSON.stringify(native)).toBe(201);
    expect(native.client_secret).toBeUndefined();
    expect(native.token_endpoint_auth_method).toBe("none");
  });

  it("an unknown app or an unregistered redirect URI lands on /oauth/error and is never redirected to", async () => {
    const unknown = await t.request(authorizeUrl("no-such-app").url, { cookie: plain.cookie });
    expect(unknown.status).toBe(302);
    const u = await redirectUrlOf(unknown);
    expect(u?.pathname).toBe("/oauth/error");
    expect(u?.searchParams.get("error")).toBe("invalid_client");

    const app = await registerApp(t, first.cookie);
    const evil = "http://127.0.0.1:47123/elsewhere";
    const bad = await t.request(authorizeUrl(app.client_id, { redirect_uri: evil }).url, {
      cookie: plain.cookie,
    });
    const b = await redirectUrlOf(bad);
    expect(b?.pathname).toBe("/oauth/error");
    expect(b?.searchParams.get("error")).toBe("invalid_redirect");
    expect(b?.href).not.toContain("elsewhere");
    expect(bad.headers.get("location")).not.toContain(encodeURIComponent(evil));

    // A visitor who is not signed in meets the same page (the app is checked before sign-in).
    const anonymous = await redirectUrlOf(await t.request(authorizeUrl("no-such-app").url));
    expect(anonymous?.pathname).toBe("/oauth/error");
    // better-auth's own error page is still there for a direct visit.
    const page = await t.request("/api/auth/error?error=invalid_client&error_description=x");
    expect(page.status).toBe(200);
  });
});
