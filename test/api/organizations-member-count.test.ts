import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateMemberCounts } from "#server/features/organizations/member-count.ts";
import { addMember, api, createOrganization, rawDb, seedMembers } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { signUpVerified } from "../support/users.ts";

// list-members' total comes from a count kept by triggers (member-count.ts): it must equal the rows
// whatever writes them — the API, direct inserts, cascades — and heal at the next start if it drifts.
describe(`kept member counts (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const total = async (cookie: string, organizationId: string) =>
    (await api(t, `/organization/list-members?organizationId=${organizationId}&limit=1`, cookie)).body
      .total as number;
  const counted = async (organizationId: string) =>
    Number(
      (
        await rawDb(t)
          .selectFrom("member")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("organizationId", "=", organizationId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const kept = async (organizationId: string) =>
    (
      await rawDb(t)
        .selectFrom("gatehouse_member_count")
        .selectAll()
        .where("organizationId", "=", organizationId)
        .executeTakeFirst()
    )?.members;

  it("follows joins, removals, leaving, deleted users and direct inserts", async () => {
    const owner = await signUpVerified(t);
    const org = await createOrganization(t, owner.cookie);
    expect(await total(owner.cookie, org.id)).toBe(1);

    const a = await signUpVerified(t);
    const b = await signUpVerified(t);
    const c = await signUpVerified(t);
    const memberA = await addMember(t, owner.cookie, org.id, a);
    await addMember(t, owner.cookie, org.id, b);
    await addMember(t, owner.cookie, org.id, c);
    await seedMembers(t, org.id, 5);
    expect(await total(owner.cookie, org.id)).toBe(9);

    const removed = await api(t, "/organization/remove-member", owner.cookie, {
      organizationId: org.id,
      memberIdOrEmail: memberA.id,
    });
    expect(removed.status).toBe(200);
    const left = await api(t, "/organization/leave", b.cookie, { organizationId: org.id });
    expect(left.status).toBe(200);
    const deleted = await t.request("/api/auth/delete-user", {
      cookie: c.cookie,
      json: { password: c.password },
    });
    expect(deleted.status).toBe(200);
    expect(await total(owner.cookie, org.id)).toBe(6);
    expect(await counted(org.id)).toBe(6);

    // A refused write (the last owner cannot leave) changes nothing.
    const refused = await api(t, "/organization/leave", owner.cookie, { organizationId: org.id });
    expect(refused.status).toBe(400);
    expect(await total(owner.cookie, org.id)).toBe(6);
  });

  it("forgets a deleted organization and heals a drifted count at the next start", async () => {
    const owner = await signUpVerified(t);
    const gone = await createOrganization(t, owner.cookie);
    await seedMembers(t, gone.id, 3);
    expect(await kept(gone.id)).toBe(4);
    const res = await api(t, "/organization/delete", owner.cookie, { organizationId: gone.id });
    expect(res.status).toBe(200);
    expect(await kept(gone.id)).toBeUndefined();

    const org = await createOrganization(t, owner.cookie);
    await seedMembers(t, org.id, 2);
    await rawDb(t)
      .updateTable("gatehouse_member_count")
      .set({ members: 99 })
      .where("organizationId", "=", org.id)
      .execute();
    expect(await total(owner.cookie, org.id)).toBe(99);
    await t.server.database.db
      .transaction()
      .execute((trx) => migrateMemberCounts(trx, t.server.database.kind));
    expect(await total(owner.cookie, org.id)).toBe(3);
  });
});
