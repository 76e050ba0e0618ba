import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  createOrganization,
  dbDate,
  invite,
  rawDb,
  seedMembers,
  userIdOf,
} from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified } from "../support/users.ts";

describe(`organization lists: complete or explicitly paged (${testDatabase})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpVerified>>;
  let bigOrg: { id: string; slug: string };
  const db = () => rawDb(t);

  beforeAll(async () => {
    // Seeded rows bypass the API, but not the database's membership-limit trigger.
    t = await startTestApp({ MEMBERSHIP_LIMIT: "100000" });
    owner = await signUpVerified(t);
    bigOrg = await createOrganization(t, owner.cookie, { name: "Big" });
    await seedMembers(t, bigOrg.id, 2500, "Seeded");
  });
  afterAll(() => t.close());

  it("organization/list returns every organization of the user (stock stops at 100)", async () => {
    const userId = await userIdOf(t, owner.cookie);
    const now = dbDate(t);
    const orgs = Array.from({ length: 150 }, (_, i) => ({
      id: `bulk-org-${i}`,
      name: `Bulk ${String(i).padStart(3, "0")}`,
      slug: `bulk-${i}`,
      createdAt: now,
    }));
    await db().insertInto("organization").values(orgs).execute();
    await db()
      .insertInto("member")
      .values(
        orgs.map((o) => ({
          id: `bulk-m-${o.id}`,
          organizationId: o.id,
          userId,
          role: "owner",
          createdAt: now,
        })),
      )
      .execute();
    const res = await api(t, "/organization/list", owner.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(151);
    expect(res.body[0]).toMatchObject({ id: bigOrg.id, name: "Big", slug: bigOrg.slug, role: "owner" });
  });

  it("pages members with a total, searches name or email, and refuses out-of-range paging", async () => {
    const page = await api(
      t,
      `/organization/list-members?organizationId=${bigOrg.id}&limit=50&offset=100`,
      owner.cookie,
    );
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(2501);
    expect(page.body.members).toHaveLength(50);
    expect(page.body).toMatchObject({ limit: 50, offset: 100 });
    // Join order: the owner first, then the seeded members in the order they joined.
    expect(page.body.members[0].user.name).toBe("Seeded 00099");
    expect(page.body.members.at(-1).user.name).toBe("Seeded 00148");

    const byName = await api(
      t,
      `/organization/list-members?organizationSlug=${bigOrg.slug}&search=seeded%2000042`,
      owner.cookie,
    );
    expect(byName.body.total).toBe(1);
    expect(byName.body.members[0].user.name).toBe("Seeded 00042");
    const lastByName = await api(
      t,
      `/organization/list-members?organizationId=${bigOrg.id}&search=seeded&sortBy=name&sortDirection=desc&limit=2`,
      owner.cookie,
    );
    expect(lastByName.body.members.map((m: { user: { name: string } }) => m.user.name)).toEqual([
      "Seeded 02499",
      "Seeded 02498",
    ]);
    const byEmail = await api(
      t,
      `/organization/list-members?organizationId=${bigOrg.id}&search=${encodeURIComponent(owner.email.toUpperCase())}`,
      owner.cookie,
    );
    expect(byEmail.body.total).toBe(1);
    expect(byEmail.body.members[0].role).toBe("owner");
    const literal = await api(
      t,
      `/organization/list-members?organizationId=${bigOrg.id}&search=%25`,
      owner.cookie,
    );
    expect(literal.body.total).toBe(0);

    for (const bad of ["limit=0", "limit=201", "limit=abc", "offset=-1", "sortBy=password"]) {
      const res = await api(t, `/organization/list-members?organizationId=${bigOrg.id}&${bad}`, owner.cookie);
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toMatch(new RegExp(bad.split("=")[0] as string));
    }
  });

  it("answers a large organization without a 500 and says how much it left out", async () => {
    const full = await api(
      t,
      `/organization/get-full-organization?organizationId=${bigOrg.id}&membersLimit=200`,
      owner.cookie,
    );
    expect(full.status).toBe(200);
    expect(full.body.members).toHaveLength(200);
    expect(full.body.memberCount).toBe(2501);
    // Counted over every member, not the page: the web disables "Leave" for the only owner with it.
    expect(full.body.ownerCount).toBe(1);
    expect(full.body.teamCount).toBe(1);
    const last = await api(
      t,
      `/organization/list-members?organizationId=${bigOrg.id}&limit=200&offset=2400`,
      owner.cookie,
    );
    expect(last.body.members).toHaveLength(101);
  });

  it("pages invitations and teams as better-auth's arrays, with the total in X-Total-Count", async () => {
    const org = await createOrganization(t, owner.cookie);
    for (let i = 0; i < 3; i++) await invite(t, owner.cookie, org.id, createUser().email);
    for (const name of ["Alpha", "Beta"])
      await api(t, "/organization/create-team", owner.cookie, { organizationId: org.id, name });

    const invitations = await api(
      t,
      `/organization/list-invitations?organizationId=${org.id}&limit=2`,
      owner.cookie,
    );
    expect(invitations.status).toBe(200);
    expect(invitations.headers.get("x-total-count")).toBe("3");
    expect(invitations.body).toHaveLength(2);
    expect(invitations.body[0]).toMatchObject({
      status: "pending",
      expired: false,
      inviterName: owner.name,
    });
    const accepted = await api(
      t,
      `/organization/list-invitations?organizationId=${org.id}&status=accepted`,
      owner.cookie,
    );
    expect(accepted.headers.get("x-total-count")).toBe("0");
    expect(accepted.body).toEqual([]);

    const teams = await api(
      t,
      `/organization/list-teams?organizationId=${org.id}&limit=2&offset=1`,
      owner.cookie,
    );
    expect(teams.headers.get("x-total-count")).toBe("3");
    expect(teams.body.map((x: { name: string }) => x.name)).toEqual(["Beta", org.name].sort());
    const withCreator = (
      await api(t, `/organization/list-teams?organizationId=${org.id}`, owner.cookie)
    ).body.find((x: { name: string }) => x.name === org.name);
    expect(withCreator.memberCount).toBe(1);
  });
});
