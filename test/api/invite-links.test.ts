import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onlyEvent, outboxOf } from "../support/audit.ts";
import { api, createOrganization, inviteAndAccept, rawDb, signUpWithId } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { signUpVerified, updateUserRow } from "../support/users.ts";

const HOUR = 3600;
const tokenOf = (url: string) => url.split("/join/")[1] ?? "";

describe(`invite links: making, listing, revoking, joining (${testDatabase})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpWithId>>;
  let admin: Awaited<ReturnType<typeof inviteAndAccept>>;
  let member: Awaited<ReturnType<typeof inviteAndAccept>>;
  let orgId: string;

  beforeAll(async () => {
    // No delivery worker: the webhook outbox rows stay to be read.
    t = await startTestApp({ WEBHOOK_DELIVERY: "0" });
    owner = await signUpWithId(t);
    orgId = (await createOrganization(t, owner.cookie)).id;
    admin = await inviteAndAccept(t, owner.cookie, orgId, "admin");
    member = await inviteAndAccept(t, owner.cookie, orgId, "member");
  });
  afterAll(() => t?.close());

  const create = (cookie: string, body: Record<string, unknown>) =>
    api(t, "/organization/create-invite-link", cookie, { organizationId: orgId, expiresIn: HOUR, ...body });

  it("an owner makes a link: the URL carries a token whose hash alone is stored; the event is in the same commit", async () => {
    const res = await create(owner.cookie, { role: "member", maxUses: 3 });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${t.config.baseURL}/join/[A-Za-z0-9_-]{43}$`));
    expect(res.body.link).toMatchObject({ organizationId: orgId, role: "member", maxUses: 3, uses: 0 });
    expect(res.body.link.state).toBe("active");
    const token = tokenOf(res.body.url);
    const rows = await rawDb(t)
      .selectFrom("invite_link")
      .selectAll()
      .where("id", "=", res.body.link.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const event = await onlyEvent(t, "invite_link.created", res.body.link.id);
    expect(event).toMatchObject({ actorId: owner.id, organizationId: orgId, targetType: "invite_link" });
    expect(JSON.stringify(event)).not.toContain(token);
    const outbox = await outboxOf(t, event.id);
    expect(outbox?.payload).toMatchObject({
      type: "invite_link.created",
      data: { id: res.body.link.id, uses: 0 },
    });
    expect(JSON.stringify(outbox?.payload)).not.toContain(token);
    const list = await api(t, `/organization/list-invite-links?organizationId=${orgId}`, admin.cookie);
    expect(list.status).toBe(200);
    expect(list.body.links.map((l: { id: string }) => l.id)).toContain(res.body.link.id);
    expect(JSON.stringify(list.body)).not.toContain(token);
  });

  it("refuses a role above the creator's own, members, outsiders, signed-out callers and bad fields", async () => {
    const above = await create(admin.cookie, { role: "owner" });
    expect(above.status).toBe(403);
    expect(above.body.code).toBe("ROLE_ABOVE_YOUR_OWN");
    expect((await create(admin.cookie, { role: "admin" })).status).toBe(200);
    expect((await create(owner.cookie, { role: "owner" })).status).toBe(200);
    const byMember = await create(member.cookie, { role: "member" });
    expect(byMember.status).toBe(403);
    expect(byMember.body.code).toBe("NOT_ALLOWED_TO_MANAGE_INVITE_LINKS");
    const outsider = await signUpVerified(t);
    expect((await create(outsider.cookie, { role: "member" })).status).toBe(403);
    expect((await create("", { role: "member" })).status).toBe(401);
    for (const bad of [
      { role: "member", expiresIn: 60 },
      { role: "member", expiresIn: HOUR - 1 },
      { role: "member", expiresIn: 30 * 24 * HOUR + 1 },
      { role: "member", expiresIn: 31 * 24 * HOUR },
      { role: "member", maxUses: 0 },
      { role: "member", maxUses: 2.5 },
      { role: "Emperor!" },
      { role: "member", teamId: "no-such-team" },
    ]) {
      const res = await create(owner.cookie, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toBe(bad.teamId ? "TEAM_NOT_FOUND" : "VALIDATION_ERROR");
      expect(typeof res.body.message).toBe("string");
    }
  });

  it("a link may live exactly 30 days, one second more is refused", async () => {
    const asked = Date.now();
    const longest = await create(owner.cookie, { role: "member", expiresIn: 30 * 24 * HOUR });
    const answered = Date.now();
    expect(longest.status, JSON.stringify(longest.body)).toBe(200);
    const expiresAt = Date.parse(longest.body.link.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(asked + 30 * 24 * HOUR * 1000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(answered + 30 * 24 * HOUR * 1000 + 1000);
    expect(longest.body.link.state).toBe("active");
    const over = await create(owner.cookie, { role: "member", expiresIn: 30 * 24 * HOUR + 1 });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: "VALIDATION_ERROR", message: expect.stringMatching(/30 days/) });
  });

  it("signed out, a link's holder sees the organization; signed in they join with the link's role and team", async () => {
    const team = await api(t, "/organization/create-team", owner.cookie, {
      organizationId: orgId,
      name: "Ops",
    });
    const made = await create(owner.cookie, { role: "admin", teamId: team.body.id });
    const token = tokenOf(made.body.url);
    const preview = await api(t, `/organization/invite-link-preview?token=${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      state: "active",
      role: "admin",
      teamName: "Ops",
      alreadyMember: false,
    });
    expect(preview.body.organization.id).toBe(orgId);
    const guest = await signUpWithId(t);
    const joined = await api(t, "/organization/join-invite-link", guest.cookie, { token });
    expect(joined.status).toBe(200);
    expect(joined.body.member).toMatchObject({ organizationId: orgId, userId: guest.id, role: "admin" });
    const inTeam = await rawDb(t)
      .selectFrom("teamMember")
      .select("userId")
      .where("teamId", "=", team.body.id)
      .where("userId", "=", guest.id)
      .execute();
    expect(inTeam).toHaveLength(1);
    const added = await onlyEvent(t, "member.added", joined.body.member.id);
    expect(added.details).toMatchObject({ via: "link", linkId: made.body.link.id, role: "admin" });
    expect(added.actorId).toBe(guest.id);
    expect((await outboxOf(t, added.id))?.payload).toMatchObject({
      type: "member.added",
      data: { userId: guest.id, organizationId: orgId, role: "admin", teamId: team.body.id },
    });
    // Twice is refused and counts nothing.
    const again = await api(t, "/organization/join-invite-link", guest.cookie, { token });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION");
    expect(
      (await api(t, `/organization/invite-link-preview?token=${token}`, guest.cookie)).body.alreadyMember,
    ).toBe(true);
    const listed = await api(t, `/organization/list-invite-links?organizationId=${orgId}`, owner.cookie);
    expect(listed.body.links.find((l: { id: string }) => l.id === made.body.link.id).uses).toBe(1);
  });

  it("a link may give one of the organization's own roles, never one beyond its creator's, nor one it lacks", async () => {
    const role = await api(t, "/organization/create-role", owner.cookie, {
      organizationId: orgId,
      role: "support",
      permission: { member: ["update"] },
    });
    expect(role.status).toBe(200);
    const wide = await api(t, "/organization/create-role", owner.cookie, {
      organizationId: orgId,
      role: "deleter",
      permission: { organization: ["delete"] },
    });
    expect(wide.status).toBe(200);
    const unknown = await create(owner.cookie, { role: "nobody-has-it" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("UNKNOWN_ROLE");
    // An admin cannot delete the organization: a link to a role that may is beyond them.
    const beyond = await create(admin.cookie, { role: "deleter" });
    expect(beyond.status).toBe(403);
    expect(beyond.body.code).toBe("ROLE_ABOVE_YOUR_OWN");
    const made = await create(admin.cookie, { role: "support" });
    expect(made.status).toBe(200);
    const guest = await signUpWithId(t);
    const joined = await api(t, "/organization/join-invite-link", guest.cookie, {
      token: tokenOf(made.body.url),
    });
    expect(joined.status).toBe(200);
    expect(joined.body.member).toMatchObject({ organizationId: orgId, userId: guest.id, role: "support" });
  });

  it("an unverified address, a signed-out caller and an unknown or malformed token cannot join", async () => {
    const token = tokenOf((await create(owner.cookie, { role: "member" })).body.url);
    const unverified = await signUpWithId(t);
    await updateUserRow(t, unverified.id, { emailVerified: false });
    const res = await api(t, "/organization/join-invite-link", unverified.cookie, { token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("VERIFY_EMAIL_TO_JOIN");
    expect((await api(t, "/organization/join-invite-link", "", { token })).status).toBe(401);
    const unknown = await api(t, "/organization/join-invite-link", owner.cookie, { token: "a".repeat(43) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("INVITE_LINK_NOT_FOUND");
    expect((await api(t, "/organization/invite-link-preview?token=short")).status).toBe(400);
  });

  it("a revoked, expired or used-up link says so, and lets no one in", async () => {
    const revokedLink = await create(owner.cookie, { role: "member" });
    const revoke = await api(t, "/organization/revoke-invite-link", admin.cookie, {
      linkId: revokedLink.body.link.id,
    });
    expect(revoke.status).toBe(200);
    expect(revoke.body.state).toBe("revoked");
    await onlyEvent(t, "invite_link.revoked", revokedLink.body.link.id);
    // Revoking again changes nothing and records nothing more.
    expect(
      (await api(t, "/organization/revoke-invite-link", owner.cookie, { linkId: revokedLink.body.link.id }))
        .status,
    ).toBe(200);
    await onlyEvent(t, "invite_link.revoked", revokedLink.body.link.id);
    const expiredLink = await create(owner.cookie, { role: "member" });
    await rawDb(t)
      .updateTable("invite_link")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", expiredLink.body.link.id)
      .execute();
    const usedLink = await create(owner.cookie, { role: "member", maxUses: 1 });
    const first = await signUpVerified(t);
    expect(
      (await api(t, "/organization/join-invite-link", first.cookie, { token: tokenOf(usedLink.body.url) }))
        .status,
    ).toBe(200);
    const guest = await signUpVerified(t);
    for (const [link, state, code] of [
      [revokedLink, "revoked", "INVITE_LINK_REVOKED"],
      [expiredLink, "expired", "INVITE_LINK_EXPIRED"],
      [usedLink, "used_up", "INVITE_LINK_USED_UP"],
    ] as const) {
      const token = tokenOf(link.body.url);
      expect((await api(t, `/organization/invite-link-preview?token=${token}`)).body.state).toBe(state);
      const res = await api(t, "/organization/join-invite-link", guest.cookie, { token });
      expect(res.status, state).toBe(410);
      expect(res.body.code).toBe(code);
    }
  });

  it("a member cannot revoke; someone outside the organization learns nothing of the link (404)", async () => {
    const link = await create(owner.cookie, { role: "member" });
    const byMember = await api(t, "/organization/revoke-invite-link", member.cookie, {
      linkId: link.body.link.id,
    });
    expect(byMember.status).toBe(403);
    const outsider = await signUpVerified(t);
    await createOrganization(t, outsider.cookie);
    const byOutsider = await api(t, "/organization/revoke-invite-link", outsider.cookie, {
      linkId: link.body.link.id,
    });
    expect(byOutsider.status).toBe(404);
    const listed = await api(t, `/organization/list-invite-links?organizationId=${orgId}`, outsider.cookie);
    expect(listed.status).toBe(403);
  });

  it("a link whose team was removed still lets people in; deleting the organization removes its links", async () => {
    const other = await signUpWithId(t);
    const otherOrg = (await createOrganization(t, other.cookie)).id;
    const team = await api(t, "/organization/create-team", other.cookie, {
      organizationId: otherOrg,
      name: "Gone",
    });
    const made = await api(t, "/organization/create-invite-link", other.cookie, {
      organizationId: otherOrg,
      role: "member",
      teamId: team.body.id,
      expiresIn: HOUR,
    });
    expect(
      (
        await api(t, "/organization/remove-team", other.cookie, {
          organizationId: otherOrg,
          teamId: team.body.id,
        })
      ).status,
    ).toBe(200);
    const guest = await signUpVerified(t);
    const joined = await api(t, "/organization/join-invite-link", guest.cookie, {
      token: tokenOf(made.body.url),
    });
    expect(joined.status).toBe(200);
    const deleted = await api(t, "/organization/delete", other.cookie, { organizationId: otherOrg });
    expect(deleted.status).toBe(200);
    const left = await rawDb(t)
      .selectFrom("invite_link")
      .select("id")
      .where("organizationId", "=", otherOrg)
      .execute();
    expect(left).toHaveLength(0);
    expect((await api(t, `/organization/invite-link-preview?token=${tokenOf(made.body.url)}`)).status).toBe(
      404,
    );
  });

  it("an organization requiring two-factor refuses a joiner without it", async () => {
    const strictOwner = await signUpWithId(t);
    const strictOrg = (await createOrganization(t, strictOwner.cookie)).id;
    const made = await api(t, "/organization/create-invite-link", strictOwner.cookie, {
      organizationId: strictOrg,
      role: "member",
      expiresIn: HOUR,
    });
    await updateUserRow(t, strictOwner.id, { twoFactorEnabled: true });
    await rawDb(t)
      .updateTable("organization")
      .set({ requireTwoFactor: t.server.database.kind === "sqlite" ? 1 : true })
      .where("id", "=", strictOrg)
      .execute();
    const guest = await signUpVerified(t);
    const res = await api(t, "/organization/join-invite-link", guest.cookie, {
      token: tokenOf(made.body.url),
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("TWO_FACTOR_REQUIRED_BY_ORGANIZATION");
    expect(
      (await api(t, `/organization/invite-link-preview?token=${tokenOf(made.body.url)}`)).body
        .requireTwoFactor,
    ).toBe(true);
  });
});

describe(`invite links: token guessing is limited per client in production (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: "production", TRUST_PROXY: "1" });
  });
  afterAll(() => t?.close());

  it("answers 30 previews a minute to one client, then 429; another client is unaffected", async () => {
    const octet = 20 + Math.floor(Math.random() * 200);
    const preview = (ip: string, i: number) =>
      t.request(`/api/auth/organization/invite-link-preview?token=${String(i).padStart(43, "x")}`, {
        headers: { "x-forwarded-for": ip },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await preview(`${octet}.1.1.1`, i)).status);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await preview(`${octet}.1.1.2`, 99)).status).toBe(404);
  });

  it("answers 30 joins a minute to one client, then 429; another client is unaffected", async () => {
    const joiner = await signUpVerified(t);
    const octet = 20 + Math.floor(Math.random() * 200);
    const join = (ip: string, i: number) =>
      t.request("/api/auth/organization/join-invite-link", {
        json: { token: String(i).padStart(43, "y") },
        cookie: joiner.cookie,
        headers: { "x-forwarded-for": ip },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await join(`${octet}.2.2.2`, i)).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(statuses[30]).toBe(429);
    expect((await join(`${octet}.2.2.3`, 99)).status).toBe(404);
  });
});
