import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  createOrganization,
  invite,
  rawDb,
  seedMember,
  signUpWithId,
  withApiKey,
} from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, type signUpVerified, updateUserRow } from "../support/users.ts";

type User = Awaited<ReturnType<typeof signUpVerified>> & { id: string };
// biome-ignore lint/suspicious/noExplicitAny: tests assert on whatever JSON came back
type Json = any;

const ADMIN_EMAIL = `root-${Date.now().toString(36)}@example.test`;
const DAY = 86_400;

describe(`API keys (${testDatabase})`, () => {
  let t: TestApp;
  let owner: User;
  let admin: User;
  let member: User;
  let orgId: string;

  const user = (input = createUser()): Promise<User> => signUpWithId(t, input);

  async function createKey(cookie: string, body: Record<string, unknown>) {
    return api(t, "/api-key/create", cookie, { expiresIn: 30 * DAY, ...body });
  }

  async function orgKey(cookie: string, permissions: Record<string, string[]> = {}, organizationId = orgId) {
    const res = await createKey(cookie, { name: "CI", organizationId, permissions });
    if (res.status !== 200) throw new Error(`create key failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string; key: string; start: string };
  }

  async function keyRow(id: string) {
    return rawDb(t).selectFrom("apikey").selectAll().where("id", "=", id).executeTakeFirst();
  }

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
    owner = await user();
    admin = await user();
    member = await user();
    orgId = (await createOrganization(t, owner.cookie)).id;
    await seedMember(t, orgId, admin.id, "admin");
    await seedMember(t, orgId, member.id, "member");
  });
  afterAll(() => t.close());

  it("shows a key once, at creation, and stores only its SHA-256", async () => {
    const res = await createKey(owner.cookie, {
      name: "Deploy bot",
      organizationId: orgId,
      permissions: { member: ["delete"] },
    });
    expect(res.status).toBe(200);
    const { id, key, start } = res.body;
    expect(key).toMatch(/^gk_org_[A-Za-z]{48}$/);
    expect(key.startsWith(start)).toBe(true);
    expect(res.body.permissions).toEqual({ member: ["delete"] });
    expect(res.body.rateLimitMax).toBe(t.config.apiKeyRateLimit);

    const row = await keyRow(id);
    expect(row?.key).toBe(createHash("sha256").update(key).digest("base64url"));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row?.referenceId).toBe(orgId);
    expect(JSON.parse(row?.metadata ?? "null")).toEqual({ createdBy: owner.id });

    const list = await api(t, `/api-key/list?organizationId=${orgId}`, owner.cookie);
    expect(list.status).toBe(200);
    const listed = list.body.apiKeys.find((k: Json) => k.id === id);
    expect(listed).toMatchObject({ name: "Deploy bot", start, lastRequest: null });
    expect(listed.key).toBeUndefined();
    expect(JSON.stringify(list.body)).not.toContain(key);
    const got = await api(t, `/api-key/get?id=${id}`, owner.cookie);
    expect(got.status).toBe(200);
    expect(got.body.key).toBeUndefined();
  });

  it("lets owners and admins manage an organization's keys, and refuses members (403)", async () => {
    const byAdmin = await orgKey(admin.cookie, { team: ["create"] });
    expect((await createKey(member.cookie, { name: "x", organizationId: orgId })).status).toBe(403);
    expect((await api(t, `/api-key/list?organizationId=${orgId}`, member.cookie)).status).toBe(403);
    expect((await api(t, `/api-key/get?id=${byAdmin.id}`, member.cookie)).status).toBe(403);
    expect((await api(t, "/api-key/delete", member.cookie, { keyId: byAdmin.id })).status).toBe(403);
    const outsider = await user();
    expect((await createKey(outsider.cookie, { name: "x", organizationId: orgId })).status).toBe(403);
    expect((await api(t, `/api-key/list?organizationId=${orgId}`, outsider.cookie)).status).toBe(403);
    expect(await keyRow(byAdmin.id)).toBeDefined();
  });

  it("never gives a key more than its creator's role holds", async () => {
    const res = await createKey(admin.cookie, {
      name: "Too much",
      organizationId: orgId,
      permissions: { organization: ["delete"], member: ["delete"] },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("API_KEY_PERMISSION_BEYOND_ROLE");
    expect(res.body.message).toContain("organization:delete");
  });

  it("refuses bad input with a 400 naming the problem, never a 500", async () => {
    const cases: Record<string, unknown>[] = [
      { name: "", organizationId: orgId },
      { name: "x".repeat(65), organizationId: orgId },
      { name: "Bad\nname", organizationId: orgId },
      { name: "k", organizationId: orgId, expiresIn: 3600 },
      { name: "k", organizationId: orgId, expiresIn: 400 * DAY },
      { name: "k", organizationId: orgId, expiresIn: "soon" },
      { name: "k", organizationId: orgId, permissions: { apiKey: ["create"] } },
      { name: "k", organizationId: orgId, permissions: { member: ["fly"] } },
      { name: "k", organizationId: orgId, permissions: { constructor: ["delete"] } },
      { name: "k", organizationId: orgId, permissions: "all" },
      { name: "k", organizationId: orgId, rateLimitMax: 1_000_000 },
      { name: "k", organizationId: orgId, userId: member.id },
      { name: "k", organizationId: orgId, metadata: { createdBy: member.id } },
    ];
    for (const body of cases) {
      const res = await createKey(owner.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("INVALID_FIELD");
    }
    expect((await api(t, "/api-key/create", undefined, { name: "k", expiresIn: null })).status).toBe(401);
  });

  it("authenticates a server's request with the x-api-key header alone, and refuses a wrong key (401)", async () => {
    const { key } = await orgKey(owner.cookie);
    const members = await withApiKey(t, key, `/organization/list-members?organizationId=${orgId}`);
    expect(members.status).toBe(200);
    expect(members.body.members.length).toBe(3);
    // The organization is the key's, without naming it.
    const active = await withApiKey(t, key, "/organization/list-members");
    expect(active.status).toBe(200);
    const session = await withApiKey(t, key, "/get-session");
    expect(session.status).toBe(200);
    expect(session.body.user.id).toBe(owner.id);
    expect(session.body.session.activeOrganizationId).toBe(orgId);
    // The key with its last character changed (to "x", or "y" for a key that ends in "x": 1 key in 52 did).
    const changed = `${key.slice(0, -1)}${key.endsWith("x") ? "y" : "x"}`;
    for (const wrong of [changed, "gk_org_short", "x".repeat(300)]) {
      const res = await withApiKey(t, wrong, "/organization/list-members");
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("INVALID_API_KEY");
    }
  });

  it("enforces a key's permissions like a member's role: no member:delete, no removal", async () => {
    const target = await seedMember(t, orgId, (await user()).id, "member");
    const readOnly = await orgKey(owner.cookie);
    const refused = await withApiKey(t, readOnly.key, "/organization/remove-member", {
      organizationId: orgId,
      memberIdOrEmail: target.id,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("API_KEY_PERMISSION_MISSING");
    expect(
      await rawDb(t).selectFrom("member").select("id").where("id", "=", target.id).executeTakeFirst(),
    ).toBeDefined();

    const remover = await orgKey(owner.cookie, { member: ["delete"] });
    const removed = await withApiKey(t, remover.key, "/organization/remove-member", {
      memberIdOrEmail: target.id,
    });
    expect(removed.status).toBe(200);
    expect(
      await rawDb(t).selectFrom("member").select("id").where("id", "=", target.id).executeTakeFirst(),
    ).toBeUndefined();
    // Its other actions stay closed.
    const invited = await withApiKey(t, remover.key, "/organization/invite-member", {
      email: createUser().email,
      role: "member",
    });
    expect(invited.status).toBe(403);
    const renamed = await withApiKey(t, remover.key, "/organization/update", { data: { name: "Renamed" } });
    expect(renamed.status).toBe(403);
    expect((await withApiKey(t, remover.key, "/organization/list-invitations")).status).toBe(403);

    const inviter = await orgKey(owner.cookie, { invitation: ["create", "cancel"] });
    const invitation = await withApiKey(t, inviter.key, "/organization/invite-member", {
      email: createUser().email,
      role: "member",
    });
    expect(invitation.status).toBe(200);
    expect((await withApiKey(t, inviter.key, "/organization/list-invitations")).status).toBe(200);
    // Pending invitations show to a key that may invite, not to one that may not.
    const full = (k: string) =>
      withApiKey(t, k, `/organization/get-full-organization?organizationId=${orgId}`);
    expect((await full(inviter.key)).body.invitations.length).toBeGreaterThan(0);
    expect((await full(readOnly.key)).body.invitations).toEqual([]);
    const canceled = await withApiKey(t, inviter.key, "/organization/cancel-invitation", {
      invitationId: invitation.body.id,
    });
    expect(canceled.status).toBe(200);
  });

  it("acts with its creator's current role: a demoted admin's key loses what the role lost", async () => {
    const demoted = await user();
    const membership = await seedMember(t, orgId, demoted.id, "admin");
    const key = await orgKey(demoted.cookie, { team: ["create"] });
    const before = await withApiKey(t, key.key, "/organization/create-team", { name: "Made by key" });
    expect(before.status).toBe(200);
    await api(t, "/organization/update-member-role", owner.cookie, {
      organizationId: orgId,
      memberId: membership.id,
      role: "member",
    });
    const after = await withApiKey(t, key.key, "/organization/create-team", { name: "Second" });
    expect(after.status).toBe(403);
  });

  it("reaches only the organization management API", async () => {
    const { key } = await orgKey(owner.cookie, {
      organization: ["update", "delete"],
      member: ["create", "update", "delete"],
    });
    const calls: [string, unknown?][] = [
      ["/list-sessions"],
      ["/change-password", { currentPassword: owner.password, newPassword: "another long password" }],
      ["/update-user", { name: "Key" }],
      ["/delete-user", { password: owner.password }],
      ["/api-key/create", { name: "minted", organizationId: orgId, expiresIn: null }],
      [`/api-key/list?organizationId=${orgId}`],
      ["/admin/list-users"],
      ["/organization/list"],
      ["/organization/create", { name: "By key", slug: `by-key-${Date.now()}` }],
      ["/organization/leave", { organizationId: orgId }],
      ["/organization/set-active", { organizationId: orgId }],
      ["/sign-out", {}],
    ];
    for (const [path, json] of calls) {
      const res = await withApiKey(t, key, path, json);
      expect(res.status, path).toBe(403);
      expect(res.body.code, path).toBe("API_KEY_NOT_ALLOWED");
    }
    // The platform admin role is never a key's.
    const root = await user(createUser({ email: ADMIN_EMAIL }));
    const rootOrg = await createOrganization(t, root.cookie);
    const rootKey = await orgKey(root.cookie, {}, rootOrg.id);
    const session = await withApiKey(t, rootKey.key, "/get-session");
    expect(session.body.user.role).toBe("user");
    const overview = await t.server.app.request(`/api/admin/users/${owner.id}/overview`, {
      headers: { "x-api-key": rootKey.key },
    });
    expect(overview.status).toBe(403);
    expect((await t.request(`/api/admin/users/${owner.id}/overview`, { cookie: root.cookie })).status).toBe(
      200,
    );
  });

  it("keeps an organization's key inside its organization, whatever else its creator belongs to", async () => {
    const other = await createOrganization(t, owner.cookie);
    const otherInvitation = await invite(t, owner.cookie, other.id, createUser().email);
    const otherTeam = await api(t, "/organization/create-team", owner.cookie, {
      organizationId: other.id,
      name: "B",
    });
    const { key } = await orgKey(owner.cookie, { invitation: ["cancel"], team: ["update", "delete"] });
    const attempts: [string, unknown?][] = [
      [`/organization/list-members?organizationId=${other.id}`],
      [`/organization/get-full-organization?organizationSlug=${other.slug}`],
      ["/organization/cancel-invitation", { invitationId: otherInvitation.id }],
      ["/organization/remove-team", { teamId: otherTeam.body.id }],
      ["/organization/update-team", { teamId: otherTeam.body.id, data: { name: "Taken" } }],
    ];
    for (const [path, json] of attempts) {
      const res = await withApiKey(t, key, path, json);
      expect(res.status, path).toBe(403);
      expect(res.body.code, path).toBe("API_KEY_WRONG_ORGANIZATION");
    }
    const invitation = await rawDb(t)
      .selectFrom("invitation")
      .select("status")
      .where("id", "=", otherInvitation.id)
      .executeTakeFirst();
    expect(invitation?.status).toBe("pending");
  });

  it("records when a key was last used", async () => {
    const { id, key } = await orgKey(owner.cookie);
    expect((await keyRow(id))?.lastRequest).toBeNull();
    const started = Date.now();
    expect((await withApiKey(t, key, "/organization/list-teams")).status).toBe(200);
    const list = await api(t, `/api-key/list?organizationId=${orgId}`, owner.cookie);
    const used = list.body.apiKeys.find((k: Json) => k.id === id);
    expect(new Date(used.lastRequest).getTime()).toBeGreaterThanOrEqual(started - 1000);
  });

  it("stops working once revoked", async () => {
    const { id, key } = await orgKey(admin.cookie);
    expect((await withApiKey(t, key, "/organization/list-teams")).status).toBe(200);
    expect((await api(t, "/api-key/delete", owner.cookie, { keyId: id })).status).toBe(200);
    expect(await keyRow(id)).toBeUndefined();
    const res = await withApiKey(t, key, "/organization/list-teams");
    expect(res.status).toBe(401);
  });

  it("refuses an expired key (401)", async () => {
    const { id, key } = await orgKey(owner.cookie);
    await rawDb(t)
      .updateTable("apikey")
      .set({
        expiresAt:
          t.server.database.kind === "sqlite"
            ? new Date(Date.now() - 1000).toISOString()
            : new Date(Date.now() - 1000),
      })
      .where("id", "=", id)
      .execute();
    const res = await withApiKey(t, key, "/organization/list-teams");
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("API_KEY_EXPIRED");
  });

  it("limits each key's requests on its own (429 with Retry-After)", async () => {
    const limited = await orgKey(owner.cookie);
    const other = await orgKey(owner.cookie);
    await t.server.auth.api.updateApiKey({ body: { keyId: limited.id, userId: owner.id, rateLimitMax: 3 } });
    for (let i = 0; i < 3; i++)
      expect((await withApiKey(t, limited.key, "/organization/list-teams")).status).toBe(200);
    const refused = await withApiKey(t, limited.key, "/organization/list-teams");
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await withApiKey(t, other.key, "/organization/list-teams")).status).toBe(200);
  });

  it("stops a banned owner's keys", async () => {
    const banned = await user();
    const org = await createOrganization(t, banned.cookie);
    const orgOwned = await orgKey(banned.cookie, {}, org.id);
    const own = await createKey(banned.cookie, { name: "Mine" });
    expect((await withApiKey(t, orgOwned.key, "/organization/list-teams")).status).toBe(200);
    await updateUserRow(t, banned.id, { banned: true, banReason: "abuse" });
    for (const key of [orgOwned.key, own.body.key]) {
      const res = await withApiKey(t, key, "/organization/list-teams");
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("USER_BANNED");
    }
  });

  it("deletes a member's keys when they leave or are removed, and all keys with the organization", async () => {
    const leaver = await user();
    const removed = await user();
    await seedMember(t, orgId, leaver.id, "admin");
    const removedMember = await seedMember(t, orgId, removed.id, "admin");
    const leaverKey = await orgKey(leaver.cookie);
    const removedKey = await orgKey(removed.cookie);
    const ownersKey = await orgKey(owner.cookie);
    expect((await api(t, "/organization/leave", leaver.cookie, { organizationId: orgId })).status).toBe(200);
    expect(
      (
        await api(t, "/organization/remove-member", owner.cookie, {
          organizationId: orgId,
          memberIdOrEmail: removedMember.id,
        })
      ).status,
    ).toBe(200);
    expect(await keyRow(leaverKey.id)).toBeUndefined();
    expect(await keyRow(removedKey.id)).toBeUndefined();
    expect((await withApiKey(t, leaverKey.key, "/organization/list-teams")).status).toBe(401);
    expect(await keyRow(ownersKey.id)).toBeDefined();

    const doomed = await createOrganization(t, owner.cookie);
    await seedMember(t, doomed.id, admin.id, "admin");
    const keys = [await orgKey(owner.cookie, {}, doomed.id), await orgKey(admin.cookie, {}, doomed.id)];
    const deleter = await orgKey(owner.cookie, { organization: ["delete"] }, doomed.id);
    const deleted = await withApiKey(t, deleter.key, "/organization/delete", { organizationId: doomed.id });
    expect(deleted.status).toBe(200);
    const left = await rawDb(t)
      .selectFrom("apikey")
      .select("id")
      .where("referenceId", "=", doomed.id)
      .execute();
    expect(left).toEqual([]);
    for (const k of keys) expect((await withApiKey(t, k.key, "/organization/list-teams")).status).toBe(401);
  });

  it("deletes a person's own keys, and the organization keys they created, with their account", async () => {
    const leaving = await user();
    await seedMember(t, orgId, leaving.id, "admin");
    const created = await orgKey(leaving.cookie);
    const own = await createKey(leaving.cookie, { name: "Mine" });
    const res = await api(t, "/delete-user", leaving.cookie, { password: leaving.password });
    expect(res.status).toBe(200);
    expect(await keyRow(created.id)).toBeUndefined();
    expect(await keyRow(own.body.id)).toBeUndefined();
    expect((await withApiKey(t, own.body.key, "/organization/list")).status).toBe(401);
  });

  it("gives a person keys of their own, limited in each organization by their role there", async () => {
    const person = await user();
    const mine = await createOrganization(t, person.cookie);
    await seedMember(t, orgId, person.id, "member");
    const reader = await createKey(person.cookie, { name: "Laptop script", expiresIn: null });
    expect(reader.status).toBe(200);
    expect(reader.body.key).toMatch(/^gk_usr_/);
    expect(reader.body.expiresAt).toBeNull();
    const remover = await createKey(person.cookie, { name: "Cleanup", permissions: { member: ["delete"] } });

    const listed = await api(t, "/api-key/list", person.cookie);
    expect(listed.body.apiKeys.map((k: Json) => k.name).sort()).toEqual(["Cleanup", "Laptop script"]);
    // Someone else sees none of them.
    expect((await api(t, "/api-key/list", member.cookie)).body.apiKeys).toEqual([]);

    const orgs = await withApiKey(t, reader.body.key, "/organization/list");
    expect(orgs.status).toBe(200);
    expect(orgs.body.map((o: Json) => o.id).sort()).toEqual([orgId, mine.id].sort());
    // A person's key names the organization it acts in.
    expect((await withApiKey(t, reader.body.key, "/organization/list-members")).status).toBe(403);
    const victim = await seedMember(t, mine.id, (await user()).id, "member");
    const withoutPermission = await withApiKey(t, reader.body.key, "/organization/remove-member", {
      organizationId: mine.id,
      memberIdOrEmail: victim.id,
    });
    expect(withoutPermission.status).toBe(403);
    // In the organization they only belong to as a member, the role refuses what the key names.
    const asMember = await withApiKey(t, remover.body.key, "/organization/remove-member", {
      organizationId: orgId,
      memberIdOrEmail: admin.id,
    });
    expect([400, 401, 403]).toContain(asMember.status);
    const asOwner = await withApiKey(t, remover.body.key, "/organization/remove-member", {
      organizationId: mine.id,
      memberIdOrEmail: victim.id,
    });
    expect(asOwner.status).toBe(200);

    const revoked = await api(t, "/api-key/delete", person.cookie, {
      keyId: reader.body.id,
      configId: "user",
    });
    expect(revoked.status).toBe(200);
    expect((await withApiKey(t, reader.body.key, "/organization/list")).status).toBe(401);
  });

  it("answers a key's get-session over real HTTP too (not from the cookie fast path)", async () => {
    const { key } = await orgKey(owner.cookie);
    const base = await t.listen();
    const res = await fetch(`${base}/api/auth/get-session`, {
      headers: { "x-api-key": key, cookie: member.cookie },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.user.id).toBe(owner.id);
    expect(res.headers.get("server-timing") ?? "").not.toContain("hot");
    // The organization list (also a hot path) is the key's too: an organization key may not list.
    const list = await fetch(`${base}/api/auth/organization/list`, {
      headers: { "x-api-key": key, cookie: member.cookie },
    });
    expect(list.status).toBe(403);
  });
});
