import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  POLICED_PATHS,
  SELF_POLICED_PATHS,
  UNPOLICED_PATHS,
} from "#server/features/organizations/two-factor-policy.ts";
import { CookieJar } from "../support/cookie-jar.ts";
import {
  addMember,
  api,
  createOrganization,
  invitationIdFromMail,
  invite,
  rawDb,
  signUpWithId,
  withApiKey,
} from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { enrolAccount, totpCode } from "../support/two-factor.ts";
import { createUser, type signUpVerified } from "../support/users.ts";

// biome-ignore lint/suspicious/noExplicitAny: tests assert on whatever JSON came back
type Json = any;
type User = Awaited<ReturnType<typeof signUpVerified>> & { id: string };

const REQUIRED = "TWO_FACTOR_REQUIRED_BY_ORGANIZATION";
const ADMINS_REQUIRED = "TWO_FACTOR_REQUIRED_FOR_ADMINS";

/** Turns on an authenticator app (codes from otplib); returns the session cookie the confirmation left. */
async function enrolTotp(t: TestApp, u: { cookie: string; password: string }): Promise<string> {
  const { cookie } = await enrolAccount(t, u);
  expect(cookie).toContain("session_token");
  return cookie;
}

/** A passkey row as @better-auth/passkey stores one (registering a real one needs a browser: see the e2e). */
async function seedPasskey(t: TestApp, userId: string) {
  const ctx = await t.server.auth.$context;
  await ctx.adapter.create({
    model: "passkey",
    data: {
      userId,
      name: "Seeded key",
      publicKey: "seeded",
      credentialID: `cred-${userId}`,
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
      createdAt: new Date(),
    },
  });
}

describe(`organizations that require two-factor (${testDatabase})`, () => {
  let t: TestApp;
  let owner: User;
  let member: User;
  let orgId: string;
  let slug: string;
  let teamId: string;
  let memberId: string;
  let invitationId: string;
  let keyValue: string;
  let keyId: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUpWithId(t);
    member = await signUpWithId(t);
    const org = await createOrganization(t, owner.cookie);
    orgId = org.id;
    slug = org.slug;
    // An admin of the organization, so that every management call below would otherwise be allowed.
    memberId = (await addMember(t, owner.cookie, orgId, member, "admin")).id;
    teamId = (await api(t, "/organization/create-team", owner.cookie, { organizationId: orgId, name: "Ops" }))
      .body.id;
    const joined = await api(t, "/organization/add-team-member", owner.cookie, { teamId, userId: member.id });
    expect(joined.status).toBe(200);
    invitationId = (await invite(t, owner.cookie, orgId, createUser().email)).id;
    const key = await api(t, "/api-key/create", member.cookie, {
      name: "CI",
      organizationId: orgId,
      expiresIn: 86_400,
      permissions: { team: ["create"] },
    });
    expect(key.status).toBe(200);
    keyValue = key.body.key;
    keyId = key.body.id;
    // The member's session has the organization active, as the web app leaves it.
    expect((await api(t, "/organization/set-active", member.cookie, { organizationId: orgId })).status).toBe(
      200,
    );
  });
  afterAll(() => t.close());

  /**
   * Every organization route the policy covers, as a non-compliant member would call it. Each would succeed
   * (or fail for another reason) without the policy; with it, each must be our 403.
   */
  function policedCalls(): [string, Record<string, unknown> | undefined, string?][] {
    const q = `organizationId=${orgId}`;
    return [
      ["/organization/get-full-organization", undefined, `?${q}`],
      ["/organization/get-full-organization", undefined, `?organizationSlug=${slug}`],
      // Nothing named: the session's active organization.
      ["/organization/get-full-organization", undefined, ""],
      ["/organization/get-organization", undefined, `?${q}`],
      ["/organization/get-organization", undefined, `?organizationSlug=${slug}`],
      ["/organization/get-organization", undefined, ""],
      ["/organization/update", { organizationId: orgId, data: { name: "Renamed" } }],
      ["/organization/delete", { organizationId: orgId }],
      ["/organization/set-active", { organizationId: orgId }],
      ["/organization/set-active", { organizationSlug: slug }],
      ["/organization/set-two-factor-policy", { organizationId: orgId, required: false }],
      ["/organization/has-permission", { organizationId: orgId, permissions: { member: ["create"] } }],
      ["/organization/list-members", undefined, `?${q}`],
      ["/organization/get-active-member", undefined, ""],
      ["/organization/get-active-member-role", undefined, ""],
      ["/organization/update-member-role", { organizationId: orgId, memberId, role: "member" }],
      ["/organization/remove-member", { organizationId: orgId, memberIdOrEmail: owner.email }],
      ["/organization/invite-member", { organizationId: orgId, email: createUser().email, role: "member" }],
      ["/organization/list-invitations", undefined, `?${q}`],
      ["/organization/cancel-invitation", { invitationId }],
      ["/organization/list-teams", undefined, `?${q}`],
      ["/organization/create-team", { organizationId: orgId, name: "New team" }],
      ["/organization/update-team", { teamId, data: { name: "Renamed team" } }],
      ["/organization/remove-team", { teamId, organizationId: orgId }],
      ["/organization/set-active-team", { teamId }],
      ["/organization/list-team-members", undefined, `?teamId=${teamId}`],
      ["/organization/add-team-member", { teamId, userId: member.id }],
      ["/organization/remove-team-member", { teamId, userId: member.id }],
      ["/organization/list-user-teams", undefined, ""],
      ["/api-key/create", { name: "x", organizationId: orgId, expiresIn: 86_400 }],
      ["/api-key/list", undefined, `?${q}`],
      ["/api-key/get", undefined, `?id=${keyId}`],
      ["/api-key/update", { keyId, name: "renamed" }],
      ["/api-key/delete", { keyId }],
      // Custom roles and ownership transfer (issue 18, decision 35).
      [
        "/organization/create-role",
        { organizationId: orgId, role: "helper", permission: { team: ["create"] } },
      ],
      [
        "/organization/update-role",
        { organizationId: orgId, roleName: "helper", data: { description: "x" } },
      ],
      ["/organization/delete-role", { organizationId: orgId, roleName: "helper" }],
      ["/organization/list-roles", undefined, `?${q}`],
      ["/organization/get-role", undefined, `?${q}&roleName=helper`],
      ["/organization/my-permissions", undefined, `?${q}`],
      ["/organization/offer-ownership", { organizationId: orgId, memberId }],
      ["/organization/withdraw-ownership-offer", { organizationId: orgId }],
      ["/organization/ownership-offer", undefined, `?${q}`],
    ];
  }

  async function call(
    cookie: string,
    [path, body, query]: [string, Record<string, unknown> | undefined, string?],
  ) {
    return api(t, `${path}${query ?? ""}`, cookie, body);
  }

  it("lets only an owner with strong sign-in turn the policy on", async () => {
    const byAdmin = await api(t, "/organization/set-two-factor-policy", member.cookie, {
      organizationId: orgId,
      required: true,
    });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.code).toBe("ONLY_OWNERS_SET_TWO_FACTOR_POLICY");

    const notYet = await api(t, "/organization/set-two-factor-policy", owner.cookie, {
      organizationId: orgId,
      required: true,
    });
    expect(notYet.status).toBe(403);
    expect(notYet.body.code).toBe("TWO_FACTOR_REQUIRED_TO_SET_POLICY");
    expect(notYet.body.message).toMatch(/your own account/i);

    const outsider = await signUpWithId(t);
    const stranger = await api(t, "/organization/set-two-factor-policy", outsider.cookie, {
      organizationId: orgId,
      required: true,
    });
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe("NOT_A_MEMBER_OF_THE_ORGANIZATION");

    for (const bad of [{}, { organizationId: orgId }, { organizationId: orgId, required: "yes" }]) {
      const res = await api(t, "/organization/set-two-factor-policy", owner.cookie, bad);
      expect(res.status).toBe(400);
    }
    // organization/update cannot set it behind the owner's back.
    await api(t, "/organization/update", member.cookie, {
      organizationId: orgId,
      data: { requireTwoFactor: true },
    });
    const row = await rawDb(t)
      .selectFrom("organization")
      .select("requireTwoFactor")
      .where("id", "=", orgId)
      .executeTakeFirst();
    expect(Boolean(row?.requireTwoFactor)).toBe(false);

    owner.cookie = await enrolTotp(t, owner);
    const on = await api(t, "/organization/set-two-factor-policy", owner.cookie, {
      organizationId: orgId,
      required: true,
    });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ organizationId: orgId, requireTwoFactor: true });
    const full = await api(t, `/organization/get-full-organization?organizationId=${orgId}`, owner.cookie);
    expect(full.status).toBe(200);
    expect(full.body.requireTwoFactor).toBe(true);
  });

  it("refuses a non-compliant member every call of the organization with 403 TWO_FACTOR_REQUIRED_BY_ORGANIZATION", async () => {
    for (const entry of policedCalls()) {
      const res = await call(member.cookie, entry);
      expect({ path: entry[0], status: res.status, code: res.body?.code }).toEqual({
        path: entry[0],
        status: 403,
        code: REQUIRED,
      });
      expect(res.body.message).toMatch(/requires two-factor/i);
    }
    // Nothing was changed by any of them.
    const org = await rawDb(t)
      .selectFrom("organization")
      .selectAll()
      .where("id", "=", orgId)
      .executeTakeFirst();
    expect(org?.name).not.toBe("Renamed");
    expect(
      await rawDb(t).selectFrom("team").select("id").where("id", "=", teamId).executeTakeFirst(),
    ).toBeDefined();
  });

  it("refuses the member's API key too, on every call it could make", async () => {
    for (const path of [
      `/organization/get-full-organization?organizationId=${orgId}`,
      `/organization/list-members?organizationId=${orgId}`,
      `/organization/list-teams?organizationId=${orgId}`,
    ]) {
      const res = await withApiKey(t, keyValue, path);
      expect({ path, status: res.status, code: res.body.code }).toEqual({
        path,
        status: 403,
        code: REQUIRED,
      });
    }
    const write = await withApiKey(t, keyValue, "/organization/create-team", {
      organizationId: orgId,
      name: "Bot team",
    });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe(REQUIRED);
  });

  it("classes every /organization/* and /api-key/* path of the auth API: policed, checking itself, or exempt with a reason", async () => {
    const served = new Set(
      (Object.values(t.server.auth.api) as { path?: string }[])
        .map((endpoint) => endpoint.path)
        .filter((path): path is string => /^\/(organization|api-key)\//.test(path ?? "")),
    );
    // The enumeration works (a path better-auth or a plugin adds later shows up here).
    expect(served.size).toBeGreaterThan(40);
    expect(served).toContain("/organization/get-organization");
    for (const path of served) {
      const classes = [
        POLICED_PATHS.has(path) && "policed",
        SELF_POLICED_PATHS.has(path) && "checks itself",
        UNPOLICED_PATHS.has(path) && "exempt",
      ].filter(Boolean);
      expect({ path, classes: classes.length }).toEqual({ path, classes: 1 });
    }
    // No entry names a path the server does not have (a renamed path would otherwise go unpoliced).
    for (const path of [...POLICED_PATHS, ...SELF_POLICED_PATHS.keys(), ...UNPOLICED_PATHS.keys()]) {
      expect(served, path).toContain(path);
    }
    for (const [path, reason] of [...SELF_POLICED_PATHS, ...UNPOLICED_PATHS]) {
      expect(reason.length, path).toBeGreaterThan(10);
    }
    // Every policed path is among the calls the test above makes (accepting an invitation: the invitee's test).
    const called = new Set([...policedCalls().map(([path]) => path), "/organization/accept-invitation"]);
    expect(called).toEqual(new Set(POLICED_PATHS));
  });

  it("refuses the member the paths that check the policy themselves", async () => {
    const link = await api(t, "/organization/create-invite-link", owner.cookie, {
      organizationId: orgId,
      role: "member",
      expiresIn: 3600,
    });
    expect(link.status).toBe(200);
    const token = new URL(link.body.url).pathname.split("/").pop();
    const offer = await api(t, "/organization/offer-ownership", owner.cookie, {
      organizationId: orgId,
      memberId,
    });
    expect(offer.status).toBe(200);
    const calls: Record<string, [Record<string, unknown> | undefined, string?]> = {
      "/organization/create-invite-link": [{ organizationId: orgId, role: "member", expiresIn: 3600 }],
      "/organization/list-invite-links": [undefined, `?organizationId=${orgId}`],
      "/organization/revoke-invite-link": [{ linkId: link.body.link.id }],
      "/organization/join-invite-link": [{ token }],
      "/organization/accept-ownership": [{ offerId: offer.body.id }],
    };
    expect(Object.keys(calls).sort()).toEqual([...SELF_POLICED_PATHS.keys()].sort());
    for (const [path, [body, query]] of Object.entries(calls)) {
      const res = await call(member.cookie, [path, body, query]);
      expect({ path, status: res.status, code: res.body?.code }).toEqual({
        path,
        status: 403,
        code: REQUIRED,
      });
    }
    // The link still works and the organization still has its owner.
    const links = await api(t, `/organization/list-invite-links?organizationId=${orgId}`, owner.cookie);
    expect(links.body.links.map((l: Json) => l.state)).toEqual(["active"]);
    const roles = await rawDb(t)
      .selectFrom("member")
      .select(["userId", "role"])
      .where("organizationId", "=", orgId)
      .where("userId", "in", [owner.id, member.id])
      .execute();
    expect(Object.fromEntries(roles.map((r) => [r.userId, r.role]))).toEqual({
      [owner.id]: "owner",
      [member.id]: "admin",
    });
    const withdrawn = await api(t, "/organization/withdraw-ownership-offer", owner.cookie, {
      organizationId: orgId,
    });
    expect(withdrawn.status).toBe(200);
  });

  it("refuses the member every product route of the organization (from the OpenAPI document), its webhooks and its audit log", async () => {
    const hook = await t.request("/api/webhooks", {
      cookie: owner.cookie,
      json: { url: "https://hooks.example.com/in", events: ["member.added"], organizationId: orgId },
    });
    expect(hook.status).toBe(201);
    const hookId = ((await hook.json()) as Json).id;
    const o = `/api/organizations/${orgId}`;
    const domain = { domain: "policy.example.com" };
    // Each operation under /api/organizations/{…}, as the member would call it. Ids that do not exist are
    // enough: the policy is checked before the row is looked up.
    const product: Record<string, [string, unknown?]> = {
      "GET /api/organizations/{id}/members.csv": [`${o}/members.csv`],
      "GET /api/organizations/{id}/invitations.csv": [`${o}/invitations.csv`],
      "POST /api/organizations/{id}/bulk-invitations/preview": [`${o}/bulk-invitations/preview`, "x"],
      "POST /api/organizations/{id}/bulk-invitations/send": [`${o}/bulk-invitations/send`, "x"],
      "GET /api/organizations/{organizationId}/domains": [`${o}/domains`],
      "POST /api/organizations/{organizationId}/domains": [`${o}/domains`, domain],
      "POST /api/organizations/{organizationId}/domains/{domainId}/verify": [`${o}/domains/none/verify`, {}],
      "PATCH /api/organizations/{organizationId}/domains/{domainId}": [`${o}/domains/none`, {}],
      "DELETE /api/organizations/{organizationId}/domains/{domainId}": [`${o}/domains/none`],
      "GET /api/organizations/{organizationId}/join-requests": [`${o}/join-requests`],
      "POST /api/organizations/{organizationId}/join-requests/{requestId}/approve": [
        `${o}/join-requests/none/approve`,
        {},
      ],
      "POST /api/organizations/{organizationId}/join-requests/{requestId}/decline": [
        `${o}/join-requests/none/decline`,
        {},
      ],
      "GET /api/organizations/{organizationId}/sso/connections": [`${o}/sso/connections`],
      "POST /api/organizations/{organizationId}/sso/connections": [
        `${o}/sso/connections`,
        {
          protocol: "oidc",
          ...domain,
          oidc: { issuer: "https://idp.example.com", clientId: "a", clientSecret: "b" },
        },
      ],
      "GET /api/organizations/{organizationId}/sso/service-provider": [
        `${o}/sso/service-provider?domain=policy.example.com`,
      ],
      "PATCH /api/organizations/{organizationId}/sso/connections/{connectionId}": [
        `${o}/sso/connections/none`,
        {},
      ],
      "DELETE /api/organizations/{organizationId}/sso/connections/{connectionId}": [
        `${o}/sso/connections/none`,
      ],
      "POST /api/organizations/{organizationId}/sso/connections/{connectionId}/test": [
        `${o}/sso/connections/none/test`,
        {},
      ],
      "GET /api/organizations/{organizationId}/sso/tests/{testId}": [`${o}/sso/tests/none`],
      "GET /api/organizations/{organizationId}/scim/connections": [`${o}/scim/connections`],
      "POST /api/organizations/{organizationId}/scim/connections": [
        `${o}/scim/connections`,
        { name: "Okta" },
      ],
      "PATCH /api/organizations/{organizationId}/scim/connections/{connectionId}": [
        `${o}/scim/connections/none`,
        {},
      ],
      "DELETE /api/organizations/{organizationId}/scim/connections/{connectionId}": [
        `${o}/scim/connections/none`,
      ],
      "POST /api/organizations/{organizationId}/scim/connections/{connectionId}/rotate": [
        `${o}/scim/connections/none/rotate`,
        {},
      ],
    };
    const doc = (await (await t.request("/api/openapi.json")).json()) as Json;
    const documented = Object.entries(doc.paths as Record<string, Json>)
      .filter(([path]) => path.startsWith("/api/organizations/"))
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.length).toBeGreaterThan(20);
    // A route added later under /api/organizations/ fails here until it is called below.
    expect(documented.sort()).toEqual(Object.keys(product).sort());

    const calls: [string, string, unknown?][] = [
      ...Object.entries(product).map(([op, [path, body]]): [string, string, unknown?] => [
        op.split(" ")[0] as string,
        path,
        body,
      ]),
      ["GET", `/api/webhooks?organizationId=${orgId}`],
      ["POST", "/api/webhooks", { url: "https://hooks.example.com/x", events: ["*"], organizationId: orgId }],
      ["GET", `/api/webhooks/${hookId}`],
      ["PATCH", `/api/webhooks/${hookId}`, { description: "changed" }],
      ["DELETE", `/api/webhooks/${hookId}`],
      ["POST", `/api/webhooks/${hookId}/rotate-secret`, {}],
      ["POST", `/api/webhooks/${hookId}/test`, {}],
      ["GET", `/api/webhooks/${hookId}/deliveries`],
      ["GET", `/api/audit?organizationId=${orgId}`],
    ];
    for (const [method, path, json] of calls) {
      const init =
        typeof json === "string" ? { body: json, headers: { "content-type": "text/csv" } } : { json };
      const res = await t.request(path, { method, cookie: member.cookie, ...init });
      // Read as text: a route that lets the member through may answer CSV.
      const text = await res.text();
      const code = text.startsWith("{") ? JSON.parse(text).code : text.slice(0, 40);
      expect({ method, path, status: res.status, code }).toEqual({
        method,
        path,
        status: 403,
        code: REQUIRED,
      });
    }
    // The owner, who has two-factor, is let in; the webhook is untouched.
    for (const path of [`/api/webhooks/${hookId}`, `/api/audit?organizationId=${orgId}`, `${o}/domains`]) {
      expect((await t.request(path, { cookie: owner.cookie })).status, path).toBe(200);
    }
    const endpoint = await rawDb(t)
      .selectFrom("webhook_endpoint")
      .select("description")
      .where("id", "=", hookId)
      .executeTakeFirst();
    expect(endpoint?.description ?? null).not.toBe("changed");
  });

  it("still lists the organization to the member, marked, over the hot path and the full app alike", async () => {
    const base = await t.listen();
    const hot = await fetch(`${base}/api/auth/organization/list`, { headers: { cookie: member.cookie } });
    expect(hot.status).toBe(200);
    const listed = ((await hot.json()) as Json[]).find((o) => o.id === orgId);
    expect(listed).toMatchObject({ id: orgId, requireTwoFactor: true });
    const full = await api(t, "/organization/list", member.cookie);
    expect(full.body.find((o: Json) => o.id === orgId)).toMatchObject({ requireTwoFactor: true });
    // Leaving stays possible (not tried here: the member is needed below); outsiders learn nothing new.
    const outsider = await signUpWithId(t);
    const res = await api(t, `/organization/get-full-organization?organizationId=${orgId}`, outsider.cookie);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("NOT_A_MEMBER_OF_THE_ORGANIZATION");
  });

  it("shows owners who lacks strong sign-in, and only owners", async () => {
    const page = await api(t, `/organization/list-members?organizationId=${orgId}`, owner.cookie);
    expect(page.status).toBe(200);
    const byUser = Object.fromEntries(page.body.members.map((m: Json) => [m.userId, m.twoFactor]));
    expect(byUser).toEqual({ [owner.id]: true, [member.id]: false });
    const missing = await api(
      t,
      `/organization/list-members?organizationId=${orgId}&twoFactor=missing`,
      owner.cookie,
    );
    expect(missing.body.members.map((m: Json) => m.userId)).toEqual([member.id]);
    expect(missing.body.total).toBe(1);
    const bad = await api(
      t,
      `/organization/list-members?organizationId=${orgId}&twoFactor=maybe`,
      owner.cookie,
    );
    expect(bad.status).toBe(400);

    // A compliant non-owner sees members without the flag, and may not filter by it.
    const viewer = await signUpWithId(t);
    viewer.cookie = await enrolTotp(t, viewer);
    await addMember(t, owner.cookie, orgId, viewer, "admin");
    const asAdmin = await api(t, `/organization/list-members?organizationId=${orgId}`, viewer.cookie);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.members.every((m: Json) => m.twoFactor === undefined)).toBe(true);
    const filter = await api(
      t,
      `/organization/list-members?organizationId=${orgId}&twoFactor=missing`,
      viewer.cookie,
    );
    expect(filter.status).toBe(403);
    expect(filter.body.code).toBe("ONLY_OWNERS_SEE_TWO_FACTOR");
  });

  it("tells invitees in the mail and the preview, and refuses their acceptance until they enrol", async () => {
    const invitee = await signUpWithId(t);
    await invite(t, owner.cookie, orgId, invitee.email);
    const id = await invitationIdFromMail(t, invitee.email);
    const mail = t.sink.mails.filter((m) => m.to.includes(invitee.email.toLowerCase())).at(-1);
    expect(mail?.text).toMatch(/requires two-factor authentication/i);
    expect(mail?.html).toMatch(/requires two-factor authentication/i);

    const preview = await api(t, `/organization/invitation-preview?id=${id}`);
    expect(preview.status).toBe(200);
    expect(preview.body.requireTwoFactor).toBe(true);
    const got = await api(t, `/organization/get-invitation?id=${id}`, invitee.cookie);
    expect(got.status).toBe(200);

    const refused = await api(t, "/organization/accept-invitation", invitee.cookie, { invitationId: id });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(REQUIRED);
    // A passkey counts as strong sign-in as much as an authenticator app.
    await seedPasskey(t, invitee.id);
    const accepted = await api(t, "/organization/accept-invitation", invitee.cookie, { invitationId: id });
    expect(accepted.status).toBe(200);
    const full = await api(t, `/organization/get-full-organization?organizationId=${orgId}`, invitee.cookie);
    expect(full.status).toBe(200);
  });

  it("lets the member in once they enrol an authenticator app (TOTP codes from otplib)", async () => {
    member.cookie = await enrolTotp(t, member);
    for (const path of [
      `/organization/get-full-organization?organizationId=${orgId}`,
      `/organization/list-members?organizationId=${orgId}`,
      `/organization/list-invitations?organizationId=${orgId}`,
      `/organization/list-teams?organizationId=${orgId}`,
      `/organization/list-team-members?teamId=${teamId}`,
      "/organization/get-active-member",
      `/api-key/list?organizationId=${orgId}`,
    ]) {
      const res = await api(t, path, member.cookie);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
    const team = await api(t, "/organization/create-team", member.cookie, {
      organizationId: orgId,
      name: "Later",
    });
    expect(team.status).toBe(200);
    expect((await withApiKey(t, keyValue, `/organization/list-members?organizationId=${orgId}`)).status).toBe(
      200,
    );
  });

  it("stops applying once the owner turns the policy off", async () => {
    const late = await signUpWithId(t);
    const off = await api(t, "/organization/set-two-factor-policy", owner.cookie, {
      organizationId: orgId,
      required: false,
    });
    expect(off.status).toBe(200);
    await addMember(t, owner.cookie, orgId, late, "member");
    const res = await api(t, `/organization/get-full-organization?organizationId=${orgId}`, late.cookie);
    expect(res.status).toBe(200);
    expect(res.body.requireTwoFactor).toBe(false);
  });
});

describe(`REQUIRE_2FA_FOR_ADMINS and the admin's view of strong sign-in (${testDatabase})`, () => {
  const adminEmail = `root-${Date.now().toString(36)}@example.test`;
  const secondAdminEmail = `root2-${Date.now().toString(36)}@example.test`;
  let t: TestApp;
  let admin: User;
  let target: User;
  /** An organization of the target's, which the admins are not in: they read it only as admins. */
  let targetOrgId: string;

  beforeAll(async () => {
    t = await startTestApp({
      ADMIN_EMAILS: `${adminEmail},${secondAdminEmail}`,
      REQUIRE_2FA_FOR_ADMINS: "1",
    });
    admin = await signUpWithId(t, createUser({ email: adminEmail }));
    target = await signUpWithId(t);
    targetOrgId = (await createOrganization(t, target.cookie)).id;
  });
  afterAll(() => t.close());

  it("refuses an admin without strong sign-in the whole admin area", async () => {
    const calls: [string, unknown?][] = [
      ["/api/auth/admin/list-users"],
      [`/api/auth/admin/get-user?id=${target.id}`],
      ["/api/auth/admin/ban-user", { userId: target.id }],
      ["/api/auth/admin/set-role", { userId: target.id, role: "admin" }],
      ["/api/auth/admin/impersonate-user", { userId: target.id }],
      [`/api/admin/users/${target.id}/overview`],
      [`/api/admin/users/${target.id}/reset-two-factor`, {}],
      ["/api/admin/applications"],
      // The installation-wide audit log and webhooks (/admin/audit, /admin/webhooks), and any organization's
      // read as an admin.
      ["/api/audit"],
      ["/api/audit?q=someone"],
      [`/api/audit?organizationId=${targetOrgId}`],
      ["/api/webhooks"],
      ["/api/webhooks", { url: "https://hooks.example.com/all", events: ["member.added"] }],
      [`/api/webhooks?organizationId=${targetOrgId}`],
    ];
    for (const [path, json] of calls) {
      const res = await t.request(path, { cookie: admin.cookie, json });
      const body = (await res.json()) as Json;
      expect({ path, status: res.status, code: body.code }).toEqual({
        path,
        status: 403,
        code: ADMINS_REQUIRED,
      });
    }
    const banned = await rawDb(t)
      .selectFrom("user")
      .select("banned")
      .where("id", "=", target.id)
      .executeTakeFirst();
    expect(Boolean(banned?.banned)).toBe(false);
    expect(await rawDb(t).selectFrom("webhook_endpoint").select("id").execute()).toEqual([]);
    // The organization's own owner reads its log and webhooks: the setting is about the admin area only.
    for (const path of [
      `/api/audit?organizationId=${targetOrgId}`,
      `/api/webhooks?organizationId=${targetOrgId}`,
    ]) {
      expect((await t.request(path, { cookie: target.cookie })).status, path).toBe(200);
    }
    // A non-admin still gets the endpoints' own answer, not this one.
    const res = await t.request("/api/auth/admin/list-users", { cookie: target.cookie });
    expect(res.status).toBe(403);
    expect(((await res.json()) as Json).code).not.toBe(ADMINS_REQUIRED);
  });

  it("lets an enrolled admin into the installation-wide audit log and webhooks, and still refuses one without", async () => {
    const enrolled = await signUpWithId(t, createUser({ email: secondAdminEmail }));
    enrolled.cookie = await enrolTotp(t, enrolled);
    for (const path of ["/api/audit", `/api/audit?organizationId=${targetOrgId}`, "/api/webhooks"]) {
      expect((await t.request(path, { cookie: enrolled.cookie })).status, path).toBe(200);
    }
    const made = await t.request("/api/webhooks", {
      cookie: enrolled.cookie,
      json: { url: "https://hooks.example.com/all", events: ["member.added"] },
    });
    expect(made.status).toBe(201);
    const id = ((await made.json()) as Json).id;
    // The admin without two-factor gets the admin area's 403 for that endpoint, not a 404.
    for (const [path, json] of [
      [`/api/webhooks/${id}`, undefined],
      [`/api/webhooks/${id}/rotate-secret`, {}],
    ] as const) {
      const res = await t.request(path, { cookie: admin.cookie, json });
      expect({ path, status: res.status, code: ((await res.json()) as Json).code }).toEqual({
        path,
        status: 403,
        code: ADMINS_REQUIRED,
      });
    }
  });

  it("shows an enrolled admin a user's two-factor and passkeys, and resets their two-factor (mailed, logged)", async () => {
    admin.cookie = await enrolTotp(t, admin);
    expect((await t.request("/api/auth/admin/list-users", { cookie: admin.cookie })).status).toBe(200);

    const enrolment = await enrolAccount(t, target);
    target.cookie = enrolment.cookie;
    await seedPasskey(t, target.id);
    const signIn = await t.request("/api/auth/sign-in/email", {
      json: { email: target.email, password: target.password },
    });
    expect(((await signIn.json()) as Json).twoFactorRedirect).toBe(true);
    const row = await rawDb(t)
      .selectFrom("twoFactor")
      .selectAll()
      .where("userId", "=", target.id)
      .executeTakeFirst();
    expect(row).toBeDefined();

    const overview = await t.request(`/api/admin/users/${target.id}/overview`, { cookie: admin.cookie });
    expect(overview.status).toBe(200);
    expect(((await overview.json()) as Json).twoFactor).toEqual({
      enabled: true,
      passkeys: 1,
      compliant: true,
    });

    // A laptop the target trusts, through a real sign-in: the second step with "trust this device".
    const laptop = new CookieJar();
    const signInOnLaptop = async () => {
      const res = laptop.take(
        await t.request("/api/auth/sign-in/email", {
          cookie: laptop.header,
          json: { email: target.email, password: target.password },
        }),
      );
      return (await res.json()) as Json;
    };
    expect((await signInOnLaptop()).twoFactorRedirect).toBe(true);
    const trusted = laptop.take(
      await t.request("/api/auth/two-factor/verify-totp", {
        cookie: laptop.header,
        json: { code: totpCode(enrolment.secret), trustDevice: true },
      }),
    );
    expect(trusted.status).toBe(200);
    expect(laptop.has("trust_device")).toBe(true);
    const trustedDevices = async () => {
      const res = await t.request("/api/auth/list-trusted-devices", { cookie: target.cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as Json[];
    };
    expect(await trustedDevices()).toHaveLength(1);
    // Trusted: signing in again on the laptop skips the step.
    laptop.drop("session_token");
    expect((await signInOnLaptop()).twoFactorRedirect).toBeUndefined();

    const reset = await t.request(`/api/admin/users/${target.id}/reset-two-factor`, {
      cookie: admin.cookie,
      json: {},
    });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ wasEnabled: true, trustedDevices: 1 });
    expect(
      await rawDb(t).selectFrom("twoFactor").selectAll().where("userId", "=", target.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await trustedDevices()).toEqual([]);
    const ctx = await t.server.auth.$context;
    const values = await ctx.adapter.findMany<{ identifier: string }>({
      model: "verification",
      where: [{ field: "value", value: target.id }],
    });
    expect(values.filter((v) => v.identifier.startsWith("trust-device-"))).toEqual([]);
    const after = (await (
      await t.request(`/api/admin/users/${target.id}/overview`, { cookie: admin.cookie })
    ).json()) as Json;
    expect(after.twoFactor).toEqual({ enabled: false, passkeys: 1, compliant: true });
    // The target's own session says so too (with Redis, the session copy there is rewritten).
    const own = await t.request("/api/auth/get-session", { cookie: target.cookie });
    expect(((await own.json()) as Json).user.twoFactorEnabled).toBe(false);

    // Signing in no longer asks for a second step.
    const again = await t.request("/api/auth/sign-in/email", {
      json: { email: target.email, password: target.password },
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Json).twoFactorRedirect).toBeUndefined();

    const mail = await t.sink.waitFor(target.email, /two-factor authentication was reset/i);
    expect(mail.text).toContain(`${t.config.baseURL}/account?section=security`);

    // Enrolled again, the target is asked for a code on the laptop: its trust went with the reset.
    target.cookie = (await enrolAccount(t, target)).cookie;
    laptop.drop("session_token");
    expect(laptop.has("trust_device")).toBe(true);
    expect((await signInOnLaptop()).twoFactorRedirect).toBe(true);
    expect(laptop.has("session_token")).toBe(false);

    // Only from the app's own pages (a cross-site form post carrying the admin's cookie is refused).
    const elsewhere = await t.request(`/api/admin/users/${target.id}/reset-two-factor`, {
      cookie: admin.cookie,
      json: {},
      headers: { origin: "https://evil.example" },
    });
    expect(elsewhere.status).toBe(403);
    expect(((await elsewhere.json()) as Json).code).toBe("INVALID_ORIGIN");
    const missing = await t.request("/api/admin/users/no-such-user/reset-two-factor", {
      cookie: admin.cookie,
      json: {},
    });
    expect(missing.status).toBe(404);
    const byUser = await t.request(`/api/admin/users/${admin.id}/reset-two-factor`, {
      cookie: target.cookie,
      json: {},
    });
    expect(byUser.status).toBe(403);
    expect((await t.request(`/api/admin/users/${admin.id}/reset-two-factor`, { json: {} })).status).toBe(401);
  });
});
