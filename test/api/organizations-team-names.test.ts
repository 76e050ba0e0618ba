import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateTeamNames, TEAM_NAME_UNIQUE_INDEX } from "#server/features/organizations/team-names.ts";
import { freshDomain } from "../support/domains.ts";
import { api, createOrganization, dbDate, rawDb, seedMember, userIdOf } from "../support/organizations.ts";
import { SCIM_GROUP, scimCall, scimConnection, seedVerifiedDomain } from "../support/scim.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { signUpVerified } from "../support/users.ts";

describe(`one name per team within an organization (${testDatabase})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpVerified>>;
  const db = () => rawDb(t);
  const createTeam = (organizationId: string, name: string, cookie = owner.cookie) =>
    api(t, "/organization/create-team", cookie, { organizationId, name });
  const teamNames = async (organizationId: string) =>
    (await db().selectFrom("team").select("name").where("organizationId", "=", organizationId).execute())
      .map((r) => r.name)
      .sort();
  const insertTeam = (organizationId: string, name: string) =>
    db()
      .insertInto("team")
      .values({
        id: crypto.randomUUID(),
        name,
        organizationId,
        memberCount: 0,
        createdAt: dbDate(t),
        updatedAt: dbDate(t),
      })
      .execute();

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUpVerified(t);
  });
  afterAll(() => t.close());

  it("refuses a name the organization has, whatever its case and spaces, on create and on rename", async () => {
    const org = await createOrganization(t, owner.cookie, { name: "Acme" });
    const ops = await createTeam(org.id, "  Ops  ");
    expect(ops.status).toBe(200);
    expect(ops.body.name).toBe("Ops");

    for (const name of ["Ops", "ops", " OPS ", "acme"]) {
      const res = await createTeam(org.id, name);
      expect(res.status, name).toBe(400);
      expect(res.body.code).toBe("TEAM_NAME_ALREADY_TAKEN");
    }
    // Another organization has its own names.
    const other = await createOrganization(t, owner.cookie);
    expect((await createTeam(other.id, "Ops")).status).toBe(200);

    const support = await createTeam(org.id, "Support");
    const taken = await api(t, "/organization/update-team", owner.cookie, {
      teamId: support.body.id,
      data: { organizationId: org.id, name: "OPS" },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.code).toBe("TEAM_NAME_ALREADY_TAKEN");
    // A team may change the case of its own name.
    const recased = await api(t, "/organization/update-team", owner.cookie, {
      teamId: support.body.id,
      data: { organizationId: org.id, name: " SUPPORT " },
    });
    expect(recased.status).toBe(200);
    expect(recased.body.name).toBe("SUPPORT");
    expect(await teamNames(org.id)).toEqual(["Acme", "Ops", "SUPPORT"]);
  });

  it("tells only those who may make teams that a name is taken", async () => {
    const org = await createOrganization(t, owner.cookie);
    await createTeam(org.id, "Hidden");
    const member = await signUpVerified(t);
    await seedMember(t, org.id, await userIdOf(t, member.cookie), "member");
    const outsider = await signUpVerified(t);
    for (const cookie of [member.cookie, outsider.cookie]) {
      const res = await createTeam(org.id, "hidden", cookie);
      expect(res.status).toBe(403);
      expect(res.body.code).not.toBe("TEAM_NAME_ALREADY_TAKEN");
    }
  });

  it("lets one of two creations at once win; the database refuses a duplicate whoever writes it", async () => {
    const org = await createOrganization(t, owner.cookie);
    const results = await Promise.all(
      ["Race", "race", "RACE ", "Race", "rAce"].map((n) => createTeam(org.id, n)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("TEAM_NAME_ALREADY_TAKEN");
    }
    await expect(insertTeam(org.id, " race")).rejects.toMatchObject({
      body: { code: "TEAM_NAME_ALREADY_TAKEN" },
    });
    expect((await teamNames(org.id)).filter((n) => n.toLowerCase().trim() === "race")).toHaveLength(1);
  });

  it("a SCIM group named like a team someone made gets a team of its own, suffixed; that team is left alone", async () => {
    const org = await createOrganization(t, owner.cookie);
    const domain = freshDomain();
    await seedVerifiedDomain(t, org.id, domain);
    const { token } = await scimConnection(t, owner.cookie, org.id, { name: "Okta" });
    const manual = await createTeam(org.id, "Design");

    const group = await scimCall(t, token, "/Groups", {
      json: { schemas: [SCIM_GROUP], displayName: "design", members: [] },
    });
    expect(group.status).toBe(201);
    expect(await teamNames(org.id)).toContain("design (2)");
    const renamed = await scimCall(t, token, `/Groups/${group.body.id}`, {
      method: "PUT",
      json: { schemas: [SCIM_GROUP], displayName: "Design", members: [] },
    });
    expect(renamed.status).toBe(200);
    expect(await teamNames(org.id)).toEqual(expect.arrayContaining(["Design", "Design (2)"]));
    // A second sync keeps the name it found; the team made by hand survives the group.
    await scimCall(t, token, `/Groups/${group.body.id}`, {
      method: "PUT",
      json: { schemas: [SCIM_GROUP], displayName: "Design", members: [] },
    });
    expect((await teamNames(org.id)).filter((n) => n.startsWith("Design"))).toEqual(["Design", "Design (2)"]);
    expect((await scimCall(t, token, `/Groups/${group.body.id}`, { method: "DELETE" })).status).toBe(204);
    const left = await db()
      .selectFrom("team")
      .select("name")
      .where("id", "=", manual.body.id)
      .executeTakeFirst();
    expect(left?.name).toBe("Design");
  });

  it("the migration leaves teams named alike before the rule, and makes the index once they are renamed", async () => {
    const org = await createOrganization(t, owner.cookie);
    await sql`drop index ${sql.id(TEAM_NAME_UNIQUE_INDEX)}`.execute(db());
    try {
      await insertTeam(org.id, "Legacy");
      await insertTeam(org.id, "legacy");
      const warnings: unknown[] = [];
      const logger = { warn: (...args: unknown[]) => warnings.push(args) };
      await migrateTeamNames(db(), logger as never);
      expect(warnings).toHaveLength(1);
      expect(await teamNames(org.id)).toEqual(expect.arrayContaining(["Legacy", "legacy"]));
      // Without the index, the check still refuses a third.
      expect((await createTeam(org.id, "LEGACY")).body.code).toBe("TEAM_NAME_ALREADY_TAKEN");

      await db().updateTable("team").set({ name: "Legacy 2" }).where("name", "=", "legacy").execute();
    } finally {
      await migrateTeamNames(db());
    }
    await expect(insertTeam(org.id, "LEGACY 2")).rejects.toMatchObject({
      body: { code: "TEAM_NAME_ALREADY_TAKEN" },
    });
  });
});
