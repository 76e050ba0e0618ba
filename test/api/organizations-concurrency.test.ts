import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationsLeftWithoutOwner } from "#server/features/organizations/owners.ts";
import {
  api,
  createOrganization,
  dbDate,
  invitationIdFromMail,
  invite,
  organizationInput,
  rawDb,
  seedMember,
  userIdOf,
} from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { signIn, signUpVerified } from "../support/users.ts";

const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort();

describe(`organization invariants under concurrent requests (${testDatabase})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpVerified>>;
  const db = () => rawDb(t);
  const memberCount = async (organizationId: string) =>
    Number(
      (
        await db()
          .selectFrom("member")
          .select(db().fn.countAll().as("n"))
          .where("organizationId", "=", organizationId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    // A small membership limit, so the race to the limit is cheap to set up.
    t = await startTestApp({ MEMBERSHIP_LIMIT: "3" });
    owner = await signUpVerified(t);
  });
  afterAll(() => t.close());

  it("one membership per accepted invitation, however many times it is accepted at once", async () => {
    const org = await createOrganization(t, owner.cookie);
    const guest = await signUpVerified(t);
    const cookies = [guest.cookie, ...(await Promise.all([1, 2, 3].map(() => signIn(t, guest))))];
    await invite(t, owner.cookie, org.id, guest.email);
    const invitationId = await invitationIdFromMail(t, guest.email);
    const results = await Promise.all(
      cookies.flatMap((cookie) =>
        [1, 2].map(() => api(t, "/organization/accept-invitation", cookie, { invitationId })),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.status).toBe(400);
    expect(await memberCount(org.id)).toBe(2);
  });

  it("never exceeds the membership limit (SPEC §9) when invitations are accepted in parallel", async () => {
    const org = await createOrganization(t, owner.cookie);
    const guests = await Promise.all([1, 2, 3, 4, 5].map(() => signUpVerified(t)));
    for (const guest of guests) await invite(t, owner.cookie, org.id, guest.email);
    const ids = await Promise.all(guests.map((g) => invitationIdFromMail(t, g.email)));
    const results = await Promise.all(
      guests.map((g, i) => api(t, "/organization/accept-invitation", g.cookie, { invitationId: ids[i] })),
    );
    expect(statuses(results)).toEqual([200, 200, 403, 403, 403]);
    for (const r of results.filter((r) => r.status === 403))
      expect(r.body.message).toMatch(/membership limit reached/i);
    expect(await memberCount(org.id)).toBe(3);
    // A refused acceptance leaves the invitation pending, not accepted without a membership.
    const accepted = await db()
      .selectFrom("invitation")
      .select("id")
      .where("organizationId", "=", org.id)
      .where("status", "=", "accepted")
      .execute();
    expect(accepted).toHaveLength(2);
  });

  it("always keeps at least one owner when two owners leave or demote themselves at once", async () => {
    for (const mode of ["leave", "demote", "remove"] as const) {
      const org = await createOrganization(t, owner.cookie);
      const second = await signUpVerified(t);
      const secondMember = await seedMember(t, org.id, await userIdOf(t, second.cookie), "owner");
      const ownerMember = org.members[0];
      if (!ownerMember) throw new Error("no owner");
      const act = (cookie: string, memberId: string) =>
        mode === "leave"
          ? api(t, "/organization/leave", cookie, { organizationId: org.id })
          : mode === "demote"
            ? api(t, "/organization/update-member-role", cookie, {
                organizationId: org.id,
                memberId,
                role: "member",
              })
            : api(t, "/organization/remove-member", cookie, {
                organizationId: org.id,
                memberIdOrEmail: memberId,
              });
      const results = await Promise.all([
        act(owner.cookie, ownerMember.id),
        act(second.cookie, secondMember.id),
      ]);
      expect(statuses(results), mode).toEqual([200, 400]);
      expect(results.find((r) => r.status === 400)?.body.message).toMatch(/cannot leave as the only owner/i);
      const owners = await db()
        .selectFrom("member")
        .select("role")
        .where("organizationId", "=", org.id)
        .execute();
      expect(
        owners.filter((m: { role: string }) => m.role.split(",").includes("owner")),
        mode,
      ).toHaveLength(1);
    }
  });

  it("never creates two organizations with one slug", async () => {
    const input = organizationInput();
    const creators = [owner, ...(await Promise.all([1, 2].map(() => signUpVerified(t))))];
    const results = await Promise.all(
      creators.flatMap((c) =>
        [1, 2].map((n) => api(t, "/organization/create", c.cookie, { ...input, name: `${input.name} ${n}` })),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/organization already exists/i);
    }
    const rows = await db().selectFrom("organization").select("id").where("slug", "=", input.slug).execute();
    expect(rows).toHaveLength(1);
    // No half-created organization is left behind by the losers.
    const orphans = await db()
      .selectFrom("organization")
      .leftJoin("member", "member.organizationId", "organization.id")
      .select("organization.id")
      .where("member.id", "is", null)
      .execute();
    expect(orphans).toHaveLength(0);
  });

  it("the database itself refuses a write past the limit or removing the last owner, whatever the code path", async () => {
    const org = await createOrganization(t, owner.cookie);
    const ownerMember = org.members[0];
    if (!ownerMember) throw new Error("no owner");
    const ids = await Promise.all([1, 2, 3].map(async () => userIdOf(t, (await signUpVerified(t)).cookie)));
    const row = (userId: string) => ({
      id: `direct-${userId}`,
      organizationId: org.id,
      userId,
      role: "member",
      createdAt: dbDate(t),
    });
    await db()
      .insertInto("member")
      .values(row(ids[0] as string))
      .execute();
    await expect(
      db()
        .insertInto("member")
        .values({ ...row(ids[0] as string), id: "dup" })
        .execute(),
    ).rejects.toThrow(/already a member/i);
    await db()
      .insertInto("member")
      .values(row(ids[1] as string))
      .execute();
    await expect(
      db()
        .insertInto("member")
        .values(row(ids[2] as string))
        .execute(),
    ).rejects.toThrow(/membership limit reached/i);
    await expect(db().deleteFrom("member").where("id", "=", ownerMember.id).execute()).rejects.toThrow(
      /only owner/i,
    );
    await expect(
      db().updateTable("member").set({ role: "admin" }).where("id", "=", ownerMember.id).execute(),
    ).rejects.toThrow(/only owner/i);

    // The rule an account deletion must respect, named for the accounts feature.
    const ownerId = await userIdOf(t, owner.cookie);
    const orphaned = await organizationsLeftWithoutOwner(db(), ownerId);
    expect(orphaned.map((o) => o.id)).toContain(org.id);
    await db().updateTable("member").set({ role: "owner" }).where("id", "=", `direct-${ids[0]}`).execute();
    expect((await organizationsLeftWithoutOwner(db(), ownerId)).map((o) => o.id)).not.toContain(org.id);
  });
});
