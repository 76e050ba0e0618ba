import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf } from "../support/audit.ts";
import { freshDomain } from "../support/domains.ts";
import { api, createOrganization, rawDb, signUpWithId } from "../support/organizations.ts";
import {
  expectScimError,
  patchOp,
  scimCall,
  scimConnection,
  scimUser,
  seedPassword,
  seedVerifiedDomain,
  validList,
  validUser,
} from "../support/scim.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, sessionOf, signIn } from "../support/users.ts";

describe(`SCIM /Users: provisioning and deprovisioning people (${testDatabase})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpWithId>>;
  let orgId: string;
  let token: string;
  let connectionId: string;
  let domain: string;
  const membership = (userId: string, org = orgId) =>
    rawDb(t)
      .selectFrom("member")
      .select(["role"])
      .where("organizationId", "=", org)
      .where("userId", "=", userId)
      .executeTakeFirst();
  const userByEmail = (email: string) =>
    rawDb(t).selectFrom("user").selectAll().where("email", "=", email).executeTakeFirst();
  const at = (name: string) => `${name}@${domain}`;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUpWithId(t, createUser());
    orgId = (await createOrganization(t, owner.cookie)).id;
    domain = freshDomain();
    await seedVerifiedDomain(t, orgId, domain);
    ({ token, id: connectionId } = await scimConnection(t, owner.cookie, orgId, { name: "Okta" }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("creates an account (address verified, no password) and a membership with the default role; audited", async () => {
    const res = await scimCall(t, token, "/Users", {
      json: scimUser(at("grace.hopper"), { externalId: "00u-gh" }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toContain("application/scim+json");
    const resource = validUser(res.body);
    expect(resource).toMatchObject({ userName: at("grace.hopper"), externalId: "00u-gh", active: true });
    expect(res.headers.get("location")).toBe(res.body.meta.location);
    const user = await userByEmail(at("grace.hopper")).then((u) => u ?? expect.unreachable());
    expect(Boolean(user?.emailVerified)).toBe(true);
    const accounts = await rawDb(t)
      .selectFrom("account")
      .select("providerId")
      .where("userId", "=", user.id)
      .execute();
    expect(accounts).toEqual([]);
    expect(await membership(user.id)).toEqual({ role: "member" });
    const [provisioned] = await eventsOf(t, { action: "user.provisioned", targetId: user.id });
    expect(provisioned).toMatchObject({ organizationId: orgId, actorId: null });
    expect(provisioned?.details).toMatchObject({ externalId: "00u-gh", created: true });
    const [added] = await eventsOf(t, { action: "member.added", organizationId: orgId }).then((all) =>
      all.filter((e) => e.details.userId === user.id),
    );
    expect(added?.details).toMatchObject({ via: "scim", connectionId, role: "member" });
  });

  it("filters by userName and externalId, pages with startIndex and count; other filters are invalidFilter", async () => {
    for (const n of [1, 2, 3]) {
      const res = await scimCall(t, token, "/Users", {
        json: scimUser(at(`page.${n}`), { externalId: `ext-${n}` }),
      });
      expect(res.status).toBe(201);
    }
    const q = (filter: string, extra = "") => `/Users?filter=${encodeURIComponent(filter)}${extra}`;
    const byName = validList(
      (await scimCall(t, token, q(`userName eq "${at("page.2")}"`, "&startIndex=1&count=100"))).body,
      validUser,
    );
    expect(byName.totalResults).toBe(1);
    expect(byName.Resources[0].userName).toBe(at("page.2"));
    const byExternal = validList((await scimCall(t, token, q('externalId eq "ext-3"'))).body, validUser);
    expect(byExternal.Resources.map((r) => r.userName)).toEqual([at("page.3")]);
    const none = validList(
      (await scimCall(t, token, q('userName eq "nobody@nowhere.test"'))).body,
      validUser,
    );
    expect(none).toMatchObject({ totalResults: 0, Resources: [] });
    const all = validList((await scimCall(t, token, "/Users")).body, validUser);
    const page = validList((await scimCall(t, token, "/Users?startIndex=2&count=2")).body, validUser);
    expect(page).toMatchObject({ totalResults: all.totalResults, startIndex: 2, itemsPerPage: 2 });
    expect(page.Resources.map((r) => r.id)).toEqual(all.Resources.slice(1, 3).map((r) => r.id));
    expectScimError(await scimCall(t, token, q('displayName co "page"')), 400, "invalidFilter");
    expectScimError(await scimCall(t, token, q("userName")), 400, "invalidFilter");
  });

  it("answers bad input in SCIM's own format and creates nothing", async () => {
    expectScimError(await scimCall(t, undefined, "/Users"), 401);
    expectScimError(await scimCall(t, "gh_scim_wrong", "/Users"), 401);
    expectScimError(await scimCall(t, "not-even-ours", "/Users"), 401);
    expectScimError(
      await scimCall(t, token, "/Users", { json: { schemas: ["urn:nope"], userName: at("bad.schema") } }),
      400,
      "invalidValue",
    );
    expectScimError(await scimCall(t, token, "/Users", { body: '{"schemas": [' }), 400, "invalidSyntax");
    expectScimError(
      await scimCall(t, token, "/Users", { json: scimUser(at("grace.hopper")) }),
      409,
      "uniqueness",
    );
    expectScimError(await scimCall(t, token, "/Users/no-such-id"), 404);
    expectScimError(
      await scimCall(t, token, "/Users/no-such-id", {
        method: "PATCH",
        json: patchOp({ op: "replace", path: "active", value: false }),
      }),
      404,
    );
    expect(await userByEmail(at("bad.schema"))).toBeUndefined();
  });

  it("never takes over an account outside the verified domains: 409 uniqueness, nothing half-created", async () => {
    const outsider = await signUpWithId(t, createUser());
    const res = await scimCall(t, token, "/Users", { json: scimUser(outsider.email) });
    expectScimError(res, 409, "uniqueness");
    expect(await membership(outsider.id)).toBeUndefined();
    const rows = await rawDb(t)
      .selectFrom("scimUser")
      .select("id")
      .where("userId", "=", outsider.id)
      .execute();
    expect(rows).toEqual([]);
    // The account still signs in as before.
    expect(await sessionOf(t, await signIn(t, outsider))).not.toBeNull();
  });

  it("links an account at a verified domain; deactivation removes the membership, keeps the one elsewhere, ends the sessions; reactivation restores it", async () => {
    const person = await signUpWithId(t, createUser({ email: at("linus.linked"), name: "Linus Own Name" }));
    const elsewhere = (await createOrganization(t, person.cookie)).id;
    const hereCookie = await signIn(t, person);
    const created = await scimCall(t, token, "/Users", {
      json: scimUser(person.email, { externalId: "00u-ll" }),
    });
    expect(created.status).toBe(201);
    // Linked, not taken over: the account keeps its own name and password.
    expect((await userByEmail(person.email))?.name).toBe("Linus Own Name");
    expect(await membership(person.id)).toEqual({ role: "member" });
    expect((await api(t, "/organization/set-active", hereCookie, { organizationId: orgId })).status).toBe(
      200,
    );

    // Entra ID's shape: "Replace" capitalised, the boolean as a string.
    const off = await scimCall(t, token, `/Users/${created.body.id}`, {
      method: "PATCH",
      json: patchOp({ op: "Replace", path: "active", value: "False" }),
    });
    expect(off.status).toBe(200);
    expect(validUser(off.body).active).toBe(false);
    expect(await membership(person.id)).toBeUndefined();
    expect(await membership(person.id, elsewhere)).toEqual({ role: "owner" });
    // No directory vouches for them any more: every session ends; signing in again works for what is theirs.
    expect(await sessionOf(t, hereCookie)).toBeNull();
    expect(await sessionOf(t, person.cookie)).toBeNull();
    const again = await signIn(t, person);
    expect((await api(t, "/organization/set-active", again, { organizationId: elsewhere })).status).toBe(200);
    expect((await api(t, "/organization/set-active", again, { organizationId: orgId })).status).toBe(403);
    const [gone] = await eventsOf(t, { action: "user.deprovisioned", targetId: person.id });
    expect(gone?.details).toMatchObject({ externalId: "00u-ll", deleted: false, membership: "removed" });

    const on = await scimCall(t, token, `/Users/${created.body.id}`, {
      method: "PATCH",
      json: patchOp({ op: "replace", value: { active: true } }),
    });
    expect(on.status).toBe(200);
    expect(await membership(person.id)).toEqual({ role: "member" });
  });

  it("a person another directory still vouches for keeps their sessions there; only this organization's end", async () => {
    const otherOwner = await signUpWithId(t, createUser());
    const other = (await createOrganization(t, otherOwner.cookie)).id;
    const otherScim = await scimConnection(t, otherOwner.cookie, other, { name: "Other IdP" });
    const email = at("dana.dual");
    // The other organization's directory creates the account; this one (the domain is its) links it.
    expect((await scimCall(t, otherScim.token, "/Users", { json: scimUser(email) })).status).toBe(201);
    const here = await scimCall(t, token, "/Users", { json: scimUser(email) });
    expect(here.status).toBe(201);
    const user = await userByEmail(email).then((u) => u ?? expect.unreachable());
    await seedPassword(t, user.id, "correct horse battery");
    const hereCookie = await signIn(t, { email, password: "correct horse battery" });
    const thereCookie = await signIn(t, { email, password: "correct horse battery" });
    expect((await api(t, "/organization/set-active", hereCookie, { organizationId: orgId })).status).toBe(
      200,
    );
    expect((await api(t, "/organization/set-active", thereCookie, { organizationId: other })).status).toBe(
      200,
    );
    const off = await scimCall(t, token, `/Users/${here.body.id}`, {
      method: "PATCH",
      json: patchOp({ op: "replace", path: "active", value: false }),
    });
    expect(off.status).toBe(200);
    expect(await membership(user.id)).toBeUndefined();
    expect(await membership(user.id, other)).toEqual({ role: "member" });
    expect(await sessionOf(t, hereCookie)).toBeNull();
    expect((await sessionOf(t, thereCookie))?.user.id).toBe(user.id);
  });

  it("a person only here loses every session on deactivation; DELETE removes the membership and keeps an account with other memberships", async () => {
    const only = await signUpWithId(t, createUser({ email: at("olga.only") }));
    const created = await scimCall(t, token, "/Users", { json: scimUser(only.email) });
    expect(created.status).toBe(201);
    const put = await scimCall(t, token, `/Users/${created.body.id}`, {
      method: "PUT",
      json: scimUser(only.email, { active: false }),
    });
    expect(put.status).toBe(200);
    expect(await sessionOf(t, only.cookie)).toBeNull();

    const both = await signUpWithId(t, createUser({ email: at("bob.both") }));
    const elsewhere = (await createOrganization(t, both.cookie)).id;
    const made = await scimCall(t, token, "/Users", { json: scimUser(both.email) });
    expect(await membership(both.id)).toEqual({ role: "member" });
    const del = await scimCall(t, token, `/Users/${made.body.id}`, { method: "DELETE" });
    expect(del.status).toBe(204);
    expect(await membership(both.id)).toBeUndefined();
    expect(await membership(both.id, elsewhere)).toEqual({ role: "owner" });
    expect(await userByEmail(both.email)).toBeDefined();
    expectScimError(await scimCall(t, token, `/Users/${made.body.id}`), 404);
    const [deleted] = await eventsOf(t, { action: "user.deprovisioned", targetId: both.id });
    expect(deleted?.details).toMatchObject({ deleted: true, membership: "removed" });
  });

  it("a directory never removes an owner", async () => {
    const created = await scimCall(t, token, "/Users", { json: scimUser(at("own.er")) });
    const user = await userByEmail(at("own.er")).then((u) => u ?? expect.unreachable());
    await rawDb(t).updateTable("member").set({ role: "owner" }).where("userId", "=", user.id).execute();
    await scimCall(t, token, `/Users/${created.body.id}`, {
      method: "PATCH",
      json: patchOp({ op: "replace", path: "active", value: false }),
    });
    expect(await membership(user.id)).toEqual({ role: "owner" });
  });
});

describe(`SCIM /Users: one transaction per request (${testDatabase})`, () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it("a membership the organization cannot take rolls the whole creation back: no account, no SCIM record", async () => {
    t = await startTestApp({ MEMBERSHIP_LIMIT: "2" });
    const owner = await signUpWithId(t, createUser());
    const orgId = (await createOrganization(t, owner.cookie)).id;
    const { token } = await scimConnection(t, owner.cookie, orgId);
    expect((await scimCall(t, token, "/Users", { json: scimUser("first.one@corp.test") })).status).toBe(201);
    const refused = await scimCall(t, token, "/Users", { json: scimUser("second.one@corp.test") });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.headers.get("content-type")).toContain("application/scim+json");
    expect(refused.body.schemas).toEqual(["urn:ietf:params:scim:api:messages:2.0:Error"]);
    const db = rawDb(t);
    expect(
      await db.selectFrom("user").select("id").where("email", "=", "second.one@corp.test").execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom("scimUser").select("id").where("userName", "=", "second.one@corp.test").execute(),
    ).toEqual([]);
    const listed = validList((await scimCall(t, token, "/Users")).body, validUser);
    expect(listed.totalResults).toBe(1);
  });

  it("the same person pushed several times at once is created once; the others get 409 uniqueness", async () => {
    // Without the membership limit of the test above.
    await t?.close();
    t = await startTestApp();
    const owner = await signUpWithId(t, createUser());
    const orgId = (await createOrganization(t, owner.cookie)).id;
    const { token } = await scimConnection(t, owner.cookie, orgId);
    const db = rawDb(t);
    // Same userName (and address) at once; then a new userName with an externalId already taken.
    const email = `race.${Date.now()}@corp.test`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        scimCall(t, token, "/Users", { json: scimUser(email, { externalId: "x-race" }) }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409))
      expectScimError(refused, 409, "uniqueness");
    const clash = await Promise.all(
      ["a", "b", "c"].map((n) =>
        scimCall(t, token, "/Users", { json: scimUser(`${n}.${email}`, { externalId: "x-race-2" }) }),
      ),
    );
    expect(clash.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const refused of clash.filter((a) => a.status === 409)) expectScimError(refused, 409, "uniqueness");
    const users = await db.selectFrom("user").select("id").where("email", "like", `%${email}`).execute();
    expect(users).toHaveLength(2);
    const records = await db
      .selectFrom("scimUser")
      .select(["id", "userId"])
      .where(
        "userId",
        "in",
        users.map((u) => u.id),
      )
      .execute();
    expect(records).toHaveLength(2);
    // A created person's subject names its record as the source of the profile, from its first write.
    for (const record of records) {
      const subject = await db
        .selectFrom("scimSubject")
        .select(["profileSourceId"])
        .where("userId", "=", record.userId)
        .execute();
      expect(subject).toEqual([{ profileSourceId: record.id }]);
    }
    const members = await db
      .selectFrom("member")
      .select("userId")
      .where("organizationId", "=", orgId)
      .where(
        "userId",
        "in",
        users.map((u) => u.id),
      )
      .execute();
    expect(members).toHaveLength(2);
  });
});
