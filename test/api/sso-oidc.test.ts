import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf } from "../support/audit.ts";
import { domainsCall } from "../support/domains.ts";
import { freePort } from "../support/free-port.ts";
import { api, rawDb } from "../support/organizations.ts";
import {
  createOidcConnection,
  landingOf,
  ownerWithDomain,
  SSO_OIDC_CLIENT,
  type SsoTestApp,
  ssoPath,
  startSsoSignIn,
  startSsoTestApp,
} from "../support/sso.ts";
import { testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified } from "../support/users.ts";

describe(`SSO over OpenID Connect against oauth2-mock-server (${testDatabase})`, () => {
  let app: SsoTestApp;
  let org: Awaited<ReturnType<typeof ownerWithDomain>>;
  let teamId: string;
  let connectionId: string;

  beforeAll(async () => {
    app = await startSsoTestApp();
    org = await ownerWithDomain(app);
    const team = await api(app.t, "/organization/create-team", org.owner.cookie, {
      name: "Support",
      organizationId: org.organization.id,
    });
    teamId = team.body.id;
    const made = await createOidcConnection(app, org.owner.cookie, org.organization.id, org.domain, {
      mapping: { groups: "groups" },
      groupMappings: [
        { group: "gh-admins", role: "admin", teamId: null },
        { group: "gh-support", role: null, teamId },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    connectionId = made.body.id;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  const memberOf = (email: string) =>
    rawDb(app.t)
      .selectFrom("member")
      .innerJoin("user", "user.id", "member.userId")
      .select(["member.role", "user.id", "user.emailVerified"])
      .where("user.email", "=", email)
      .where("member.organizationId", "=", org.organization.id)
      .executeTakeFirst();
  const teamsOf = async (userId: string) =>
    (await rawDb(app.t).selectFrom("teamMember").select("teamId").where("userId", "=", userId).execute()).map(
      (r) => r.teamId,
    );

  it("signs a new person in with a verified address and the default role", async () => {
    const email = `ada@${org.domain}`;
    const browser = app.browser();
    app.oidc.signInAs({ sub: "oidc-ada", email, name: "Ada" });
    const landing = await browser.follow(await startSsoSignIn(browser, email));
    expect(landing.url.pathname).toBe("/welcome");
    const session = await api(app.t, "/get-session", browser.cookieFor());
    expect(session.body.user).toMatchObject({ email, name: "Ada", emailVerified: true });
    expect((await memberOf(email))?.role).toBe("member");
    // No verification mail for an address the IdP vouched for.
    expect(app.t.sink.mails.filter((m) => m.to.includes(email))).toHaveLength(0);
  });

  it("maps the groups claim to a role and a team, and follows group changes at the next sign-in", async () => {
    const email = `grace@${org.domain}`;
    const signInWith = async (groups: string[]) => {
      const browser = app.browser();
      app.oidc.signInAs({ sub: "oidc-grace", email, name: "Grace", groups });
      return browser.follow(await startSsoSignIn(browser, email));
    };
    expect((await signInWith(["gh-admins", "gh-support"])).url.pathname).toBe("/welcome");
    const member = await memberOf(email);
    expect(member?.role).toBe("admin");
    expect(await teamsOf(member?.id ?? "")).toEqual([teamId]);
    await signInWith(["gh-admins"]);
    expect(await teamsOf(member?.id ?? "")).toEqual([]);
  });

  it("links the account that already has the address", async () => {
    const existing = await signUpVerified(app.t, createUser({ email: `linus@${org.domain}` }));
    const before = await api(app.t, "/get-session", existing.cookie);
    const browser = app.browser();
    app.oidc.signInAs({ sub: "oidc-linus", email: existing.email, name: "Someone Else" });
    await browser.follow(await startSsoSignIn(browser, existing.email));
    const session = await api(app.t, "/get-session", browser.cookieFor());
    expect(session.body.user.id).toBe(before.body.user.id);
    // "preserve": the account's own name stays.
    expect(session.body.user.name).toBe(existing.name);
  });

  it("takes the password off an account whose address was never verified (made beforehand by anyone)", async () => {
    const email = `preclaimed@${org.domain}`;
    const password = "squatter password 123";
    const signedUp = await app.t.request("/api/auth/sign-up/email", {
      json: { email, password, name: "Squatter" },
    });
    expect(signedUp.status).toBe(200);
    const browser = app.browser();
    app.oidc.signInAs({ sub: "oidc-preclaimed", email, name: "Real Person" });
    expect((await browser.follow(await startSsoSignIn(browser, email))).url.pathname).toBe("/welcome");
    const session = await api(app.t, "/get-session", browser.cookieFor());
    expect(session.body.user).toMatchObject({ email, emailVerified: true });
    const passwordSignIn = await app.t.request("/api/auth/sign-in/email", { json: { email, password } });
    expect(passwordSignIn.status).toBe(401);
  });

  it("refuses a tampered state and an address outside the domain, signing nobody in", async () => {
    const browser = app.browser();
    const email = `eve@${org.domain}`;
    app.oidc.signInAs({ sub: "oidc-eve", email });
    const callback = await browser.callbackFrom(new URL(await startSsoSignIn(browser, email)));
    callback.searchParams.set("state", `${callback.searchParams.get("state")}x`);
    const res = await browser.fetch(callback);
    expect(res.status).toBe(302);
    expect(landingOf(res, app.url)?.searchParams.get("error")).toBeTruthy();
    expect((await api(app.t, "/get-session", browser.cookieFor())).body).toBeNull();
    const outside = `mallory@elsewhere-${Date.now()}.test`;
    app.oidc.signInAs({ sub: "oidc-mallory", email: outside });
    const landing = await browser.follow(await startSsoSignIn(browser, `someone@${org.domain}`));
    expect(landing.url.pathname).toBe("/error");
    expect(landing.url.searchParams.get("error")).toBe("SSO_EMAIL_OUTSIDE_DOMAIN");
    const users = await rawDb(app.t)
      .selectFrom("user")
      .select("id")
      .where("email", "in", [email, outside])
      .execute();
    expect(users).toHaveLength(0);
  });

  it("answers a sign-in for a domain without a connection with a 4xx", async () => {
    const res = await app.browser().postJSON("/api/auth/sign-in/sso", {
      email: `someone@nowhere-${Date.now()}.test`,
      callbackURL: "/",
      errorCallbackURL: "/error",
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it("answers a callback for an unknown connection without a 5xx", async () => {
    const res = await app.browser().fetch(`/api/auth/sso/callback/no-such-connection?code=x&state=y`);
    expect(res.status).toBeLessThan(500);
    if (res.status === 302) expect(landingOf(res, app.url)?.searchParams.get("error")).toBeTruthy();
  });

  it("runs an owner's test sign-in through the IdP without signing anyone in", async () => {
    const base = ssoPath(org.organization.id);
    // The owner's browser starts it (the OIDC state is bound to it by a cookie) and opens the URL.
    const browser = app.browser();
    browser.addCookies(org.owner.cookie);
    const res = await browser.postJSON(`/api${base}/connections/${connectionId}/test`, {});
    expect(res.status).toBe(201);
    const started = { body: (await res.json()) as { testId: string; url: string } };
    const email = `tess@${org.domain}`;
    app.oidc.signInAs({ sub: "oidc-tess", email, name: "Tess", groups: ["gh-support"] });
    const landing = await browser.follow(started.body.url);
    expect(landing.url.pathname).toBe("/sso-test");
    expect(landing.url.searchParams.get("error")).toBe("SSO_TEST_COMPLETE");
    const result = await domainsCall(app.t, `${base}/tests/${started.body.testId}`, org.owner.cookie);
    expect(result.body).toMatchObject({
      status: "succeeded",
      email,
      name: "Tess",
      groups: ["gh-support"],
      role: "member",
      teams: ["Support"],
    });
    expect(
      await rawDb(app.t).selectFrom("user").select("id").where("email", "=", email).execute(),
    ).toHaveLength(0);
  });

  it("stops signing in when the organization removes the domain", async () => {
    const other = await ownerWithDomain(app);
    await createOidcConnection(app, other.owner.cookie, other.organization.id, other.domain);
    const domains = await domainsCall(
      app.t,
      `/organizations/${other.organization.id}/domains`,
      other.owner.cookie,
    );
    await domainsCall(
      app.t,
      `/organizations/${other.organization.id}/domains/${domains.body.domains[0].id}`,
      other.owner.cookie,
      { method: "DELETE" },
    );
    const browser = app.browser();
    const email = `late@${other.domain}`;
    app.oidc.signInAs({ sub: "oidc-late", email });
    const res = await browser.postJSON("/api/auth/sign-in/sso", {
      email,
      callbackURL: "/",
      errorCallbackURL: "/error",
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe(`SSO membership beyond the organization's limit (${testDatabase})`, () => {
  let app: SsoTestApp;
  beforeAll(async () => {
    app = await startSsoTestApp({ MEMBERSHIP_LIMIT: "2" });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("signs the person in all the same, and records the membership refused", async () => {
    const org = await ownerWithDomain(app);
    await createOidcConnection(app, org.owner.cookie, org.organization.id, org.domain);
    const emails = [`first@${org.domain}`, `second@${org.domain}`];
    for (const email of emails) {
      const browser = app.browser();
      app.oidc.signInAs({ sub: `limit-${email}`, email });
      const landing = await browser.follow(await startSsoSignIn(browser, email));
      expect(landing.url.pathname).toBe("/welcome");
      expect((await api(app.t, "/get-session", browser.cookieFor())).body.user.email).toBe(email);
    }
    const members = await rawDb(app.t)
      .selectFrom("member")
      .select("userId")
      .where("organizationId", "=", org.organization.id)
      .execute();
    expect(members).toHaveLength(2);
    const refused = (
      await eventsOf(app.t, { action: "member.added", organizationId: org.organization.id })
    ).filter((e) => e.outcome === "refused");
    expect(refused).toHaveLength(1);
    expect(refused[0]?.details).toMatchObject({ via: "sso" });
  });
});

describe(`SSO over OpenID Connect with an issuer outside TRUSTED_ORIGINS (${testDatabase})`, () => {
  let app: SsoTestApp;
  const servers: Server[] = [];
  beforeAll(async () => {
    // As for a customer's Okta or Entra ID: the operator lists nothing. The IdP is on loopback, which the
    // operator allows for owners' IdPs as for webhooks.
    app = await startSsoTestApp({ WEBHOOK_ALLOW_PRIVATE: "1" }, [], { trustOidc: false });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  /** A loopback HTTP server answering every request with `body` as `type`; its URL. */
  const serving = async (type: string, body: (url: string) => string) => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": type });
      res.end(body(url));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return url;
  };

  it("adds the connection from the issuer's discovery document and signs in with the owner's claim mapping", async () => {
    const org = await ownerWithDomain(app);
    const made = await createOidcConnection(app, org.owner.cookie, org.organization.id, org.domain, {
      mapping: { email: "mail", name: "cn" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.oidc).toMatchObject({ issuer: app.oidc.url });
    const stored = await rawDb(app.t)
      .selectFrom("ssoProvider")
      .select("oidcConfig")
      .where("providerId", "=", made.body.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.oidcConfig as string)).toMatchObject({
      authorizationEndpoint: `${app.oidc.url}/authorize`,
      tokenEndpoint: `${app.oidc.url}/token`,
      jwksEndpoint: `${app.oidc.url}/jwks`,
    });
    const email = `mapped@${org.domain}`;
    const browser = app.browser();
    // `email` and `name` say otherwise: the owner's "mail" and "cn" decide.
    app.oidc.signInAs({
      sub: "oidc-mapped",
      email: `someone@elsewhere-${Date.now()}.test`,
      name: "Not This Name",
      claims: { mail: email, cn: "Mapped Full Name" },
    });
    const landing = await browser.follow(await startSsoSignIn(browser, email));
    expect(landing.url.pathname, landing.url.search).toBe("/welcome");
    const session = await api(app.t, "/get-session", browser.cookieFor());
    expect(session.body.user).toMatchObject({ email, name: "Mapped Full Name", emailVerified: true });
    // New OIDC values are read from the issuer again: an unreachable one is refused, the connection unchanged.
    const port = await freePort();
    const changed = await domainsCall(
      app.t,
      ssoPath(org.organization.id, `/connections/${made.body.id}`),
      org.owner.cookie,
      {
        method: "PATCH",
        json: { oidc: { issuer: `http://127.0.0.1:${port}`, clientId: SSO_OIDC_CLIENT.clientId } },
      },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(422);
    expect(changed.body.code).toBe("OIDC_DISCOVERY_FAILED");
    const after = await rawDb(app.t)
      .selectFrom("ssoProvider")
      .select(["issuer", "oidcConfig"])
      .where("providerId", "=", made.body.id)
      .executeTakeFirstOrThrow();
    expect(after.oidcConfig).toBe(stored.oidcConfig);
    expect(after.issuer).toBe(app.oidc.url);
  });

  it("answers 422 OIDC_DISCOVERY_FAILED for an unreachable issuer, a non-JSON document or another issuer's", async () => {
    const org = await ownerWithDomain(app);
    const port = await freePort();
    const html = await serving("text/html", () => "<html><body>Welcome</body></html>");
    const other = await serving("application/json", (url) =>
      JSON.stringify({
        issuer: "https://someone-else.example",
        authorization_endpoint: `${url}/authorize`,
        token_endpoint: `${url}/token`,
        jwks_uri: `${url}/jwks`,
      }),
    );
    const incomplete = await serving("application/json", (url) => JSON.stringify({ issuer: url }));
    for (const [issuer, reason] of [
      [`http://127.0.0.1:${port}`, /ECONNREFUSED/],
      [html, /JSON/],
      [other, /someone-else/],
      [incomplete, /authorization_endpoint/],
    ] as const) {
      const res = await domainsCall(app.t, ssoPath(org.organization.id, "/connections"), org.owner.cookie, {
        json: { protocol: "oidc", domain: org.domain, oidc: { issuer, ...SSO_OIDC_CLIENT } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.code).toBe("OIDC_DISCOVERY_FAILED");
      expect(res.body.message).toMatch(reason);
    }
    expect(
      await rawDb(app.t)
        .selectFrom("ssoProvider")
        .select("id")
        .where("organizationId", "=", org.organization.id)
        .execute(),
    ).toHaveLength(0);
  });
});

describe(`SSO over OpenID Connect: an issuer on a private address (${testDatabase})`, () => {
  let app: SsoTestApp;
  beforeAll(async () => {
    // Neither WEBHOOK_ALLOW_PRIVATE nor the issuer in TRUSTED_ORIGINS.
    app = await startSsoTestApp({}, [], { trustOidc: false });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it("is refused with 422, naming the setting", async () => {
    const org = await ownerWithDomain(app);
    const res = await createOidcConnection(app, org.owner.cookie, org.organization.id, org.domain);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body).toMatchObject({ code: "OIDC_DISCOVERY_FAILED" });
    expect(res.body.message).toMatch(/WEBHOOK_ALLOW_PRIVATE/);
  });
});
