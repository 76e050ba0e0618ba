import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createOrganization, invite, rawDb, seedMember, userIdOf } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified } from "../support/users.ts";

describe(`tenant isolation (${testDatabase})`, () => {
  let t: TestApp;
  const db = () => rawDb(t);

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** Everything of an organization an outsider could try to read or change. */
  async function snapshot(orgId: string) {
    const q = (table: string) =>
      db().selectFrom(table).selectAll().where("organizationId", "=", orgId).orderBy("id").execute();
    const teams = await q("team");
    const teamMembers = await db()
      .selectFrom("teamMember")
      .selectAll()
      .where(
        "teamId",
        "in",
        teams.map((x) => x.id as string),
      )
      .orderBy("id")
      .execute();
    return {
      organization: await db().selectFrom("organization").selectAll().where("id", "=", orgId).execute(),
      members: await q("member"),
      invitations: await q("invitation"),
      teams,
      teamMembers,
    };
  }

  it("an outsider, even the owner of another organization, reads and changes nothing by any id", async () => {
    const owner = await signUpVerified(t);
    const insider = await signUpVerified(t);
    const orgA = await createOrganization(t, owner.cookie, { name: "Victim" });
    const insiderMember = await seedMember(t, orgA.id, await userIdOf(t, insider.cookie), "member");
    const ownerMember = orgA.members[0];
    if (!ownerMember) throw new Error("no owner");
    const teamA = (
      await api(t, "/organization/create-team", owner.cookie, { organizationId: orgA.id, name: "Secret" })
    ).body;
    await api(t, "/organization/add-team-member", owner.cookie, {
      organizationId: orgA.id,
      teamId: teamA.id,
      userId: insiderMember.userId,
    });
    const invitationA = await invite(t, owner.cookie, orgA.id, createUser().email);

    const outsider = await signUpVerified(t);
    const orgB = await createOrganization(t, outsider.cookie, { name: "Attacker" });
    const before = await snapshot(orgA.id);

    const reads = [
      `/organization/get-full-organization?organizationId=${orgA.id}`,
      `/organization/get-full-organization?organizationSlug=${orgA.slug}`,
      `/organization/list-members?organizationId=${orgA.id}`,
      `/organization/list-members?organizationSlug=${orgA.slug}`,
      `/organization/list-invitations?organizationId=${orgA.id}`,
      `/organization/list-teams?organizationId=${orgA.id}`,
      `/organization/list-team-members?teamId=${teamA.id}`,
      `/organization/get-invitation?id=${invitationA.id}`,
      `/organization/get-active-member-role?organizationId=${orgA.id}&userId=${insiderMember.userId}`,
    ];
    for (const path of reads) {
      const res = await api(t, path, outsider.cookie);
      expect([400, 401, 403, 404], path).toContain(res.status);
      expect(JSON.stringify(res.body), path).not.toMatch(/Victim|Secret|@example\.test/);
    }

    const writes: [string, Record<string, unknown>][] = [
      ["/organization/set-active", { organizationId: orgA.id }],
      ["/organization/update", { organizationId: orgA.id, data: { name: "Pwned" } }],
      ["/organization/delete", { organizationId: orgA.id }],
      ["/organization/leave", { organizationId: orgA.id }],
      ["/organization/invite-member", { organizationId: orgA.id, email: createUser().email, role: "member" }],
      ["/organization/cancel-invitation", { invitationId: invitationA.id }],
      ["/organization/accept-invitation", { invitationId: invitationA.id }],
      ["/organization/reject-invitation", { invitationId: invitationA.id }],
      [
        "/organization/update-member-role",
        { organizationId: orgA.id, memberId: insiderMember.id, role: "admin" },
      ],
      [
        "/organization/update-member-role",
        { organizationId: orgB.id, memberId: insiderMember.id, role: "admin" },
      ],
      ["/organization/update-member-role", { memberId: ownerMember.id, role: "member" }],
      ["/organization/remove-member", { organizationId: orgA.id, memberIdOrEmail: insiderMember.id }],
      ["/organization/remove-member", { organizationId: orgB.id, memberIdOrEmail: insiderMember.id }],
      ["/organization/remove-member", { organizationId: orgB.id, memberIdOrEmail: ownerMember.id }],
      ["/organization/remove-member", { organizationId: orgB.id, memberIdOrEmail: owner.email }],
      ["/organization/create-team", { organizationId: orgA.id, name: "Intruders" }],
      ["/organization/update-team", { teamId: teamA.id, data: { name: "Pwned" } }],
      ["/organization/update-team", { teamId: teamA.id, data: { organizationId: orgB.id, name: "Pwned" } }],
      ["/organization/remove-team", { teamId: teamA.id, organizationId: orgB.id }],
      ["/organization/remove-team", { teamId: teamA.id, organizationId: orgA.id }],
      [
        "/organization/add-team-member",
        { teamId: teamA.id, userId: await userIdOf(t, outsider.cookie), organizationId: orgB.id },
      ],
      [
        "/organization/remove-team-member",
        { teamId: teamA.id, userId: insiderMember.userId, organizationId: orgB.id },
      ],
      [
        "/organization/remove-team-member",
        { teamId: teamA.id, userId: insiderMember.userId, organizationId: orgA.id },
      ],
      ["/organization/set-active-team", { teamId: teamA.id }],
    ];
    for (const [path, body] of writes) {
      const res = await api(t, path, outsider.cookie, body);
      expect([400, 401, 403, 404], `${path} ${JSON.stringify(body)}`).toContain(res.status);
    }
    expect(await snapshot(orgA.id)).toEqual(before);
    const session = await api(t, "/get-session", outsider.cookie);
    expect(session.body.session.activeOrganizationId).not.toBe(orgA.id);
  });
});
