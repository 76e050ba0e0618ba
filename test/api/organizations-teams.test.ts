import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  createOrganization,
  dbDate,
  rawDb,
  seedMember,
  seedMembers,
  userIdOf,
} from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { signIn, signUpVerified } from "../support/users.ts";

describe(`teams and offboarding (${testDatabase})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpVerified>>;
  const db = () => rawDb(t);

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUpVerified(t);
  });
  afterAll(() => t.close());

  it("creates, lists, renames and removes teams; a team name needs a character, on create too", async () => {
    const org = await createOrganization(t, owner.cookie);
    for (const name of ["", "   "]) {
      const res = await api(t, "/organization/create-team", owner.cookie, { organizationId: org.id, name });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/team name/);
    }
    const created = await api(t, "/organization/create-team", owner.cookie, {
      organizationId: org.id,
      name: "Ops",
    });
    expect(created.status).toBe(200);
    const blank = await api(t, "/organization/update-team", owner.cookie, {
      teamId: created.body.id,
      data: { organizationId: org.id, name: "" },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toMatch(/team name/);
    const renamed = await api(t, "/organization/update-team", owner.cookie, {
      teamId: created.body.id,
      data: { organizationId: org.id, name: "Platform" },
    });
    expect(renamed.body.name).toBe("Platform");
    expect(
      (await api(t, `/organization/list-teams?organizationId=${org.id}`, owner.cookie)).headers.get(
        "x-total-count",
      ),
    ).toBe("2");

    const removed = await api(t, "/organization/remove-team", owner.cookie, {
      organizationId: org.id,
      teamId: created.body.id,
    });
    expect(removed.status).toBe(200);
    const defaultTeam = (await api(t, `/organization/list-teams?organizationId=${org.id}`, owner.cookie))
      .body[0];
    await api(t, "/organization/set-active-team", owner.cookie, { teamId: null });
    const last = await api(t, "/organization/remove-team", owner.cookie, {
      organizationId: org.id,
      teamId: defaultTeam.id,
    });
    expect(last.status).toBe(400);
    expect(last.body.message).toMatch(/unable to remove last team/i);
  });

  it("adds and removes team members; an admin outside the team can list them", async () => {
    const org = await createOrganization(t, owner.cookie);
    const admin = await signUpVerified(t);
    const member = await signUpVerified(t);
    await seedMember(t, org.id, await userIdOf(t, admin.cookie), "admin");
    const memberId = await userIdOf(t, member.cookie);
    await seedMember(t, org.id, memberId, "member");
    const team = (
      await api(t, "/organization/create-team", owner.cookie, { organizationId: org.id, name: "Support" })
    ).body;

    const added = await api(t, "/organization/add-team-member", admin.cookie, {
      organizationId: org.id,
      teamId: team.id,
      userId: memberId,
    });
    expect(added.status).toBe(200);
    const listed = await api(t, `/organization/list-team-members?teamId=${team.id}`, admin.cookie);
    expect(listed.status).toBe(200);
    expect(listed.headers.get("x-total-count")).toBe("1");
    expect(listed.body).toMatchObject([{ userId: memberId, user: { email: member.email } }]);
    expect((await api(t, `/organization/list-team-members?teamId=${team.id}`, member.cookie)).status).toBe(
      200,
    );

    const active = await api(t, "/organization/set-active", member.cookie, { organizationId: org.id });
    expect(active.status).toBe(200);
    expect((await api(t, "/organization/set-active-team", member.cookie, { teamId: team.id })).status).toBe(
      200,
    );

    const removed = await api(t, "/organization/remove-team-member", admin.cookie, {
      organizationId: org.id,
      teamId: team.id,
      userId: memberId,
    });
    expect(removed.status).toBe(200);
    const emptied = await api(t, `/organization/list-team-members?teamId=${team.id}`, admin.cookie);
    expect(emptied.headers.get("x-total-count")).toBe("0");
    expect(emptied.body).toEqual([]);
  });

  it("lists the members a team could take in, past the team's first page, and only for a team of the organization", async () => {
    const org = await createOrganization(t, owner.cookie);
    await seedMembers(t, org.id, 30, "Crew");
    const team = (
      await api(t, "/organization/create-team", owner.cookie, { organizationId: org.id, name: "Night shift" })
    ).body;
    const crew = await db()
      .selectFrom("member")
      .select("userId")
      .where("organizationId", "=", org.id)
      .where("role", "=", "member")
      .orderBy("createdAt")
      .execute();
    // 25 in the team: more than the team drawer's page of 20.
    const inTeam = crew.slice(0, 25).map((row) => row.userId);
    await db()
      .insertInto("teamMember")
      .values(inTeam.map((userId) => ({ id: `tm-${userId}`, teamId: team.id, userId, createdAt: dbDate(t) })))
      .execute();

    const list = (query: string) =>
      api(t, `/organization/list-members?organizationId=${org.id}&${query}`, owner.cookie);
    const all = await list("limit=100");
    expect(all.body.total).toBe(31);
    const outside = await list(`notInTeam=${team.id}&limit=20`);
    expect(outside.status).toBe(200);
    expect(outside.body.total).toBe(6);
    const offered = outside.body.members.map((m: { userId: string }) => m.userId);
    expect(offered).toHaveLength(6);
    expect(offered.filter((id: string) => inTeam.includes(id))).toEqual([]);
    expect(offered).toEqual(expect.arrayContaining(crew.slice(25).map((row) => row.userId)));
    const searched = await list(`notInTeam=${team.id}&search=crew`);
    expect(searched.body.total).toBe(5);

    const elsewhere = await createOrganization(t, owner.cookie);
    const otherTeam = (
      await api(t, "/organization/create-team", owner.cookie, { organizationId: elsewhere.id, name: "Ops" })
    ).body;
    for (const teamId of [otherTeam.id, "no-such-team"]) {
      const refused = await list(`notInTeam=${teamId}`);
      expect(refused.status, teamId).toBe(400);
      expect(refused.body.code).toBe("TEAM_NOT_FOUND");
    }
  });

  it("offboarding: who leaves or is removed loses their teams and the organization as active in every session", async () => {
    for (const how of ["leave", "remove"] as const) {
      const org = await createOrganization(t, owner.cookie);
      const user = await signUpVerified(t);
      const userId = await userIdOf(t, user.cookie);
      const membership = await seedMember(t, org.id, userId, "member");
      const team = (
        await api(t, "/organization/create-team", owner.cookie, { organizationId: org.id, name: "Crew" })
      ).body;
      await api(t, "/organization/add-team-member", owner.cookie, {
        organizationId: org.id,
        teamId: team.id,
        userId,
      });
      const otherBrowser = await signIn(t, user);
      for (const cookie of [user.cookie, otherBrowser]) {
        await api(t, "/organization/set-active", cookie, { organizationId: org.id });
        await api(t, "/organization/set-active-team", cookie, { teamId: team.id });
      }

      const res =
        how === "leave"
          ? await api(t, "/organization/leave", user.cookie, { organizationId: org.id })
          : await api(t, "/organization/remove-member", owner.cookie, {
              organizationId: org.id,
              memberIdOrEmail: membership.id,
            });
      expect(res.status, how).toBe(200);

      const teamRows = await db()
        .selectFrom("teamMember")
        .select("id")
        .where("userId", "=", userId)
        .execute();
      expect(teamRows, how).toHaveLength(0);
      for (const cookie of [user.cookie, otherBrowser]) {
        const session = (await api(t, "/get-session", cookie)).body.session;
        expect(session.activeOrganizationId ?? null, how).toBeNull();
        expect(session.activeTeamId ?? null, how).toBeNull();
      }
      expect((await api(t, `/organization/list-members?organizationId=${org.id}`, user.cookie)).status).toBe(
        403,
      );
    }
  });
});
